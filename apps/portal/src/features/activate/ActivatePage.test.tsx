import { api, GUARDIAN_CONSENT } from '@lianmeng/core';
import { failure, mockCall, mockCaptcha } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAt } from '../account/testing';
import { LoginPage } from '../login/LoginPage';
import { ActivatePage } from './ActivatePage';

const CARD = '10000003';
const CODE = 'ABCD2345';
const PASSWORD = 'Robot-league-2026!';

type Form = Record<string, string>;
const sent: { check: Form[]; codes: Form[]; activate: Form[] } = { check: [], codes: [], activate: [] };
const formOf = async (request: Request) => Object.fromEntries(new URLSearchParams(await request.text()));

const answering = (needsGuardianConsent: boolean) => [
  mockCall(api.activation.check, async ({ request }) => {
    const form = await formOf(request);
    sent.check.push(form);
    if (form.code !== CODE || form.cardNo !== CARD) return failure(400, '卡号或激活码不正确');
    return { needsGuardianConsent, consentVersion: GUARDIAN_CONSENT.version };
  }),
  mockCall(api.activation.sendCode, async ({ request }) => {
    sent.codes.push(await formOf(request));
    return { cooldownSeconds: 60 };
  }),
  mockCall(api.activation.activate, async ({ request }) => {
    const form = await formOf(request);
    sent.activate.push(form);
    return { cardNo: form.cardNo ?? '' };
  }),
];

// The image challenge has its own tests; here the site has it switched off.
const server = setupServer(
  mockCaptcha({ required: false }),
  mockCall(api.uc.publicKey, () => ({ publicKey: '-----BEGIN PUBLIC KEY-----' })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.check.length = 0;
  sent.codes.length = 0;
  sent.activate.length = 0;
});
afterAll(() => server.close());

const routes = [
  { path: '/creditBank/activate', element: <ActivatePage /> },
  { path: '/creditBank/login', element: <LoginPage /> },
];

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

const passCardStep = async (code = CODE) => {
  fill('卡号', CARD);
  fill('激活码', code);
  await userEvent.click(screen.getByTestId('activate-check'));
};

/** The guardian's name, relation and phone, on the phone step of a holder under 14. */
const fillGuardian = async (name: string, relation: string, phone: string) => {
  fill('监护人姓名', name);
  await userEvent.click(screen.getByLabelText('与学生的关系'));
  await userEvent.click(await screen.findByTitle(relation));
  fill('监护人手机号', phone);
};

const setPassword = async () => {
  fill('新密码', PASSWORD);
  fill('确认新密码', PASSWORD);
  await userEvent.click(screen.getByTestId('activate-submit'));
};

describe('ActivatePage', () => {
  it('an adult holder: card and code, phone and SMS code, password; then the log-in with the card filled in', async () => {
    server.use(...answering(false));
    renderAt('/creditBank/activate', routes);
    expect(screen.getByRole('heading', { level: 1, name: '激活学分卡' })).toBeInTheDocument();
    await passCardStep('abcd-2345');
    await screen.findByRole('form', { name: '验证手机号' });
    expect(sent.check).toEqual([{ cardNo: CARD, code: CODE }]);
    expect(screen.queryByText('监护人同意')).not.toBeInTheDocument();

    fill('手机号', '13900000001');
    await userEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(sent.codes).toEqual([{ cardNo: CARD, code: CODE, phone: '13900000001' }]));
    fill('验证码', '246810');
    await userEvent.click(screen.getByTestId('activate-phone-next'));
    await screen.findByRole('form', { name: '设置密码' });
    await setPassword();

    expect(await screen.findByText('学分卡已激活，请使用刚设置的密码登录')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/creditBank\/login$/);
    expect(screen.getByLabelText('卡号')).toHaveValue(CARD);
    expect(sent.activate).toEqual([
      { cardNo: CARD, code: CODE, phone: '13900000001', smsCode: '246810', password: PASSWORD },
    ]);
  });

  it('a link fills the card number and code in, and they leave the address bar', async () => {
    server.use(...answering(false));
    renderAt(`/creditBank/activate#cardNo=${CARD}&code=${CODE}`, routes);
    await waitFor(() => expect(screen.getByLabelText('激活码')).toHaveValue(CODE));
    expect(screen.getByLabelText('卡号')).toHaveValue(CARD);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/creditBank\/activate$/);
  });

  it('says in Chinese when the card number or code is wrong, and stays on the first step', async () => {
    server.use(...answering(false));
    renderAt('/creditBank/activate', routes);
    await passCardStep('WXYZ2345');
    expect(await screen.findByRole('alert')).toHaveTextContent('卡号或激活码不正确');
    expect(screen.getByTestId('activate-check')).toBeInTheDocument();
    fill('激活码', 'short');
    expect(await screen.findByText('激活码为 8 位字母或数字，请核对后重新输入')).toBeInTheDocument();
  });

  it.each([['激活码已使用'], ['激活码已过期，请联系所在机构重新发放']])(
    'shows the refusal %s as the server words it',
    async (message) => {
      server.use(mockCall(api.activation.check, () => failure(400, message)));
      renderAt('/creditBank/activate', routes);
      await passCardStep();
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    },
  );

  it('a holder under 14: the guardian consents with name, relation, a verified phone and the text agreed', async () => {
    server.use(...answering(true));
    renderAt('/creditBank/activate', routes);
    await passCardStep();
    await screen.findByRole('form', { name: '监护人同意' });
    expect(screen.getByTestId('consent-text')).toHaveTextContent(GUARDIAN_CONSENT.text);
    expect(screen.getByTestId('consent-text')).toHaveTextContent(`版本：${GUARDIAN_CONSENT.version}`);

    fill('手机号', '13900000001');
    fill('验证码', '246810');
    await fillGuardian('王芳', '母亲', '13900000002');
    await userEvent.click(screen.getByTestId('guardian-send-code'));
    await waitFor(() => expect(sent.codes.map((form) => form.phone)).toEqual(['13900000002']));
    fill('监护人手机验证码', '135790');
    // Consent not yet given: the page says so and goes nowhere.
    await userEvent.click(screen.getByTestId('activate-phone-next'));
    expect(await screen.findByText('请阅读监护人同意书并勾选同意')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '设置密码' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    await userEvent.click(screen.getByTestId('activate-phone-next'));
    await screen.findByRole('form', { name: '设置密码' });
    await setPassword();
    await screen.findByText('学分卡已激活，请使用刚设置的密码登录');
    expect(sent.activate).toEqual([
      {
        cardNo: CARD,
        code: CODE,
        phone: '13900000001',
        smsCode: '246810',
        password: PASSWORD,
        guardianName: '王芳',
        guardianRelation: '母亲',
        guardianPhone: '13900000002',
        guardianSmsCode: '135790',
        consentVersion: GUARDIAN_CONSENT.version,
      },
    ]);
  });

  it('a guardian whose phone is the one bound needs no second code', async () => {
    server.use(...answering(true));
    renderAt('/creditBank/activate', routes);
    await passCardStep();
    await screen.findByRole('form', { name: '监护人同意' });
    fill('手机号', '13900000001');
    fill('验证码', '246810');
    await fillGuardian('李强', '父亲', '13900000001');
    expect(await screen.findByTestId('guardian-same-phone')).toBeInTheDocument();
    expect(screen.queryByLabelText('监护人手机验证码')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    await userEvent.click(screen.getByTestId('activate-phone-next'));
    await screen.findByRole('form', { name: '设置密码' });
    await setPassword();
    await screen.findByText('学分卡已激活，请使用刚设置的密码登录');
    expect(sent.activate[0]).not.toHaveProperty('guardianSmsCode');
    expect(sent.activate[0]).toMatchObject({ guardianPhone: '13900000001', guardianRelation: '父亲' });
  });

  it('a refusal of the activation (consent missing on the server) is shown on the password step', async () => {
    // The first handler that matches answers.
    server.use(
      mockCall(api.activation.activate, () => failure(400, '未满 14 周岁须由监护人填写并同意监护人同意书')),
      ...answering(false),
    );
    renderAt('/creditBank/activate', routes);
    await passCardStep();
    await screen.findByRole('form', { name: '验证手机号' });
    fill('手机号', '13900000001');
    fill('验证码', '246810');
    await userEvent.click(screen.getByTestId('activate-phone-next'));
    await screen.findByRole('form', { name: '设置密码' });
    await setPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent('未满 14 周岁须由监护人填写并同意监护人同意书');
    expect(screen.getByTestId('location')).toHaveTextContent('/creditBank/activate');
  });
});
