import type { CatalogueItem } from '@lianmeng/core';
import { StatusConfirmButton } from '../../components/StatusConfirmButton';

/**
 * Retires an item (or puts it back in use): a retired item takes no new records, and the records already made
 * under it keep it.
 */
export const RetireButton = () => (
  <StatusConfirmButton<CatalogueItem>
    resource="catalogue"
    noun="学分项目"
    offStatus="retired"
    explain={(_, retiring) =>
      retiring
        ? '停用后，机构不能再按该项目登记或导入学分；已登记的记录和持卡人的学分都不会改变，重新启用即可恢复登记。'
        : '启用后，机构可以按该项目登记学分。'
    }
  />
);
