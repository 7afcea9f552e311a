import { api, type InboxMessage } from '@lianmeng/core';
import { ALL_SESSION_KEYS } from '@lianmeng/core/session';
import { failure, mockCall } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccountHeaderEntry } from '../account/AccountHeaderEntry';
import { HOLDER, logInAs, renderAt } from '../account/testing';
import { CenterPage } from './CenterPage';

const message = (id: number, overrides: Partial<InboxMessage> = {}): InboxMessage => ({
  id,
  title: '学分已入账',
  body: `您的“活动 ${id}”2 学分已入账。`,
  recordId: id,
  read: false,
  createTime: '2026-11-20T02:00:00.000Z',
  ...overrides,
});

/** The inbox on the mock server: three unread messages and one read, newest first. */
let inbox: InboxMessage[] = [];
const unread = () => inbox.filter((item) => !item.read).length;
const readBodies: unknown[] = [];
let unreadAsked = 0;
const server = setupServer(
  mockCall(api.uc.info, () => HOLDER),
  mockCall(api.creditHolder.messages, () => ({ list: inbox, total: inbox.length, unread: unread() })),
  mockCall(api.creditHolder.unreadCount, () => {
    unreadAsked += 1;
    return { unread: unread() };
  }),
  mockCall(api.creditHolder.markRead, async ({ request }) => {
    const body = (await request.json()) as { cardNo?: string; ids?: number[] };
    readBodies.push(body);
    inbox = inbox.map((item) => (!body.ids || body.ids.includes(item.id) ? { ...item, read: true } : item));
    return { unread: unread() };
  }),
);
beforeEach(() => {
  inbox = [];
  readBodies.length = 0;
  unreadAsked = 0;
});
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

  it('lists the inbox, newest first, with the unread ones marked and a way to the records', async () => {
    inbox = [
      message(3),
      message(2, { title: '学分已冲正', body: '“活动 2”已冲正：成绩录入错误。' }),
      message(1, { read: true }),
    ];
    logInAs();
    renderAt('/center', routes);
    await waitFor(() => expect(screen.getByTestId('inbox-title')).toHaveTextContent('消息（2 条未读）'));
    const items = within(screen.getByRole('list', { name: '消息列表' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      '未读学分已入账',
      '未读学分已冲正',
      '学分已入账',
    ]);
    expect(items[1]).toHaveTextContent('“活动 2”已冲正：成绩录入错误。');
    expect(within(items[0] as HTMLElement).getByRole('link', { name: '查看学分记录' })).toHaveAttribute(
      'href',
      '/creditBank/info',
    );
    expect(within(items[2] as HTMLElement).queryByRole('button', { name: /标为已读/ })).toBeNull();
  });

  it('marks one message read, then all; the header’s count follows at once', async () => {
    inbox = [message(3), message(2), message(1)];
    logInAs();
    renderAt('/center', [
      {
        path: '/center',
        element: (
          <>
            <AccountHeaderEntry />
            <CenterPage />
          </>
        ),
      },
    ]);
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: /^个人中心\s*（3 条未读消息）$/ })).toHaveAttribute('href', '/center');
    await userEvent.click((await screen.findAllByRole('button', { name: /^标为已读/ }))[0] as HTMLElement);
    await waitFor(() => expect(readBodies).toEqual([{ cardNo: HOLDER.cardNo, ids: [3] }]));
    await waitFor(() => expect(screen.getByTestId('unread-badge')).toHaveTextContent('2'));
    expect(screen.getByTestId('inbox-title')).toHaveTextContent('消息（2 条未读）');
    expect(screen.getAllByRole('button', { name: /^标为已读/ })).toHaveLength(2);

    await userEvent.click(await screen.findByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(readBodies).toHaveLength(2));
    expect(readBodies[1]).toEqual({ cardNo: HOLDER.cardNo });
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
    expect(screen.getByTestId('inbox-title')).toHaveTextContent(/^消息$/);
    expect(screen.queryByRole('button', { name: /^标为已读/ })).toBeNull();
  });

  it('says when the inbox is empty', async () => {
    logInAs();
    renderAt('/center', routes);
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
  });
});

describe('the header’s unread count', () => {
  it('is not in the server’s HTML, which renders every page logged out, and is asked for only in the browser', () => {
    inbox = [message(1)];
    logInAs();
    const html = renderToString(
      <MemoryRouter initialEntries={['/center']}>
        <AccountHeaderEntry />
      </MemoryRouter>,
    );
    expect(html).toContain('登录');
    expect(html).not.toContain('unread-badge');
    expect(unreadAsked).toBe(0);
  });

  it('shows after hydration for a logged-in holder and is asked again on the next page', async () => {
    inbox = [message(2), message(1)];
    logInAs();
    renderAt('/center', [
      {
        path: '*',
        element: (
          <>
            <AccountHeaderEntry />
            <Link to="/creditBank/info">下一页</Link>
          </>
        ),
      },
    ]);
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('2');
    expect(unreadAsked).toBe(1);
    // A posting arrived meanwhile: the next page opened shows it.
    inbox = [message(3), ...inbox];
    await userEvent.click(screen.getByRole('link', { name: '下一页' }));
    await waitFor(() => expect(screen.getByTestId('unread-badge')).toHaveTextContent('3'));
    expect(unreadAsked).toBe(2);
  });

  it('is not shown with no unread message, nor for a visitor', async () => {
    logInAs();
    const { unmount } = renderAt('/index', [{ path: '*', element: <AccountHeaderEntry /> }]);
    await waitFor(() => expect(unreadAsked).toBe(1));
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    unmount();
    localStorage.clear();
    renderAt('/index', [{ path: '*', element: <AccountHeaderEntry /> }]);
    expect(await screen.findByTestId('account-login')).toBeInTheDocument();
    expect(unreadAsked).toBe(1);
  });
});
