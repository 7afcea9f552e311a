import {
  type CardLoginAnswer,
  isSecondFactorStep,
  type LoginResult,
  type SecondFactorStep as Step,
  type UcUserInfo,
} from '@lianmeng/core';
import type { LoginMethod } from '@lianmeng/core/session';
import { Alert, Button, Card, ConfigProvider, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { session } from '../../app/api';
import { useHydrated } from '../../shared/useHydrated';
import { usePageMessage } from '../../shared/usePageMessage';
import { AccountPage } from '../account/AccountPage';
import { checkStoredSession, chooseCard } from '../account/sessionActions';
import { CardLoginForm } from './CardLoginForm';
import { CardPicker } from './CardPicker';
import { PhoneLoginForm } from './PhoneLoginForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { SecondFactorStep } from './SecondFactorStep';
import { SsoConfirm } from './SsoConfirm';
import { useFinishLogin } from './useFinishLogin';

/** /login and /creditBank/login: card number + password, or phone + code; and "忘记密码" by SMS code. */
export const LoginPage = () => {
  const { save, leave } = useFinishLogin();
  const [mode, setMode] = useState<'login' | 'reset'>('login');
  const [tab, setTab] = useState('card');
  const [picking, setPicking] = useState<LoginResult | null>(null);
  const [step, setStep] = useState<{ step: Step['secondFactor']; method: LoginMethod } | null>(null);
  const [notice, noticeHost] = usePageMessage();
  // The form arrives with the page's HTML, before its script: until the page is hydrated it stays disabled,
  // so an early Enter cannot make the browser submit the password itself.
  const hydrated = useHydrated();
  const { pathname, search, state } = useLocation();
  // The activation page sends the holder here with the card just activated.
  const activatedCardNo = (state as { activatedCardNo?: unknown } | null)?.activatedCardNo;
  const initialCardNo = typeof activatedCardNo === 'string' ? activatedCardNo : undefined;
  const ssoReturn = new URLSearchParams(search).get('ssoReturn');
  const [ssoHolder, setSsoHolder] = useState<UcUserInfo | null>(null);

  // A partner site sends a card holder here to sign in; one who is already logged in (with a token that still
  // lives) is asked once whether to go back as that holder, instead of logging in a second time.
  useEffect(() => {
    if (!hydrated || !ssoReturn) return;
    let live = true;
    void checkStoredSession().then((loggedIn) => {
      const holder = session.read()?.ucUserInfo;
      if (live && loggedIn && holder) setSsoHolder(holder);
    });
    return () => {
      live = false;
    };
  }, [hydrated, ssoReturn]);
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
  // An institution or operator account answers with its code step first; the step's success is the log-in.
  const answered =
    (method: LoginMethod, loggedIn: (result: LoginResult) => Promise<void>) => (answer: CardLoginAnswer) =>
      isSecondFactorStep(answer) ? setStep({ step: answer.secondFactor, method }) : loggedIn(answer);
  const passedStep = async (result: LoginResult) => {
    const method = step?.method ?? 'card';
    setStep(null);
    // After a phone log-in the step was for the chosen card: the token is that card's, no picker again.
    if (method === 'phone') {
      save(result, 'phone');
      await leave();
    } else await loggedInByCard(result);
  };

  return (
    <AccountPage title={mode === 'login' ? pageTitle : '找回密码'} crumbs={[{ title: pageTitle }]} narrow>
      {noticeHost}
      {initialCardNo && mode === 'login' && (
        <Alert type="success" showIcon title="学分卡已激活，请使用刚设置的密码登录" style={{ marginBottom: 16 }} />
      )}
      {ssoHolder && ssoReturn && mode === 'login' && (
        <SsoConfirm
          holder={ssoHolder}
          ssoReturn={ssoReturn}
          onConfirm={leave}
          onOtherAccount={() => setSsoHolder(null)}
        />
      )}
      <ConfigProvider componentDisabled={!hydrated}>
        <Card hidden={ssoHolder !== null && mode === 'login'}>
          {step ? (
            <SecondFactorStep step={step.step} onLoggedIn={passedStep} onCancel={() => setStep(null)} />
          ) : mode === 'login' ? (
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
                    children: (
                      <CardLoginForm onLoggedIn={answered('card', loggedInByCard)} initialCardNo={initialCardNo} />
                    ),
                  },
                  {
                    key: 'phone',
                    label: '手机号登录',
                    disabled: !hydrated,
                    children: <PhoneLoginForm onLoggedIn={answered('phone', loggedInByPhone)} />,
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
            const chosen = await chooseCard(cardNo);
            if (typeof chosen === 'object') {
              setPicking(null);
              setStep({ step: chosen.secondFactor, method: 'phone' });
            } else if (chosen) {
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
