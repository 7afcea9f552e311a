import { api } from '@lianmeng/core';
import { failure, mockCall, mockCaptcha } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../app/api';
import { HOLDER, loginResult, renderAt, SECOND_HOLDER } from '../account/testing';
import { LoginPage } from './LoginPage';

vi.mock('jsencrypt', () => ({
  default: class {
    setPublicKey() {}
    encryptOAEP() {
      return 'd3JhcHBlZA==';
    }
  },
}));

const INSTITUTION_ACCOUNT = { ...SECOND_HOLDER, institution: true };
const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/x',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};

const server = setupServer(
  mockCall(api.uc.publicKey, () => ({ publicKey: '-----BEGIN PUBLIC KEY-----' })),
  mockCaptcha({ required: false }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());

const routes = [
  { path: '/creditBank/login', element: <LoginPage /> },
  { path: '/creditBank/institution', element: <p>机构工作台页面</p> },
  { path: '/creditBank/info', element: <p>学分页面</p> },
];
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const logInWithPassword = async () => {
  renderAt('/creditBank/login', routes);
  fill('卡号', INSTITUTION_ACCOUNT.cardNo);
  fill('密码', 'Secret-pass-1');
  await userEvent.type(screen.getByLabelText('密码'), '{Enter}');
};

describe('the card log-in’s second step', () => {
  it('asks an institution account for its code: no session before it, a wrong one refused, the right one lands on the workbench', async () => {
    const codes: Record<string, string>[] = [];
    server.use(
      mockCall(api.uc.validateCardByPass, () => ({ secondFactor: { ticket: 'ticket-1', enrolment: null } })),
      mockCall(api.uc.secondFactor, async ({ request }) => {
        const form = Object.fromEntries(new URLSearchParams(await request.text()));
        codes.push(form);
        if (form.code !== '123456') return failure(401, '动态口令或恢复码不正确');
        return { ...loginResult({ ucUserInfo: INSTITUTION_ACCOUNT }), recoveryCodes: null };
      }),
    );
    await logInWithPassword();
    await screen.findByLabelText('动态口令');
    expect(session.read()).toBeNull();
    expect(screen.queryByRole('img', { name: '动态口令绑定二维码' })).toBeNull();

    fill('动态口令', '000000');
    await userEvent.click(screen.getByTestId('second-factor-submit'));
    await waitFor(() => expect(codes).toHaveLength(1));
    expect(session.read()).toBeNull();

    fill('动态口令', '123456');
    await userEvent.click(screen.getByTestId('second-factor-submit'));
    expect(await screen.findByText('机构工作台页面')).toBeInTheDocument();
    expect(codes.at(-1)).toEqual({ ticket: 'ticket-1', code: '123456' });
    expect(session.read()?.cardNo).toBe(INSTITUTION_ACCOUNT.cardNo);
  });

  it('enrols on the first log-in: QR and secret, then the recovery codes before the workbench', async () => {
    server.use(
      mockCall(api.uc.validateCardByPass, () => ({ secondFactor: { ticket: 'ticket-2', enrolment: ENROLMENT } })),
      mockCall(api.uc.secondFactor, () => ({
        ...loginResult({ ucUserInfo: INSTITUTION_ACCOUNT }),
        recoveryCodes: Array.from({ length: 10 }, (_, index) => `abcde-fgh${index + 2}k`),
      })),
    );
    await logInWithPassword();
    expect(await screen.findByRole('img', { name: '动态口令绑定二维码' })).toBeInTheDocument();
    expect(screen.getByTestId('second-factor-secret')).toHaveTextContent(ENROLMENT.secret);
    fill('动态口令', '654321');
    await userEvent.click(screen.getByTestId('second-factor-submit'));
    const list = await screen.findByRole('list', { name: '恢复码' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(screen.queryByText('机构工作台页面')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '我已保存，继续' }));
    expect(await screen.findByText('机构工作台页面')).toBeInTheDocument();
  });

  it('after a phone log-in, choosing an institution card asks for its code and then uses that card', async () => {
    server.use(
      mockCall(api.uc.loginByPhoneAndCode, () =>
        loginResult({ ucUserInfo: HOLDER, cardNoOfData: [HOLDER.cardNo, INSTITUTION_ACCOUNT.cardNo] }),
      ),
      mockCall(api.uc.chooseCard, () => ({ secondFactor: { ticket: 'ticket-3', enrolment: null } })),
      mockCall(api.uc.secondFactor, () => ({
        ...loginResult({
          token: 'token-institution',
          ucUserInfo: INSTITUTION_ACCOUNT,
          cardNoOfData: [HOLDER.cardNo, INSTITUTION_ACCOUNT.cardNo],
        }),
        recoveryCodes: null,
      })),
    );
    renderAt('/creditBank/login', routes);
    await userEvent.click(screen.getByRole('tab', { name: '手机号登录' }));
    fill('手机号', HOLDER.phone);
    fill('验证码', '246810');
    await userEvent.type(screen.getByLabelText('验证码'), '{Enter}');
    await screen.findByText('请选择要使用的卡号');
    await userEvent.click(screen.getByRole('radio', { name: INSTITUTION_ACCOUNT.cardNo }));
    await userEvent.click(screen.getByTestId('card-picker-confirm'));
    await screen.findByLabelText('动态口令');
    fill('动态口令', '135790');
    await userEvent.click(screen.getByTestId('second-factor-submit'));
    expect(await screen.findByText('机构工作台页面')).toBeInTheDocument();
    expect(session.read()).toMatchObject({ cardNo: INSTITUTION_ACCOUNT.cardNo, token: 'token-institution' });
  });
});
