import type { LoginResult } from '@lianmeng/core';
import { Alert, Button, Card, ConfigProvider, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useHydrated } from '../../shared/useHydrated';
import { usePageMessage } from '../../shared/usePageMessage';
import { AccountPage } from '../account/AccountPage';
import { checkStoredSession, chooseCard } from '../account/sessionActions';
import { CardLoginForm } from './CardLoginForm';
import { CardPicker } from './CardPicker';
import { PhoneLoginForm } from './PhoneLoginForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { useFinishLogin } from './useFinishLogin';

/** /login and /creditBank/login: card number + password, or phone + code; and "忘记密码" by SMS code. */
export const LoginPage = () => {
  const { save, leave } = useFinishLogin();
  const [mode, setMode] = useState<'login' | 'reset'>('login');
  const [tab, setTab] = useState('card');
  const [picking, setPicking] = useState<LoginResult | null>(null);
  const [notice, noticeHost] = usePageMessage();
  // The form arrives with the page's HTML, before its script: until the page is hydrated it stays disabled,
  // so an early Enter cannot make the browser submit the password itself.
  const hydrated = useHydrated();
  const { pathname, search, state } = useLocation();
  // The activation page sends the holder here with the card just activated.
  const activatedCardNo = (state as { activatedCardNo?: unknown } | null)?.activatedCardNo;
  const initialCardNo = typeof activatedCardNo === 'string' ? activatedCardNo : undefined;
  const ssoReturn = new URLSearchParams(search).has('ssoReturn');

  // A partner site sends a card holder here to sign in; one who is already logged in (with a token that still
  // lives) goes back at once instead of logging in a second time.
  useEffect(() => {
    if (!hydrated || !ssoReturn) return;
    let live = true;
    void checkStoredSession().then((loggedIn) => {
      if (live && loggedIn) void leave();
    });
    return () => {
      live = false;
    };
  }, [hydrated, ssoReturn, leave]);
  const pageTitle = pathname.startsWith('/creditBank') ? '学分银行登录' : '登录';

  const loggedInByCard = async (result: LoginResult) => {
    save(result, 'card');
    await leave();
  };
  const loggedInByPhone = async (result: LoginResult) => {
    save(result, 'phone');
    if ((result.cardNoOfData?.length ?? 0) > 1) setPicking(result);
    else await leave();
  };

  return (
    <AccountPage title={mode === 'login' ? pageTitle : '找回密码'} crumbs={[{ title: pageTitle }]} narrow>
      {noticeHost}
      {initialCardNo && mode === 'login' && (
        <Alert type="success" showIcon title="学分卡已激活，请使用刚设置的密码登录" style={{ marginBottom: 16 }} />
      )}
      <ConfigProvider componentDisabled={!hydrated}>
        <Card>
          {mode === 'login' ? (
            <>
              <Tabs
                // With an id each tab names its panel (aria-controls), as the ARIA tab pattern asks.
                id="login-tabs"
                activeKey={tab}
                onChange={setTab}
                items={[
                  {
                    key: 'card',
                    label: '卡号登录',
                    disabled: !hydrated,
                    children: <CardLoginForm onLoggedIn={loggedInByCard} initialCardNo={initialCardNo} />,
                  },
                  {
                    key: 'phone',
                    label: '手机号登录',
                    disabled: !hydrated,
                    children: <PhoneLoginForm onLoggedIn={loggedInByPhone} />,
                  },
                ]}
              />
              <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}>
                <Button type="link" onClick={() => setMode('reset')} style={{ paddingLeft: 0 }}>
                  忘记密码
                </Button>
                <Link to="/creditBank/activate">首次使用？激活学分卡</Link>
              </div>
            </>
          ) : (
            <ResetPasswordForm
              onDone={() => {
                void notice.success('密码已重置，请使用新密码登录');
                setMode('login');
                setTab('card');
              }}
              onCancel={() => setMode('login')}
            />
          )}
        </Card>
      </ConfigProvider>
      {picking && (
        <CardPicker
          cards={picking.cardNoOfData ?? []}
          initial={picking.ucUserInfo.cardNo}
          onPick={async (cardNo) => {
            if (await chooseCard(cardNo)) {
              setPicking(null);
              await leave();
            }
          }}
        />
      )}
    </AccountPage>
  );
};

export default LoginPage;
