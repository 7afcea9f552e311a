import type { Institution } from '@lianmeng/core';
import { StatusConfirmButton } from '../../components/StatusConfirmButton';

/**
 * Disables or enables an institution: a disabled institution's accounts stop working at once, and no card,
 * roster or record changes.
 */
export const StatusToggleButton = () => (
  <StatusConfirmButton<Institution>
    resource="institutions"
    noun="机构"
    offStatus="disabled"
    explain={(record, disabling) =>
      disabling
        ? `停用后，该机构的 ${record.accountCount} 个机构账号立即不能使用（登录后不再是机构账号，工作台的操作被拒绝）；该机构的人员、开卡批次和学分记录都不会改变，重新启用即可恢复。`
        : '启用后，该机构的机构账号恢复使用。'
    }
  />
);
