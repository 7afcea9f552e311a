import { CONSOLE_SESSION_COOKIE } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../security/totp';
import { CONSOLE_SESSION_IDLE_MS } from '../../sessions/consoleSessions';
import { buildConsoleUser } from '../../testing/factories';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';

let clock = new Date('2026-11-22T08:00:00.000Z');
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({}, () => clock);
  await buildConsoleUser(server.db, { username: 'editor', role: 'editor', displayName: '联盟编辑' });
  await buildConsoleUser(server.db, { username: 'staff', role: 'staff' });
});
afterAll(() => server.close());

const login = (payload: Record<string, unknown>, xsrf = true) =>
  server.consoleInject(null, { method: 'POST', url: '/lianmeng/auth/login', payload, xsrf });

describe('console sign-in', () => {
  it('issues an httpOnly, SameSite=Strict session cookie and answers the role', async () => {
    // The editor's password opens the code step; its code (here: enrolling on first sign-in) the session.
    const first = await login({ username: 'editor', password: TEST_PASSWORD });
    const step = first.json().data.secondFactor;
    expect(first.cookies.find((c) => c.name === CONSOLE_SESSION_COOKIE)).toBeUndefined();
    const response = await server.consoleInject(null, {
      method: 'POST',
      url: '/lianmeng/auth/secondFactor',
      payload: { ticket: step.ticket, code: totpCode(step.enrolment.secret, clock) },
    });
    expect(response.json()).toMatchObject({
      status: 200,
      data: { username: 'editor', role: 'editor', displayName: '联盟编辑' },
    });
    const cookie = response.cookies.find((c) => c.name === CONSOLE_SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43);
    const stored = await server.db.kysely.selectFrom('consoleSession').select('idHash').execute();
    expect(stored.map((row) => row.idHash)).not.toContain(cookie?.value);
  });

  it('refuses a wrong password, an unknown user and a disabled account with one message', async () => {
    await server.db.kysely.updateTable('consoleUser').set({ disabled: 1 }).where('username', '=', 'staff').execute();
    const answers = await Promise.all([
      login({ username: 'editor', password: 'wrong-password' }),
      login({ username: 'nobody', password: TEST_PASSWORD }),
      login({ username: 'staff', password: TEST_PASSWORD }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ status: 401, message: '用户名或密码不正确，或账号已停用' });
      expect(answer.cookies.find((c) => c.name === CONSOLE_SESSION_COOKIE)).toBeUndefined();
    }
    await server.db.kysely.updateTable('consoleUser').set({ disabled: 0 }).where('username', '=', 'staff').execute();
  });

  it('refuses a sign-in without the anti-forgery header before checking anything', async () => {
    const response = await login({ username: 'editor', password: TEST_PASSWORD }, false);
    expect(response.statusCode).toBe(403);
    expect(response.cookies.find((c) => c.name === CONSOLE_SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses malformed sign-in bodies in Chinese', async () => {
    for (const payload of [
      {},
      { username: 'editor' },
      { username: 1, password: 2 },
      { username: 'a'.repeat(33), password: 'x' },
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/用户名|密码/);
    }
  });
});

describe('console session', () => {
  it('answers me, then dies at sign-out', async () => {
    const cookie = await server.signIn('admin');
    const me = await server.consoleInject(cookie, { url: '/lianmeng/auth/me' });
    expect(me.json().data).toMatchObject({ username: 'admin', role: 'admin' });

    const out = await server.consoleInject(cookie, { method: 'POST', url: '/lianmeng/auth/logout' });
    expect(out.statusCode).toBe(200);
    const after = await server.consoleInject(cookie, { url: '/lianmeng/auth/me' });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('请先登录管理台');
  });

  it('ends after two idle hours', async () => {
    const cookie = await server.signIn('editor');
    clock = new Date(clock.getTime() + CONSOLE_SESSION_IDLE_MS - 60_000);
    expect((await server.consoleInject(cookie, { url: '/lianmeng/auth/me' })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + CONSOLE_SESSION_IDLE_MS + 60_000);
    expect((await server.consoleInject(cookie, { url: '/lianmeng/auth/me' })).statusCode).toBe(401);
  });

  it('refuses a made-up session cookie', async () => {
    const response = await server.consoleInject(`${CONSOLE_SESSION_COOKIE}=made-up`, { url: '/lianmeng/auth/me' });
    expect(response.statusCode).toBe(401);
  });
});
