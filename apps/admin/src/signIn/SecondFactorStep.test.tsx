import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fillIn } from '../testing/form';
import type { CodeOutcome } from './SecondFactorStep';
import { SignInPage } from './SignInPage';

const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/x',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-fgh${index + 2}k`);

const signInWithStep = async (enrolment: typeof ENROLMENT | null, answers: CodeOutcome[]) => {
  const onCode = vi.fn(async () => answers.shift() ?? { refusal: '没有更多答复' });
  const onSignedIn = vi.fn();
  render(
    <SignInPage
      onSignIn={async () => ({ secondFactor: { ticket: 'ticket-1', enrolment } })}
      onCode={onCode}
      onSignedIn={onSignedIn}
    />,
  );
  const user = userEvent.setup();
  await fillIn(user, '用户名', 'editor');
  await fillIn(user, '密码', 'Secret-pass-1');
  await user.click(screen.getByRole('button', { name: '登录' }));
  await screen.findByLabelText('动态口令');
  return { user, onCode, onSignedIn };
};

describe('the console sign-in’s second step', () => {
  it('asks an enrolled account for its code after the password, shows a wrong code’s refusal, and signs in', async () => {
    const { user, onCode, onSignedIn } = await signInWithStep(null, [
      { refusal: '动态口令或恢复码不正确' },
      { recoveryCodes: null },
    ]);
    expect(screen.queryByRole('img', { name: '动态口令绑定二维码' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '验证' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入动态口令');
    expect(onCode).not.toHaveBeenCalled();

    await fillIn(user, '动态口令', '123456');
    await user.click(screen.getByRole('button', { name: '验证' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('动态口令或恢复码不正确');
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '验证' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(onCode).toHaveBeenLastCalledWith('ticket-1', '123456');
  });

  it('enrols an account without a second factor: QR and secret, then the ten recovery codes once', async () => {
    const { user, onCode, onSignedIn } = await signInWithStep(ENROLMENT, [{ recoveryCodes: CODES }]);
    expect(screen.getByRole('heading', { name: '绑定动态口令' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '动态口令绑定二维码' }).getAttribute('src')).toMatch(
      /^data:image\/svg\+xml/,
    );
    expect(screen.getByText(ENROLMENT.secret)).toBeInTheDocument();
    await fillIn(user, '动态口令', '654321');
    await user.click(screen.getByRole('button', { name: '验证' }));
    const list = await screen.findByRole('list', { name: '恢复码' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(onCode).toHaveBeenCalledWith('ticket-1', '654321');
    // The console opens only once the codes were acknowledged.
    expect(onSignedIn).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '我已保存，进入管理台' }));
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });
});
