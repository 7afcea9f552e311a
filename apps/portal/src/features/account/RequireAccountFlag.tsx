import { Result } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AccountPage } from './AccountPage';
import { useCardSession } from './useCardSession';

const REFUSALS = {
  institution: { title: '机构工作台', message: '该页面仅供机构账号使用。如需开通，请联系联盟管理员。' },
  operator: { title: '审核工作台', message: '该页面仅供联盟审核员使用。' },
} as const;

/**
 * Inside the card-holder guard: a workbench only for an account with its flag (the chosen card's). The server
 * refuses the workbench's calls to anyone else; this only spares the holder a page of refusals.
 */
export const RequireAccountFlag = ({ flag, children }: { flag: 'institution' | 'operator'; children: ReactNode }) => {
  const current = useCardSession();
  if (current?.[flag]) return children;
  const refusal = REFUSALS[flag];
  return (
    <AccountPage title={refusal.title}>
      <Result
        status="403"
        title="无权访问"
        subTitle={refusal.message}
        extra={<Link to="/creditBank/info">返回学分银行</Link>}
      />
    </AccountPage>
  );
};
