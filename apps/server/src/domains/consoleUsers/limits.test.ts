import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_LOGIN_RULES } from '../../security/loginRules';
import { buildConsoleTeam } from '../../testing/factories';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';

let server: TestServer;
let clock = Date.parse('2026-11-22T08:00:00.000Z');
const lines: string[] = [];

const attempt = (username: string, password: string, address = '203.0.113.7') =>
  server.consoleInject(null, {
    method: 'POST',
    url: '/lianmeng/auth/login',
    payload: { username, password },
    remoteAddress: address,
  });

let addressCounter = 0;
const strangerAddress = () => `198.18.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/** `count` wrong passwords for `username`, spread over fresh addresses within each address's free tries. */
const strangersFail = async (username: string, count: number) => {
  let address = strangerAddress();
  for (let index = 0; index < count; index += 1) {
    if (index % CONSOLE_LOGIN_RULES.freeFailures === 0) address = strangerAddress();
    expect((await attempt(username, 'Stranger-guess-1', address)).statusCode).toBe(401);
  }
};

beforeAll(async () => {
  server = await createTestServer({ logLevel: 'info' }, () => new Date(clock), {
    logStream: { write: (line) => lines.push(line) },
  });
  await buildConsoleTeam(server.db);
});
afterAll(() => server.close());

describe('console sign-in failure limits', () => {
  it('lets the owner in at their address after strangers elsewhere failed thirty times on the account', async () => {
    await strangersFail('admin', 30);
    const owner = await attempt('admin', TEST_PASSWORD, '192.0.2.10');
    expect(owner.statusCode).toBe(200);
  });

  it('slows repeated failures from one address with doubling delays instead of locking the account', async () => {
    const address = '192.0.2.20';
    for (let index = 0; index < CONSOLE_LOGIN_RULES.freeFailures; index += 1) {
      expect((await attempt('editor', 'wrong-password-1', address)).statusCode).toBe(401);
    }
    // Right after the free tries: wait one second, even with the right password.
    const waiting = await attempt('editor', TEST_PASSWORD, address);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toBe('登录失败次数较多，请 1 秒后再试');
    clock += 1100;
    expect((await attempt('editor', 'wrong-password-1', address)).statusCode).toBe(401);
    // The next wait is two seconds.
    clock += 1100;
    expect((await attempt('editor', TEST_PASSWORD, address)).json().message).toBe('登录失败次数较多，请 1 秒后再试');
    clock += 1000;
    expect((await attempt('editor', TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('takes at most one hundred failures an hour per account from all addresses together', async () => {
    await strangersFail('staff', CONSOLE_LOGIN_RULES.accountPerHour);
    const closed = await attempt('staff', TEST_PASSWORD, '192.0.2.30');
    expect(closed.statusCode).toBe(429);
    expect(closed.json()).toEqual({ status: 429, message: '该账号登录失败次数过多，请一小时后再试' });
    expect(closed.cookies.find((cookie) => cookie.name === 'lm_console')).toBeUndefined();
    // Another account is not affected.
    expect((await attempt('editor', TEST_PASSWORD, '192.0.2.31')).statusCode).toBe(200);
    clock += 60 * 60 * 1000 + 1000;
    expect((await attempt('staff', TEST_PASSWORD, '192.0.2.30')).statusCode).toBe(200);
  });

  it('forgets the failures of an account at an address after a successful sign-in', async () => {
    const address = '192.0.2.40';
    for (let index = 0; index < CONSOLE_LOGIN_RULES.freeFailures - 1; index += 1) {
      await attempt('admin', 'wrong-password-1', address);
    }
    expect((await attempt('admin', TEST_PASSWORD, address)).statusCode).toBe(200);
    for (let index = 0; index < CONSOLE_LOGIN_RULES.freeFailures; index += 1) {
      expect((await attempt('admin', 'wrong-password-1', address)).statusCode).toBe(401);
    }
  });

  it('logs and audits failed and refused sign-ins, never with the password', async () => {
    lines.length = 0;
    const address = '192.0.2.50';
    const password = 'Never-logged-secret-9';
    for (let index = 0; index <= CONSOLE_LOGIN_RULES.freeFailures; index += 1) {
      await attempt('editor', password, address);
    }
    const log = lines.join('');
    expect(log).toContain('log-in failed');
    expect(log).toContain(address);
    expect(log).not.toContain(password);
    const audit = await server.db.kysely
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('action', 'in', ['sign-in-failed', 'sign-in-refused'])
      .where('detail', 'like', `%${address}%`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      ...Array.from({ length: CONSOLE_LOGIN_RULES.freeFailures }, () => 'sign-in-failed'),
      'sign-in-refused',
    ]);
    expect(audit.map((row) => row.detail).join('')).not.toContain(password);
  });
});
