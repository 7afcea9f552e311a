import { api, SMS_CODE_RULES } from '@lianmeng/core';
import { ALL_SESSION_KEYS, REDIRECT_URL_KEY } from '@lianmeng/core/session';
import { failure, mockCall, mockCaptcha } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CallFailure, errorBus } from '../../app/errorBus';
import { HOLDER, logInAs, loginResult, renderAt, SECOND_HOLDER } from '../account/testing';
import { LoginPage } from './LoginPage';
import { leaveSite } from './useFinishLogin';

// The RSA wrap is tested in core against Node's decryption; here only what the form sends matters.
vi.mock('jsencrypt', () => ({
  default: class {
    setPublicKey() {}
    encryptOAEP() {
      return 'd3JhcHBlZA==';
    }
  },
}));

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const pressEnter = (label: string) => userEvent.type(screen.getByLabelText(label), '{Enter}');

// These tests are about a site with the image challenge switched off; captcha.test.tsx covers it on.
const server = setupServer(
  mockCall(api.uc.publicKey, () => ({ publicKey: '-----BEGIN PUBLIC KEY-----' })),
  mockCaptcha({ required: false }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const routes = [
  { path: '/creditBank/login', element: <LoginPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/creditBank/info', element: <p>学分页面</p> },
  { path: '/center', element: <p>个人中心页面</p> },
];

const fillCard = (cardNo: string, password: string) => {
  fill('卡号', cardNo);
  fill('密码', password);
};

describe('card log-in', () => {
  it('sends the encrypted form, saves the session and lands on /creditBank/info', async () => {
    const forms: Record<string, string>[] = [];
    server.use(
      mockCall(api.uc.validateCardByPass, async ({ request }) => {
        forms.push(Object.fromEntries(new URLSearchParams(await request.text())));
        return loginResult();
      }),
    );
    renderAt('/creditBank/login', routes);
    fillCard('10000001', 'Secret-pass-1');
    await pressEnter('密码');
    expect(await screen.findByText('学分页面')).toBeInTheDocument();
    expect(forms).toHaveLength(1);
    expect(Object.keys(forms[0] ?? {}).sort()).toEqual(['aesKey', 'data', 'timestamp']);
    // The password never travels in clear.
    expect(JSON.stringify(forms)).not.toContain('Secret-pass-1');
    expect(localStorage.getItem('token')).toBe('token-abc');
    expect(localStorage.getItem('isLogin')).toBe('true');
    expect(localStorage.getItem('cardNoOfData')).toBeNull();
  });

  it('on a refusal: the failure reaches the error bus, the form stays with what was typed', async () => {
    server.use(mockCall(api.uc.validateCardByPass, () => failure(401, '卡号或密码不正确')));
    const failures: CallFailure[] = [];
    const unsubscribe = errorBus.subscribe((failureSeen) => failures.push(failureSeen));
    renderAt('/creditBank/login?backUrl=/center', routes);
    fillCard('10000001', 'Wrong-pass-1');
    await userEvent.click(screen.getByTestId('card-login-submit'));
    await waitFor(() => expect(failures).toHaveLength(1));
    unsubscribe();
    expect(failures[0]).toMatchObject({ status: 401, message: '卡号或密码不正确' });
    expect(screen.getByLabelText('卡号')).toHaveValue('10000001');
    expect(screen.getByLabelText('密码')).toHaveValue('Wrong-pass-1');
    expect(screen.getByTestId('location')).toHaveTextContent('/creditBank/login?backUrl=/center');
    for (const key of ALL_SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
  });

  it('says in Chinese what is missing or wrong, and sends nothing', async () => {
    renderAt('/login', routes);
    await userEvent.click(screen.getByTestId('card-login-submit'));
    expect(await screen.findByText('请输入卡号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    fill('卡号', '12ab');
    expect(await screen.findByText('卡号应为 8 到 20 位数字')).toBeInTheDocument();
  });

  it('goes to the stored redirect url first, and removes it', async () => {
    server.use(mockCall(api.uc.validateCardByPass, () => loginResult()));
    localStorage.setItem(REDIRECT_URL_KEY, '/center');
    renderAt('/creditBank/login?backUrl=/creditBank/info', routes);
    fillCard('10000001', 'Secret-pass-1');
    await pressEnter('密码');
    expect(await screen.findByText('个人中心页面')).toBeInTheDocument();
    expect(localStorage.getItem(REDIRECT_URL_KEY)).toBeNull();
  });
});

describe('phone log-in', () => {
  it('sends a code, counts down, and after the log-in lets the holder pick one of two cards', async () => {
    const sent: string[] = [];
    const chosen: { cardNo: string | null; token: string | null }[] = [];
    server.use(
      mockCall(api.uc.sendCode, async ({ request }) => {
        sent.push(new URLSearchParams(await request.text()).get('phone') ?? '');
        return { cooldownSeconds: SMS_CODE_RULES.resendSeconds };
      }),
      mockCall(api.uc.loginByPhoneAndCode, () => loginResult({ cardNoOfData: ['10000001', '10000002'] })),
      mockCall(api.uc.chooseCard, async ({ request }) => {
        const cardNo = new URLSearchParams(await request.text()).get('cardNo');
        chosen.push({ cardNo, token: request.headers.get('Authorization') });
        return SECOND_HOLDER;
      }),
    );
    renderAt('/creditBank/login', routes);
    await userEvent.click(screen.getByRole('tab', { name: '手机号登录' }));
    await userEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    expect(sent).toEqual([]);
    fill('手机号', '13800000000');
    await userEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(screen.getByTestId('send-code')).toHaveTextContent('60 秒后重新获取'));
    expect(screen.getByTestId('send-code')).toBeDisabled();
    expect(sent).toEqual(['13800000000']);

    fill('验证码', '123456');
    await pressEnter('验证码');
    expect(await screen.findByText('请选择要使用的卡号')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '10000002' }));
    await userEvent.click(screen.getByTestId('card-picker-confirm'));
    expect(await screen.findByText('学分页面')).toBeInTheDocument();
    // The token the phone log-in answered is bound to the picked card before it is stored.
    expect(chosen).toEqual([{ cardNo: '10000002', token: 'token-abc' }]);
    expect(localStorage.getItem('cardNo')).toBe('10000002');
    expect(JSON.parse(localStorage.getItem('cardNoOfData') ?? '[]')).toEqual(['10000001', '10000002']);
    expect(JSON.parse(localStorage.getItem('ucUserInfo') ?? '{}').cardNo).toBe('10000002');
  });

  it('keeps the picker open and the first card stored when the server refuses the chosen card', async () => {
    const failures: CallFailure[] = [];
    const unsubscribe = errorBus.subscribe((seen) => failures.push(seen));
    server.use(
      mockCall(api.uc.loginByPhoneAndCode, () => loginResult({ cardNoOfData: ['10000001', '10000002'] })),
      mockCall(api.uc.chooseCard, () => failure(403, '无权使用该卡号')),
    );
    renderAt('/creditBank/login', routes);
    await userEvent.click(screen.getByRole('tab', { name: '手机号登录' }));
    fill('手机号', '13800000000');
    fill('验证码', '123456');
    await pressEnter('验证码');
    await userEvent.click(await screen.findByRole('radio', { name: '10000002' }));
    await userEvent.click(screen.getByTestId('card-picker-confirm'));
    await waitFor(() => expect(failures.map((seen) => seen.message)).toContain('无权使用该卡号'));
    unsubscribe();
    expect(screen.getByText('请选择要使用的卡号')).toBeInTheDocument();
    expect(screen.queryByText('学分页面')).not.toBeInTheDocument();
    expect(localStorage.getItem('cardNo')).toBe('10000001');
  });
});

describe('forgotten password', () => {
  it('resets the password with a code and returns to the card log-in', async () => {
    const resets: Record<string, string>[] = [];
    server.use(
      mockCall(api.uc.sendCode, () => ({ cooldownSeconds: 60 })),
      mockCall(api.uc.resetPassword, async ({ request }) => {
        resets.push(Object.fromEntries(new URLSearchParams(await request.text())));
        return {};
      }),
    );
    renderAt('/login', routes);
    await userEvent.click(screen.getByRole('button', { name: '忘记密码' }));
    fill('手机号', HOLDER.phone);
    await userEvent.click(screen.getByTestId('send-code'));
    fill('验证码', '654321');
    fill('卡号', HOLDER.cardNo);
    fill('新密码', 'aaaaaaaa');
    expect(await screen.findByText(/密码太容易被猜到.*重复/)).toBeInTheDocument();
    fill('新密码', 'New-pass-2026');
    fill('确认新密码', 'New-pass-2027');
    await userEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    fill('确认新密码', 'New-pass-2026');
    await pressEnter('确认新密码');
    await waitFor(() => expect(resets).toHaveLength(1));
    expect(resets[0]).toEqual({
      phone: HOLDER.phone,
      code: '654321',
      cardNo: HOLDER.cardNo,
      newPassword: 'New-pass-2026',
    });
    expect(await screen.findByRole('tab', { name: '卡号登录' })).toBeInTheDocument();
    expect(screen.getByText('密码已重置，请使用新密码登录')).toBeInTheDocument();
  });
});

describe('single sign-on for a card holder who is already logged in', () => {
  const PARTNER = 'https://partner.example.org';
  const ssoPath = `/login?ssoReturn=${encodeURIComponent(`${PARTNER}/back?x=1`)}&source=partner-a&state=s%2B1`;

  it("asks once (以 李* 身份登录 partner？) and on one click goes back with the server's one-time code, never the token", async () => {
    logInAs();
    const leaving = vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    const checked: (string | null)[] = [];
    const asked: { body: unknown; token: string | null }[] = [];
    const back = `${PARTNER}/back?x=1&token=one-time-code&cardNo=${HOLDER.cardNo}&source=partner-a&state=s%2B1`;
    server.use(
      mockCall(api.uc.info, ({ request }) => {
        checked.push(request.headers.get('Authorization'));
        return HOLDER;
      }),
      mockCall(api.uc.ssoReturnOrigins, () => ({ ssoReturnOrigins: [`${PARTNER}/back`] })),
      mockCall(api.uc.ssoCode, async ({ request }) => {
        const body = Object.fromEntries(new URLSearchParams(await request.clone().text()));
        asked.push({ body, token: request.headers.get('Authorization') });
        return { url: back };
      }),
    );
    renderAt(ssoPath, routes);
    const question = await screen.findByRole('heading', { name: '以 李* 身份登录 partner.example.org？' });
    expect(question).toBeInTheDocument();
    // Nothing goes back before the holder says so, and the log-in form is out of the way.
    expect(leaving).not.toHaveBeenCalled();
    expect(screen.getByLabelText('卡号')).not.toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: '确认登录' }));
    await waitFor(() => expect(leaving).toHaveBeenCalledWith(back));
    expect(asked).toEqual([
      { body: { ssoReturn: `${PARTNER}/back?x=1`, source: 'partner-a', state: 's+1' }, token: 'token-abc' },
    ]);
    expect(leaving.mock.calls[0]?.[0]).not.toContain('token-abc');
    // The token was checked before the holder was asked.
    expect(checked).toEqual(['token-abc']);
    leaving.mockRestore();
  });

  it('offers another account instead: the log-in form, nothing handed over', async () => {
    logInAs();
    const leaving = vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    server.use(mockCall(api.uc.info, () => HOLDER));
    renderAt(ssoPath, routes);
    await userEvent.click(await screen.findByRole('button', { name: '使用其他账号' }));
    expect(await screen.findByLabelText('卡号')).toBeVisible();
    expect(screen.queryByRole('heading', { name: /身份登录/ })).toBeNull();
    expect(leaving).not.toHaveBeenCalled();
    leaving.mockRestore();
  });

  it('with a dead token stays to log in, the session cleared quietly', async () => {
    logInAs();
    const leaving = vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    const failures: CallFailure[] = [];
    const unsubscribe = errorBus.subscribe((failureSeen) => failures.push(failureSeen));
    server.use(mockCall(api.uc.info, () => failure(401, '登录已过期，请重新登录')));
    renderAt(ssoPath, routes);
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(screen.getByLabelText('卡号')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /身份登录/ })).toBeNull();
    expect(leaving).not.toHaveBeenCalled();
    expect(failures).toEqual([]);
    unsubscribe();
    leaving.mockRestore();
  });
});

describe('institution and operator accounts', () => {
  const workbenchRoutes = [
    ...routes,
    { path: '/creditBank/institution', element: <p>机构工作台页面</p> },
    { path: '/creditBank/review', element: <p>审核工作台页面</p> },
    { path: '/creditBank/activate', element: <p>激活页面</p> },
  ];

  /** An institution account logs in with its card number at `path`. */
  const institutionLogIn = async (path: string) => {
    server.use(
      mockCall(api.uc.validateCardByPass, () => loginResult({ ucUserInfo: { ...HOLDER, institution: true } })),
    );
    renderAt(path, workbenchRoutes);
    fillCard('10000001', 'Secret-pass-1');
    await pressEnter('密码');
  };

  it('an institution account lands on its workbench after the card log-in, its flags stored under their keys', async () => {
    await institutionLogIn('/creditBank/login');
    expect(await screen.findByText('机构工作台页面')).toBeInTheDocument();
    expect(localStorage.getItem('institution')).toBe('true');
    expect(localStorage.getItem('operator')).toBe('false');
  });

  it('an operator picked after a phone log-in lands on the review workbench', async () => {
    server.use(
      mockCall(api.uc.loginByPhoneAndCode, () => loginResult({ cardNoOfData: ['10000001', '10000002'] })),
      mockCall(api.uc.chooseCard, () => ({ ...SECOND_HOLDER, operator: true })),
    );
    renderAt('/creditBank/login', workbenchRoutes);
    await userEvent.click(screen.getByRole('tab', { name: '手机号登录' }));
    fill('手机号', '13800000000');
    fill('验证码', '123456');
    await pressEnter('验证码');
    expect(await screen.findByText('请选择要使用的卡号')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '10000002' }));
    await userEvent.click(screen.getByTestId('card-picker-confirm'));
    expect(await screen.findByText('审核工作台页面')).toBeInTheDocument();
    expect(localStorage.getItem('operator')).toBe('true');
  });

  it('where the account was going still wins over its workbench', async () => {
    await institutionLogIn('/creditBank/login?backUrl=/center');
    expect(await screen.findByText('个人中心页面')).toBeInTheDocument();
  });

  it('links to the activation of a new card', async () => {
    renderAt('/creditBank/login', workbenchRoutes);
    await userEvent.click(screen.getByRole('link', { name: '首次使用？激活学分卡' }));
    expect(await screen.findByText('激活页面')).toBeInTheDocument();
  });
});
