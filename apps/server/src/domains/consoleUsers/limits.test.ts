import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_LOGIN_RULES, SLOW_DOWN_MS } from '../../security/loginRules';
import { buildConsoleTeam } from '../../testing/factories';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';
import { ANONYMOUS_AUDIT_RULES } from '../audit/anonymousAudit';

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

  it('past one hundred failures an hour holds strangers instead of refusing, lets the owner’s browser in, and audits the alert', async () => {
    const home = await attempt('staff', TEST_PASSWORD, '192.0.2.30');
    expect(home.statusCode).toBe(200);
    const device = home.cookies.find((cookie) => cookie.name === 'lm_device_console');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    await strangersFail('staff', CONSOLE_LOGIN_RULES.accountPerHour);
    const heldFrom = Date.now();
    const stranger = await attempt('staff', TEST_PASSWORD, '192.0.2.32');
    expect(stranger.statusCode).toBe(200);
    expect(Date.now() - heldFrom).toBeGreaterThanOrEqual(SLOW_DOWN_MS - 50);

    const owner = await server.consoleInject(`lm_device_console=${device?.value}`, {
      method: 'POST',
      url: '/lianmeng/auth/login',
      payload: { username: 'staff', password: TEST_PASSWORD },
      remoteAddress: '192.0.2.33',
    });
    expect(owner.statusCode).toBe(200);
    const alerts = await server.db.kysely
      .selectFrom('auditLog')
      .select(['targetId'])
      .where('action', '=', 'sign-in-alert')
      .execute();
    expect(alerts).toEqual([{ targetId: 'staff' }]);
    // Another account is not affected.
    expect((await attempt('editor', TEST_PASSWORD, '192.0.2.31')).statusCode).toBe(200);
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

  it('writes at most a capped number of audit entries for one address’s anonymous sign-in failures', async () => {
    const address = '192.0.2.60';
    const cap = ANONYMOUS_AUDIT_RULES.perAddress.max;
    for (let index = 0; index < cap + 5; index += 1) {
      // A fresh unknown account each time, and a quarter of an hour on now and then, so no failure limit gets in the way.
      if (index % 10 === 9) clock += 16 * 60 * 1000;
      expect((await attempt(`nobody-${index}`, 'wrong-password-1', address)).statusCode).toBe(401);
    }
    const rows = await server.db.kysely
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('detail', 'like', `%${address}%`)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(cap);
    expect(lines.join('')).toContain('audit entry of an anonymous request skipped');
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
