import { api } from '@lianmeng/core';
import { ALL_SESSION_KEYS } from '@lianmeng/core/session';
import { failure, mockCall } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOLDER, logInAs, renderAt } from '../account/testing';
import { CenterPage } from './CenterPage';

const server = setupServer(mockCall(api.uc.info, () => HOLDER));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const routes = [
  { path: '/center', element: <CenterPage /> },
  // Not the word 首页 alone: every account page's breadcrumb starts with a 首页 link.
  { path: '/index', element: <p>首页内容</p> },
];
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CenterPage', () => {
  it('shows the profile with a masked phone and links to the records', async () => {
    logInAs();
    renderAt('/center', routes);
    expect(await screen.findByText('138****0000')).toBeInTheDocument();
    expect(screen.getByText(HOLDER.school)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看学分记录' })).toHaveAttribute('href', '/creditBank/info');
  });

  it('changes the password', async () => {
    const bodies: Record<string, string>[] = [];
    server.use(
      mockCall(api.uc.changePassword, async ({ request }) => {
        bodies.push(Object.fromEntries(new URLSearchParams(await request.text())));
        return {};
      }),
    );
    logInAs();
    renderAt('/center', routes);
    await screen.findByText('138****0000');
    fill('原密码', 'Old-pass-2026');
    fill('新密码', 'has space 12');
    fill('确认新密码', 'has space 12');
    await userEvent.click(screen.getByRole('button', { name: /修改密码/ }));
    expect(await screen.findByText('密码不能包含空格等空白字符')).toBeInTheDocument();
    fill('新密码', 'New-pass-2026');
    fill('确认新密码', 'New-pass-2026');
    await userEvent.click(screen.getByRole('button', { name: /修改密码/ }));
    await waitFor(() => expect(bodies).toEqual([{ oldPassword: 'Old-pass-2026', newPassword: 'New-pass-2026' }]));
    expect(await screen.findByText('密码已修改')).toBeInTheDocument();
  });

  it('shows the strength rule’s reason as a guessable new password is typed, and sends nothing', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockCall(api.uc.changePassword, async ({ request }) => {
        bodies.push(await request.text());
        return {};
      }),
    );
    logInAs();
    renderAt('/center', routes);
    await screen.findByText('138****0000');
    fill('原密码', 'Old-pass-2026');
    fill('新密码', '12345678');
    expect(await screen.findByText(/密码太容易被猜到/)).toBeInTheDocument();
    // Built on the holder's own card number: refused although it would pass for someone else.
    fill('新密码', `${HOLDER.cardNo}ab`);
    expect(await screen.findByText(/不要包含自己的卡号、手机号或用户名/)).toBeInTheDocument();
    fill('确认新密码', `${HOLDER.cardNo}ab`);
    await userEvent.click(screen.getByRole('button', { name: /修改密码/ }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bodies).toEqual([]);
  });

  it('logs out even when the server refuses, removing all seven keys', async () => {
    server.use(mockCall(api.uc.logout, () => failure(401, '登录已过期，请重新登录')));
    logInAs();
    renderAt('/center', routes);
    await screen.findByText('138****0000');
    await userEvent.click(screen.getByTestId('center-logout'));
    // The log-out waits for the server's refusal before it leaves; under a loaded full run that took over 5 s.
    expect(await screen.findByText('首页内容', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('center-logout')).toBeNull();
    for (const key of ALL_SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
  });
});
