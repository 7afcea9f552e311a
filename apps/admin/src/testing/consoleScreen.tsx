import { api, type ConsoleUser } from '@lianmeng/core';
import { mockCall } from '@lianmeng/core/testing';
import { render } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ConsoleApp } from '../ConsoleApp';

export const USERS: Record<ConsoleUser['role'], ConsoleUser> = {
  admin: { id: 1, username: 'admin', displayName: '系统管理员', role: 'admin' },
  editor: { id: 2, username: 'editor', displayName: '联盟编辑', role: 'editor' },
  staff: { id: 3, username: 'staff', displayName: '内容运营', role: 'staff' },
};

/** An msw server for one test file; a request no handler answers fails the test. */
export const consoleServerForFile = () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
};

/** Renders the console signed in as `role` at `path` (under /admin), with the handlers the screen needs. */
export const openConsoleAs = (
  server: ReturnType<typeof setupServer>,
  role: ConsoleUser['role'],
  path: string,
  ...handlers: RequestHandler[]
) => {
  server.use(
    mockCall(api.consoleAuth.me, () => USERS[role]),
    ...handlers,
  );
  window.history.pushState({}, '', `/admin${path}`);
  return render(<ConsoleApp />);
};
