import { api } from '@lianmeng/core';
import { ALL_SESSION_KEYS, REDIRECT_URL_KEY } from '@lianmeng/core/session';
import { failure, mockCall } from '@lianmeng/core/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../../app/api';
import { AccountHeaderEntry } from './AccountHeaderEntry';
import { RequireCardHolder } from './RequireCardHolder';
import { HOLDER, logInAs, renderAt } from './testing';

// The header's account corner asks a logged-in holder's unread message count.
const server = setupServer(mockCall(api.creditHolder.unreadCount, () => ({ unread: 0 })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const guardedRoutes = [
  {
    path: '/creditBank/info',
    element: (
      <RequireCardHolder>
        <p>学分页面</p>
      </RequireCardHolder>
    ),
  },
  { path: '/creditBank/login', element: <p>登录页面</p> },
  { path: '/index', element: <p>首页</p> },
];

describe('RequireCardHolder', () => {
  it('sends a logged-out visitor to /creditBank/login and remembers where they were going', async () => {
    renderAt('/creditBank/info?page=2', guardedRoutes);
    expect(await screen.findByText('登录页面')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/creditBank/login');
    expect(localStorage.getItem(REDIRECT_URL_KEY)).toBe('/creditBank/info?page=2');
  });

  it('lets a logged-in card holder through', async () => {
    logInAs();
    renderAt('/creditBank/info', guardedRoutes);
    expect(await screen.findByText('学分页面')).toBeInTheDocument();
    expect(localStorage.getItem(REDIRECT_URL_KEY)).toBeNull();
  });

  it('ends the session on a 401 from a card-holder call and goes to the log-in page', async () => {
    logInAs();
    server.use(mockCall(api.uc.info, () => failure(401, '登录已过期，请重新登录')));
    renderAt('/creditBank/info', guardedRoutes);
    await screen.findByText('学分页面');
    await act(async () => {
      await http.call(api.uc.info, { query: {} });
    });
    expect(await screen.findByText('登录页面')).toBeInTheDocument();
    for (const key of ALL_SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(REDIRECT_URL_KEY)).toBe('/creditBank/info');
  });
});

describe('AccountHeaderEntry', () => {
  it('offers the log-in when logged out', async () => {
    renderAt('/index', [{ path: '/index', element: <AccountHeaderEntry /> }]);
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/creditBank/login');
  });

  it('shows who is logged in, and logs out: the spec’s logout with the token, then all seven keys gone', async () => {
    logInAs(undefined, 'phone');
    const seen: { authorization: string | null; cardNo: unknown }[] = [];
    server.use(
      mockCall(api.uc.logout, ({ request, params }) => {
        seen.push({ authorization: request.headers.get('Authorization'), cardNo: params.cardNo });
        return {};
      }),
    );
    renderAt('/center', [
      { path: '/center', element: <AccountHeaderEntry /> },
      { path: '/index', element: <AccountHeaderEntry /> },
    ]);
    expect(screen.getByText(`您好，${HOLDER.name}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '个人中心' })).toHaveAttribute('href', '/center');
    await userEvent.click(screen.getByRole('button', { name: /退出登录/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/index'));
    expect(seen).toEqual([{ authorization: 'token-abc', cardNo: HOLDER.cardNo }]);
    for (const key of ALL_SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(screen.getByRole('link', { name: '登录' })).toBeInTheDocument();
  });

  it('logging out on a guarded page leaves no way back there: the next log-in lands on the default page', async () => {
    logInAs();
    server.use(mockCall(api.uc.logout, () => ({})));
    const guardedWithEntry = (
      <RequireCardHolder>
        <AccountHeaderEntry />
      </RequireCardHolder>
    );
    renderAt('/center', [
      { path: '/center', element: guardedWithEntry },
      { path: '/creditBank/login', element: <p>登录页面</p> },
      { path: '/index', element: <p>首页</p> },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: /退出登录/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/index'));
    expect(localStorage.getItem(REDIRECT_URL_KEY)).toBeNull();
  });
});
