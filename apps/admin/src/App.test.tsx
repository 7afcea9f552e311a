import { api } from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from './App';
import { fillIn } from './testing/form';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

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
