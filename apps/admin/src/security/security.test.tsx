import { api } from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleServerForFile, openConsoleAs, USERS } from '../testing/consoleScreen';
import { fillIn } from '../testing/form';

const server = consoleServerForFile();
const STATUS = { enrolled: false, required: false, recoveryCodesLeft: 0, mustChangePassword: false };

describe('账号安全', () => {
  it('sends an own password change with the current password, and refuses a confirmation that differs', async () => {
    const bodies: unknown[] = [];
    openConsoleAs(
      server,
      'staff',
      '/security',
      mockCall(api.consoleAuth.security, () => STATUS),
      mockCall(api.consoleAuth.changePassword, async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1 ? failure(400, '当前密码不正确') : {};
      }),
    );
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '修改密码' });
    await fillIn(user, '当前密码 *', 'Old-pass-1234');
    await fillIn(user, '新密码 *', 'New-pass-5678x');
    await fillIn(user, '确认新密码 *', 'Other-pass-999');
    await user.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('两次输入的新密码不一致')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.clear(screen.getByLabelText('确认新密码 *'));
    await fillIn(user, '确认新密码 *', 'New-pass-5678x');
    await user.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('当前密码不正确')).toBeInTheDocument();
    expect(bodies).toEqual([{ currentPassword: 'Old-pass-1234', newPassword: 'New-pass-5678x' }]);
  });

  it('opens on 账号安全 after an administrator’s reset, whatever page was asked for', async () => {
    openConsoleAs(
      server,
      'editor',
      '/articles',
      mockCall(api.consoleAuth.security, () => ({
        ...STATUS,
        required: true,
        enrolled: true,
        mustChangePassword: true,
      })),
    );
    // Who is signed in, as the server answers after the reset (ahead of the screen's ordinary answer).
    server.use(mockCall(api.consoleAuth.me, () => ({ ...USERS.editor, mustChangePassword: true })));
    expect(await screen.findByText('管理员已重置您的密码，请先修改密码后再使用管理台。')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/security'));
    expect(screen.getByText('已绑定，剩余恢复码 0 个。')).toBeInTheDocument();
  });

  it('binds a second factor for staff: password, QR, first code, then the recovery codes', async () => {
    openConsoleAs(
      server,
      'staff',
      '/security',
      mockCall(api.consoleAuth.security, () => STATUS),
      mockCall(api.consoleAuth.enrolStart, () => ({
        secondFactor: {
          ticket: 'ticket-1',
          enrolment: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg/>' },
        },
      })),
      mockCall(api.consoleAuth.enrolConfirm, () => ({ recoveryCodes: ['abcde-fghjk', 'mnpqr-stuvw'] })),
    );
    const user = userEvent.setup();
    await screen.findByText(/未绑定/);
    await fillIn(user, '当前密码', 'Staff-pass-1234');
    await user.click(screen.getByRole('button', { name: '绑定动态口令' }));
    expect(await screen.findByRole('img', { name: '动态口令绑定二维码' })).toBeInTheDocument();
    await fillIn(user, '动态口令 *', '123456');
    await user.click(screen.getByRole('button', { name: '确认绑定' }));
    const codes = await screen.findByRole('list', { name: '恢复码' });
    expect(codes.querySelectorAll('li')).toHaveLength(2);
  });
});
