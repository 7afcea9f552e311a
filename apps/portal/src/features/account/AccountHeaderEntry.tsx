import { ROUTES } from '@lianmeng/core';
import { WORKBENCH_PATHS } from '@lianmeng/core/session';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { UnreadBadge } from '../center/UnreadBadge';
import { logOut } from './sessionActions';
import { useCardSession } from './useCardSession';

/**
 * The header's account corner: who is logged in, the workbench an institution or operator account works at,
 * the personal centre with the unread message count, and log-out; or a log-in link.
 * Plain elements, no antd: the header is on every first visit and antd stays in the lazy chunks.
 */
export const AccountHeaderEntry = () => {
  const current = useCardSession();
  const navigate = useNavigate();
  const location = useLocation();
  if (!current) {
    return (
      <Link to={ROUTES.creditBankLogin} className="account-entry" data-testid="account-login">
        登录
      </Link>
    );
  }
  return (
    <span className="account-entry" data-testid="account-entry">
      <span>您好，{current.ucUserInfo.name}</span>
      {current.institution && <Link to={WORKBENCH_PATHS.institution}>机构工作台</Link>}
      {current.operator && <Link to={WORKBENCH_PATHS.review}>审核工作台</Link>}
      <Link to="/center">
        个人中心
        <UnreadBadge />
      </Link>
      <button
        type="button"
        className="link-button"
        onClick={async () => {
          await logOut(`${location.pathname}${location.search}`);
          navigate(ROUTES.index);
        }}
      >
        退出登录
      </button>
    </span>
  );
};
