import { api, CONSOLE_SESSION_ELEMENT_ID, type ConsoleUser } from '@lianmeng/core';
import type { CallResult, HttpClient } from '@lianmeng/core/http';
import { failure, mockCall } from '@lianmeng/core/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from './App';
import { fillIn } from './testing/form';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  document.getElementById(CONSOLE_SESSION_ELEMENT_ID)?.remove();
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());

const EDITOR: ConsoleUser = { id: 2, username: 'editor', displayName: '联盟编辑', role: 'editor' };

/** Writes the session block the server puts in the console's page. */
const pageSays = (signedIn: boolean) => {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = CONSOLE_SESSION_ELEMENT_ID;
  block.textContent = JSON.stringify({ signedIn });
  document.head.append(block);
};

/** A client that records the paths it is asked for and answers `me` as given. */
const recordingClient = (me: CallResult<ConsoleUser>) => {
  const asked: string[] = [];
  const http: HttpClient = {
    async call(definition) {
      asked.push(definition.path);
      return me as never;
    },
    async download(definition) {
      asked.push(definition.path);
      return { ok: false, status: 404, message: '', network: false };
    },
  };
  return { http, asked };
};
const SIGNED_OUT: CallResult<ConsoleUser> = { ok: false, status: 401, message: '请先登录管理台', network: false };

/** The console's own calls (react-admin's session check and the partner list it opens on), as the server answers. */
const consoleAnswers = (me: () => ConsoleUser | Response) => [
  mockCall(api.consoleAuth.me, me),
  mockCall(api.img.search, () => ({ seachList: [], total: 0, pageNum: 1, pageSize: 25 })),
];

describe('the console shell', () => {
  it('shows the Chinese sign-in page to a visitor without a session', async () => {
    server.use(mockCall(api.consoleAuth.me, () => failure(401, '请先登录管理台')));
    render(<App />);
    expect(await screen.findByRole('heading', { name: '联盟门户管理台' })).toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).toBeInTheDocument();
    expect(screen.getByLabelText('密码')).toBeInTheDocument();
  });

  it('shows the server’s refusal on the form and keeps what was typed', async () => {
    server.use(
      mockCall(api.consoleAuth.me, () => failure(401, '请先登录管理台')),
      mockCall(api.consoleAuth.login, () => failure(401, '用户名或密码不正确，或账号已停用')),
    );
    render(<App />);
    const user = userEvent.setup();
    await fillIn(user, '用户名', 'editor');
    await fillIn(user, '密码', 'wrong-password');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码不正确，或账号已停用');
    expect(screen.getByLabelText('用户名')).toHaveValue('editor');
  });

  it('asks for both fields before calling the server', async () => {
    server.use(mockCall(api.consoleAuth.me, () => failure(401, '请先登录管理台')));
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入用户名和密码');
  });
});

describe('what the page says about the session', () => {
  it('shows a signed-out visitor the sign-in form at once, without a call', () => {
    pageSays(false);
    const { http, asked } = recordingClient(SIGNED_OUT);
    render(<App http={http} />);
    // Synchronously, on the first render: nothing is waited for.
    expect(screen.getByRole('heading', { name: '联盟门户管理台' })).toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('opens the console for a signed-in visitor without asking first; react-admin checks the session', async () => {
    pageSays(true);
    server.use(...consoleAnswers(() => EDITOR));
    window.history.replaceState(null, '', '/admin/partners');
    const { http, asked } = recordingClient(SIGNED_OUT);
    render(<App http={http} />);
    expect(await screen.findByRole('button', { name: '个人信息' })).toBeInTheDocument();
    expect(screen.queryByLabelText('用户名')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('lands on the sign-in page when the session ended after the page was sent', async () => {
    pageSays(true);
    server.use(...consoleAnswers(() => failure(401, '请先登录管理台')));
    window.history.replaceState(null, '', '/admin/partners');
    render(<App http={recordingClient(SIGNED_OUT).http} />);
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
    expect(screen.queryByRole('button', { name: '个人信息' })).toBeNull();
  });

  it('asks the server when the page says nothing, and opens what the answer says', async () => {
    server.use(...consoleAnswers(() => EDITOR));
    window.history.replaceState(null, '', '/admin/partners');
    const { http, asked } = recordingClient({ ok: true, status: 200, data: EDITOR, headers: {} });
    render(<App http={http} />);
    expect(screen.getByRole('status')).toHaveTextContent('正在加载管理台');
    expect(await screen.findByRole('button', { name: '个人信息' })).toBeInTheDocument();
    expect(asked).toEqual([api.consoleAuth.me.path]);
  });

  it('reads an unreadable block as saying nothing', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = CONSOLE_SESSION_ELEMENT_ID;
    block.textContent = '{"signedIn":"yes"}';
    document.head.append(block);
    const { http, asked } = recordingClient(SIGNED_OUT);
    render(<App http={http} />);
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(asked).toEqual([api.consoleAuth.me.path]);
  });
});
