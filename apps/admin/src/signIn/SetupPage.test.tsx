import { api } from '@lianmeng/core';
import { mockCall } from '@lianmeng/core/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fillIn } from '../testing/form';
import { SetupPage, setupTokenOf } from './SetupPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const TOKEN = 'a'.repeat(43);

describe('the first administrator’s set-up page', () => {
  it('reads the token from the link’s fragment only', () => {
    expect(setupTokenOf(`#/setup/${TOKEN}`)).toBe(TOKEN);
    expect(setupTokenOf('#/setup/')).toBeNull();
    expect(setupTokenOf(`#/articles/${TOKEN}`)).toBeNull();
  });

  it('creates the administrator with the token, then binds the second factor before the console opens', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockCall(api.consoleAuth.setup, async ({ request }) => {
        bodies.push(await request.json());
        return {
          secondFactor: {
            ticket: 'ticket-1',
            enrolment: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg/>' },
          },
        };
      }),
      mockCall(api.consoleAuth.secondFactor, () => ({
        id: 1,
        username: 'chief',
        displayName: '首任管理员',
        role: 'admin' as const,
        recoveryCodes: ['abcde-fghjk'],
      })),
    );
    const onSignedIn = vi.fn();
    render(<SetupPage token={TOKEN} onSignedIn={onSignedIn} />);
    const user = userEvent.setup();
    await fillIn(user, '用户名', 'chief');
    await fillIn(user, '姓名', '首任管理员');
    await fillIn(user, '密码', 'First-admin-pass-2026');
    await fillIn(user, '确认密码', 'First-admin-pass-2025');
    await user.click(screen.getByRole('button', { name: '创建管理员' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('两次输入的密码不一致');
    expect(bodies).toEqual([]);

    await user.clear(screen.getByLabelText('确认密码'));
    await fillIn(user, '确认密码', 'First-admin-pass-2026');
    await user.click(screen.getByRole('button', { name: '创建管理员' }));
    await screen.findByRole('heading', { name: '绑定动态口令' });
    expect(bodies).toEqual([
      { token: TOKEN, username: 'chief', displayName: '首任管理员', password: 'First-admin-pass-2026' },
    ]);
    await fillIn(user, '动态口令', '123456');
    await user.click(screen.getByRole('button', { name: '验证' }));
    await user.click(await screen.findByRole('button', { name: '我已保存，进入管理台' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  });
});
