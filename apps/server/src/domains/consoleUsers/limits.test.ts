import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsoleTeam } from '../../testing/factories';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';
import { CONSOLE_LOGIN_FAILED_PER_USER } from './limits';

let server: TestServer;
let clock = Date.parse('2026-11-22T08:00:00.000Z');

const attempt = (username: string, password: string, address = '203.0.113.7') =>
  server.consoleInject(null, {
    method: 'POST',
    url: '/lianmeng/auth/login',
    payload: { username, password },
    remoteAddress: address,
  });

beforeAll(async () => {
  server = await createTestServer({}, () => new Date(clock));
  await buildConsoleTeam(server.db);
});
afterAll(() => server.close());

describe('console sign-in failure limits', () => {
  it('refuses an account after too many failures, even with the right password, until the window passes', async () => {
    for (let index = 0; index < CONSOLE_LOGIN_FAILED_PER_USER.max; index += 1) {
      expect((await attempt('editor', 'wrong-password-1')).statusCode).toBe(401);
    }
    const blocked = await attempt('editor', TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ status: 429, message: CONSOLE_LOGIN_FAILED_PER_USER.message });
    expect(blocked.cookies.find((cookie) => cookie.name === 'lm_console')).toBeUndefined();

    // Another account from another address is not affected.
    expect((await attempt('staff', TEST_PASSWORD, '198.51.100.9')).statusCode).toBe(200);

    clock += CONSOLE_LOGIN_FAILED_PER_USER.windowMs + 1000;
    expect((await attempt('editor', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('forgets an account’s failures after a successful sign-in', async () => {
    for (let index = 0; index < CONSOLE_LOGIN_FAILED_PER_USER.max - 1; index += 1) {
      await attempt('admin', 'wrong-password-1', '192.0.2.1');
    }
    expect((await attempt('admin', TEST_PASSWORD, '192.0.2.1')).statusCode).toBe(200);
    for (let index = 0; index < CONSOLE_LOGIN_FAILED_PER_USER.max - 1; index += 1) {
      expect((await attempt('admin', 'wrong-password-1', '192.0.2.1')).statusCode).toBe(401);
    }
    expect((await attempt('admin', TEST_PASSWORD, '192.0.2.1')).statusCode).toBe(200);
  });
});
