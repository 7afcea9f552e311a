import { api, CAPTCHA_REFUSED_MESSAGE, CAPTCHA_REQUIRED_MESSAGE } from '@lianmeng/core';
import { captchaNumberOf, failure, mockCall, mockCaptcha } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorModalHost } from '../../layout/errors/ErrorModalHost';
import { loginResult, renderAt } from '../account/testing';
import { LoginPage } from './LoginPage';

vi.mock('jsencrypt', () => ({
  default: class {
    setPublicKey() {}
    encryptOAEP() {
      return 'd3JhcHBlZA==';
    }
  },
}));

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const server = setupServer(mockCall(api.uc.publicKey, () => ({ publicKey: '-----BEGIN PUBLIC KEY-----' })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Each test numbers its challenges from 1.
beforeEach(() => server.use(mockCaptcha()));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/creditBank/info', element: <p>学分页面</p> },
];

const formOf = async (request: Request) => Object.fromEntries(new URLSearchParams(await request.text()));

/** Which challenge is on screen (the mock numbers them). */
const imageNumber = () => captchaNumberOf(screen.queryByRole('img', { name: /图形验证码图片/ })?.getAttribute('src'));
const showsChallenge = (number: string) => waitFor(() => expect(imageNumber()).toBe(number));

describe('the image challenge before an SMS code', () => {
  it('is shown in the phone log-in; no code is sent without its answer, and each send uses it up', async () => {
    const sends: Record<string, string>[] = [];
    server.use(
      mockCall(api.uc.sendCode, async ({ request }) => {
        sends.push(await formOf(request));
        return { cooldownSeconds: 60 };
      }),
    );
    renderAt('/login', routes);
    await userEvent.click(screen.getByRole('tab', { name: '手机号登录' }));
    await showsChallenge('1');
    expect(screen.getByLabelText('图形验证码')).toHaveAttribute('maxlength', '4');
    fill('手机号', '13800000000');
    await userEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('请先输入图形验证码')).toBeInTheDocument();
    expect(sends).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: '换一张图形验证码' }));
    await showsChallenge('2');
    fill('图形验证码', 'k7m3');
    await userEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]).toEqual({
      phone: '13800000000',
      captchaId: 'challenge-number-2',
      captchaCode: 'k7m3',
      captchaProof: expect.any(String),
    });
    // Beside the typed characters goes the solved proof of work of the challenge on screen.
    const payload = JSON.parse(atob(sends[0]?.captchaProof ?? ''));
    expect(payload.challenge.parameters.data).toEqual({ captchaId: 'challenge-number-2' });
    expect(payload.solution.derivedKey).toMatch(/^0[0-9a-f]{63}$/);
    // The answered challenge is used up: a new one is on screen and the box is empty.
    await showsChallenge('3');
    expect(screen.getByLabelText('图形验证码')).toHaveValue('');
  });

  it('shows a new challenge after a wrong answer', async () => {
    server.use(mockCall(api.uc.sendCode, () => failure(400, CAPTCHA_REFUSED_MESSAGE)));
    renderAt('/login', routes);
    await userEvent.click(screen.getByRole('button', { name: '忘记密码' }));
    await showsChallenge('1');
    fill('手机号', '13800000000');
    fill('图形验证码', 'WRNG');
    await userEvent.click(screen.getByTestId('send-code'));
    await showsChallenge('2');
    expect(screen.getByLabelText('图形验证码')).toHaveValue('');
    expect(screen.getByTestId('send-code')).toHaveTextContent('获取验证码');
  });

  it('shows no challenge when the site has them switched off', async () => {
    const sends: Record<string, string>[] = [];
    server.use(
      mockCaptcha({ required: false }),
      mockCall(api.uc.sendCode, async ({ request }) => {
        sends.push(await formOf(request));
        return { cooldownSeconds: 60 };
      }),
    );
    renderAt('/login', routes);
    await userEvent.click(screen.getByRole('tab', { name: '手机号登录' }));
    fill('手机号', '13800000000');
    await userEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(sends).toEqual([{ phone: '13800000000' }]));
    expect(screen.queryByLabelText('图形验证码')).toBeNull();
  });
});

describe('the image challenge after repeated failures', () => {
  it('appears in the card log-in when the server asks for it, and its answer travels beside the sealed form', async () => {
    const forms: Record<string, string>[] = [];
    server.use(
      mockCall(api.uc.validateCardByPass, async ({ request }) => {
        forms.push(await formOf(request));
        return forms.length === 1 ? failure(400, CAPTCHA_REQUIRED_MESSAGE) : loginResult();
      }),
    );
    renderAt('/login', routes);
    expect(screen.queryByLabelText('图形验证码')).toBeNull();
    fill('卡号', '10000001');
    fill('密码', 'Secret-pass-1');
    await userEvent.click(screen.getByTestId('card-login-submit'));
    await showsChallenge('1');
    expect(Object.keys(forms[0] ?? {}).sort()).toEqual(['aesKey', 'data', 'timestamp']);

    await userEvent.click(screen.getByTestId('card-login-submit'));
    expect(await screen.findByText('请输入图形验证码')).toBeInTheDocument();
    expect(forms).toHaveLength(1);
    fill('图形验证码', 'AB34');
    await userEvent.click(screen.getByTestId('card-login-submit'));
    expect(await screen.findByText('学分页面')).toBeInTheDocument();
    expect(forms[1]).toMatchObject({ captchaId: 'challenge-number-1', captchaCode: 'AB34' });
    expect(Object.keys(forms[1] ?? {}).sort()).toEqual([
      'aesKey',
      'captchaCode',
      'captchaId',
      'captchaProof',
      'data',
      'timestamp',
    ]);
  });

  it('shows a refusal for a missing or wrong answer under the field, never as the error modal; other refusals still open it', async () => {
    const answers = [
      failure(400, CAPTCHA_REQUIRED_MESSAGE),
      failure(400, CAPTCHA_REFUSED_MESSAGE),
      failure(401, '卡号或密码不正确'),
    ];
    server.use(mockCall(api.uc.validateCardByPass, () => answers.shift() ?? loginResult()));
    // Loaded before it is needed, so a modal opened by mistake would be on screen by the checks below.
    await import('../../layout/errors/ErrorDialog');
    renderAt('/login', [
      {
        path: '/login',
        element: (
          <>
            <ErrorModalHost />
            <LoginPage />
          </>
        ),
      },
    ]);
    fill('卡号', '10000001');
    fill('密码', 'Secret-pass-1');
    await userEvent.click(screen.getByTestId('card-login-submit'));
    await showsChallenge('1');
    expect(await screen.findByText(CAPTCHA_REQUIRED_MESSAGE)).toBeInTheDocument();

    fill('图形验证码', 'WRNG');
    await userEvent.click(screen.getByTestId('card-login-submit'));
    await showsChallenge('2');
    expect(await screen.findByText(CAPTCHA_REFUSED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('图形验证码')).toHaveValue('');
    expect(screen.queryByRole('dialog')).toBeNull();

    fill('图形验证码', 'AB34');
    await userEvent.click(screen.getByTestId('card-login-submit'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('提示信息');
    expect(dialog).toHaveTextContent('卡号或密码不正确');
  });

  it('goes with the phone log-in when typed', async () => {
    const logins: Record<string, string>[] = [];
    server.use(
      mockCall(api.uc.loginByPhoneAndCode, async ({ request }) => {
        logins.push(await formOf(request));
        return loginResult();
      }),
    );
    renderAt('/login', routes);
    await userEvent.click(screen.getByRole('tab', { name: '手机号登录' }));
    await showsChallenge('1');
    fill('手机号', '13800000000');
    fill('验证码', '123456');
    fill('图形验证码', 'xy34');
    await userEvent.click(screen.getByTestId('phone-login-submit'));
    await waitFor(() => expect(logins).toHaveLength(1));
    expect(logins[0]).toEqual({
      phone: '13800000000',
      code: '123456',
      captchaId: 'challenge-number-1',
      captchaCode: 'xy34',
      captchaProof: expect.any(String),
    });
  });
});
