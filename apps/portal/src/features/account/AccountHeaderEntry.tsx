import { ROUTES } from '@lianmeng/core';
import { Button, Space } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { logOut } from './sessionActions';
import { useCardSession } from './useCardSession';

/** The header's account corner: who is logged in, the personal centre and log-out; or a log-in link. */
export const AccountHeaderEntry = () => {
  const current = useCardSession();
  const navigate = useNavigate();
  if (!current) {
    return (
      <Link to={ROUTES.creditBankLogin} data-testid="account-login">
        登录
      </Link>
    );
  }
  return (
    <Space size="small" data-testid="account-entry">
      <span>您好，{current.ucUserInfo.name}</span>
      <Link to="/center">个人中心</Link>
      <Button
        type="link"
        size="small"
        onClick={async () => {
          await logOut();
          navigate(ROUTES.index);
        }}
      >
        退出登录
      </Button>
    </Space>
  );
};
