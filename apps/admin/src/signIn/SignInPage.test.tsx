import { CAPTCHA_REQUIRED_MESSAGE } from '@lianmeng/core';
import { captchaNumberOf, mockCaptcha } from '@lianmeng/core/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillIn } from '../testing/form';
import { type SignInCaptcha, SignInPage } from './SignInPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Each test numbers its challenges from 1.
beforeEach(() => server.use(mockCaptcha()));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const challengeOnScreen = () =>
  captchaNumberOf(screen.queryByRole('img', { name: /图形验证码图片/ })?.getAttribute('src'));

describe('the console sign-in page and the image challenge', () => {
  it('shows no challenge until the server asks for one, then sends its answer beside the password', async () => {
    const calls: SignInCaptcha[] = [];
    const onSignIn = vi.fn(async (_username: string, _password: string, captcha: SignInCaptcha) => {
      calls.push(captcha);
      return calls.length === 1 ? CAPTCHA_REQUIRED_MESSAGE : undefined;
    });
    render(<SignInPage onSignIn={onSignIn} />);
    const user = userEvent.setup();
    expect(screen.queryByLabelText('图形验证码')).toBeNull();
    await fillIn(user, '用户名', 'editor');
    await fillIn(user, '密码', 'Secret-pass-1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CAPTCHA_REQUIRED_MESSAGE);
    await waitFor(() => expect(challengeOnScreen()).toBe('1'));
    expect(calls).toEqual([{}]);

    // Without the answer nothing is sent.
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入图形验证码');
    expect(calls).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '换一张' }));
    await waitFor(() => expect(challengeOnScreen()).toBe('2'));
    await fillIn(user, '图形验证码', 'k7m3');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({
      captchaId: 'challenge-number-2',
      captchaCode: 'k7m3',
      captchaProof: expect.any(String),
    });
    // The proof of work beside it is the solved one of the challenge on screen, not of the first.
    const payload = JSON.parse(atob(calls[1]?.captchaProof ?? ''));
    expect(payload.challenge.parameters.data).toEqual({ captchaId: 'challenge-number-2' });
    expect(payload.solution.derivedKey).toMatch(/^0/);
  });

  it('shows a new challenge, with an empty box, after a refused try that carried one', async () => {
    const onSignIn = vi
      .fn<(username: string, password: string, captcha: SignInCaptcha) => Promise<string | undefined>>()
      .mockResolvedValueOnce(CAPTCHA_REQUIRED_MESSAGE)
      .mockResolvedValueOnce('用户名或密码不正确，或账号已停用');
    render(<SignInPage onSignIn={onSignIn} />);
    const user = userEvent.setup();
    await fillIn(user, '用户名', 'editor');
    await fillIn(user, '密码', 'wrong');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(challengeOnScreen()).toBe('1'));
    await fillIn(user, '图形验证码', 'AB34');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码不正确，或账号已停用');
    await waitFor(() => expect(challengeOnScreen()).toBe('2'));
    expect(screen.getByLabelText('图形验证码')).toHaveValue('');
  });
});
