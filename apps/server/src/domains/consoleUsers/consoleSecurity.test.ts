import { CONSOLE_SESSION_COOKIE } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_FIRST } from '../../http/access';
import { totpCode } from '../../security/totp';
import { buildConsoleUser } from '../../testing/factories';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';
import { SECOND_FACTOR_EXPIRED, SECOND_FACTOR_WRONG } from '../secondFactor/secondFactor';
import { REAUTH_NEEDED } from './consoleUserCommands';

let clock = new Date('2026-11-22T08:00:00.000Z');
let server: TestServer;
let address = 0;
/** Each sign-in from an address of its own, so the limits of one test do not reach the next. */
const nextAddress = () => {
  address += 1;
  return `198.51.100.${address}`;
};

beforeAll(async () => {
  server = await createTestServer({}, () => clock);
});
afterAll(() => server.close());

const post = (cookie: string | null, url: string, payload: Record<string, unknown>, remoteAddress = nextAddress()) =>
  server.consoleInject(cookie, { method: 'POST', url, payload, remoteAddress });
const sessionOf = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === CONSOLE_SESSION_COOKIE);
  return cookie ? `${CONSOLE_SESSION_COOKIE}=${cookie.value}` : null;
};
const secretOf = async (username: string) => {
  const user = await server.db.kysely
    .selectFrom('consoleUser')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const row = await server.db.kysely
    .selectFrom('secondFactor')
    .select('secret')
    .where('account', '=', `console:${user.id}`)
    .executeTakeFirst();
  return row?.secret;
};
/** A sign-in's first step: the password. */
const passwordStep = async (username: string, password = TEST_PASSWORD) =>
  (await post(null, '/lianmeng/auth/login', { username, password })).json().data;
/** Enrols the account through its first sign-in and answers the session cookie and the recovery codes. */
const enrol = async (username: string) => {
  const step = (await passwordStep(username)).secondFactor;
  const done = await post(null, '/lianmeng/auth/secondFactor', {
    ticket: step.ticket,
    code: totpCode(step.enrolment.secret, clock),
  });
  return { session: sessionOf(done), recoveryCodes: done.json().data.recoveryCodes as string[] };
};

describe('the console’s second factor', () => {
  it('makes an editor without one enrol at sign-in: QR, secret, then ten recovery codes, stored hashed', async () => {
    await buildConsoleUser(server.db, { username: 'enrolling', role: 'editor' });
    const first = await post(null, '/lianmeng/auth/login', { username: 'enrolling', password: TEST_PASSWORD });
    expect(sessionOf(first)).toBeNull();
    const { enrolment } = first.json().data.secondFactor;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrSvg).toMatch(/^<svg/);
    // Nothing is saved before the first right code.
    expect(await secretOf('enrolling')).toBeUndefined();

    const { session, recoveryCodes } = await enrol('enrolling');
    expect(session).not.toBeNull();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await server.db.kysely.selectFrom('recoveryCode').select('codeHash').execute();
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('keeps an enrolled editor out without the code, counts a wrong code as a failed sign-in, and lets the right one in', async () => {
    await buildConsoleUser(server.db, { username: 'coded', role: 'editor' });
    await enrol('coded');
    const secret = (await secretOf('coded')) ?? '';
    clock = new Date(clock.getTime() + 60_000);
    const step = (await passwordStep('coded')).secondFactor;
    expect(step.enrolment).toBeNull();
    // The ticket alone opens nothing: no session without the code.
    const me = await server.consoleInject(null, { method: 'GET', url: '/lianmeng/auth/me' });
    expect(me.statusCode).toBe(401);

    const right = totpCode(secret, clock);
    const wrongCode = right === '000000' ? '111111' : '000000';
    const failuresBefore = await server.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'sign-in-failed')
      .execute();
    const wrong = await post(null, '/lianmeng/auth/secondFactor', { ticket: step.ticket, code: wrongCode });
    expect(wrong.json()).toEqual({ status: 401, message: SECOND_FACTOR_WRONG });
    expect(sessionOf(wrong)).toBeNull();
    const failuresAfter = await server.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'sign-in-failed')
      .execute();
    expect(failuresAfter.length).toBe(failuresBefore.length + 1);
    const counted = await server.db.kysely
      .selectFrom('attemptEvent')
      .select('subject')
      .where('rule', 'like', 'console-login-failed%')
      .execute();
    expect(counted.some((row) => row.subject.includes('coded'))).toBe(true);

    const passed = await post(null, '/lianmeng/auth/secondFactor', { ticket: step.ticket, code: right });
    expect(passed.json().data).toMatchObject({ username: 'coded', role: 'editor', recoveryCodes: null });
    expect(sessionOf(passed)).not.toBeNull();
    // A ticket finishes one sign-in only.
    const again = await post(null, '/lianmeng/auth/secondFactor', { ticket: step.ticket, code: right });
    expect(again.json()).toEqual({ status: 401, message: SECOND_FACTOR_EXPIRED });
  });

  it('takes a recovery code once', async () => {
    await buildConsoleUser(server.db, { username: 'recovering', role: 'admin' });
    const { recoveryCodes } = await enrol('recovering');
    const code = recoveryCodes[0] ?? '';
    const first = (await passwordStep('recovering')).secondFactor;
    // Typed in upper case with spaces, as people copy it.
    const used = await post(null, '/lianmeng/auth/secondFactor', {
      ticket: first.ticket,
      code: ` ${code.toUpperCase()} `,
    });
    expect(sessionOf(used)).not.toBeNull();
    const second = (await passwordStep('recovering')).secondFactor;
    const reused = await post(null, '/lianmeng/auth/secondFactor', { ticket: second.ticket, code });
    expect(reused.json()).toEqual({ status: 401, message: SECOND_FACTOR_WRONG });
    const left = await server.db.kysely
      .selectFrom('recoveryCode')
      .select('usedTime')
      .where('usedTime', 'is not', null)
      .execute();
    expect(left).toHaveLength(1);
  });

  it('takes a code once: a second sign-in with it is refused, even two at once; the next code works', async () => {
    await buildConsoleUser(server.db, { username: 'watched', role: 'editor' });
    await enrol('watched');
    const secret = (await secretOf('watched')) ?? '';
    clock = new Date(clock.getTime() + 60_000);
    const code = totpCode(secret, clock);
    const tickets = [(await passwordStep('watched')).secondFactor, (await passwordStep('watched')).secondFactor];
    const both = await Promise.all(
      tickets.map((step) => post(null, '/lianmeng/auth/secondFactor', { ticket: step.ticket, code })),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    // Seen over a shoulder and typed again within its minute and a half: refused.
    const again = (await passwordStep('watched')).secondFactor;
    const replayed = await post(null, '/lianmeng/auth/secondFactor', { ticket: again.ticket, code });
    expect(replayed.json()).toEqual({ status: 401, message: SECOND_FACTOR_WRONG });
    // An earlier code, still inside the tolerance, is refused too; the next one is taken.
    const earlier = totpCode(secret, new Date(clock.getTime() - 30_000));
    expect((await post(null, '/lianmeng/auth/secondFactor', { ticket: again.ticket, code: earlier })).statusCode).toBe(
      401,
    );
    const next = totpCode(secret, new Date(clock.getTime() + 30_000));
    expect(
      sessionOf(await post(null, '/lianmeng/auth/secondFactor', { ticket: again.ticket, code: next })),
    ).not.toBeNull();
  });

  it('refuses, and does not fail on, a code older than a step used through a process whose clock runs ahead', async () => {
    await buildConsoleUser(server.db, { username: 'skewed', role: 'editor' });
    await enrol('skewed');
    const secret = (await secretOf('skewed')) ?? '';
    clock = new Date(clock.getTime() + 60_000);
    // Another process sharing the database, its clock two minutes fast, took a code of its own time.
    await server.db.kysely
      .updateTable('secondFactor')
      .set({ lastTimeStep: Math.floor(clock.getTime() / 30_000) + 4 })
      .where('secret', '=', secret)
      .execute();
    const step = (await passwordStep('skewed')).secondFactor;
    const answer = await post(null, '/lianmeng/auth/secondFactor', {
      ticket: step.ticket,
      code: totpCode(secret, clock),
    });
    expect(answer.json()).toEqual({ status: 401, message: SECOND_FACTOR_WRONG });
  });

  it('spends a ticket after five wrong codes, and refuses another’s or an expired ticket', async () => {
    await buildConsoleUser(server.db, { username: 'guessed', role: 'editor' });
    await enrol('guessed');
    const secret = (await secretOf('guessed')) ?? '';
    const step = (await passwordStep('guessed')).secondFactor;
    const right = totpCode(secret, clock);
    for (let index = 0; index < 5; index += 1) {
      const wrongCode = String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0');
      expect(
        (await post(null, '/lianmeng/auth/secondFactor', { ticket: step.ticket, code: wrongCode })).statusCode,
      ).toBe(401);
    }
    const late = await post(null, '/lianmeng/auth/secondFactor', { ticket: step.ticket, code: right });
    expect(late.json()).toEqual({ status: 401, message: SECOND_FACTOR_EXPIRED });

    const expiring = (await passwordStep('guessed')).secondFactor;
    clock = new Date(clock.getTime() + 6 * 60_000);
    const expired = await post(null, '/lianmeng/auth/secondFactor', {
      ticket: expiring.ticket,
      code: totpCode(secret, clock),
    });
    expect(expired.json()).toEqual({ status: 401, message: SECOND_FACTOR_EXPIRED });
  });

  it('leaves it optional for staff, who may enrol from the console', async () => {
    await buildConsoleUser(server.db, { username: 'helper', role: 'staff' });
    const first = await post(null, '/lianmeng/auth/login', { username: 'helper', password: TEST_PASSWORD });
    const session = sessionOf(first);
    expect(first.json().data).toMatchObject({ username: 'helper', role: 'staff' });
    expect(session).not.toBeNull();
    const status = await server.consoleInject(session, { method: 'GET', url: '/lianmeng/auth/security' });
    expect(status.json().data).toEqual({
      enrolled: false,
      required: false,
      recoveryCodesLeft: 0,
      mustChangePassword: false,
    });

    const wrongPassword = await post(session, '/lianmeng/auth/security/enrolment', { password: 'Not-the-password-1' });
    expect(wrongPassword.statusCode).toBe(400);
    const start = await post(session, '/lianmeng/auth/security/enrolment', { password: TEST_PASSWORD });
    const step = start.json().data.secondFactor;
    const confirmed = await post(session, '/lianmeng/auth/security/enrolment/confirm', {
      ticket: step.ticket,
      code: totpCode(step.enrolment.secret, clock),
    });
    expect(confirmed.json().data.recoveryCodes).toHaveLength(10);
    const after = await server.consoleInject(session, { method: 'GET', url: '/lianmeng/auth/security' });
    expect(after.json().data).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });
    // From now on the staff account signs in with its code too.
    expect((await passwordStep('helper')).secondFactor).toMatchObject({ enrolment: null });
  });
});

describe('console passwords', () => {
  it('lets every console user change their own password with the current one', async () => {
    await buildConsoleUser(server.db, { username: 'changer', role: 'staff' });
    const session = sessionOf(
      await post(null, '/lianmeng/auth/login', { username: 'changer', password: TEST_PASSWORD }),
    );
    const newPassword = 'Changer-new-pass-9';
    const wrong = await post(session, '/lianmeng/auth/password', { currentPassword: 'Wrong-pass-12', newPassword });
    expect(wrong.json()).toEqual({ status: 400, message: '当前密码不正确' });
    const missing = await post(session, '/lianmeng/auth/password', { newPassword });
    expect(missing.statusCode).toBe(400);
    const weak = await post(session, '/lianmeng/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'changer1',
    });
    expect(weak.statusCode).toBe(400);
    const changed = await post(session, '/lianmeng/auth/password', { currentPassword: TEST_PASSWORD, newPassword });
    expect(changed.statusCode).toBe(200);
    // The old session ended; the one that made the change goes on under a new cookie.
    const me = await server.consoleInject(session, { method: 'GET', url: '/lianmeng/auth/me' });
    expect(me.statusCode).toBe(401);
    const renewed = sessionOf(changed);
    expect((await server.consoleInject(renewed, { method: 'GET', url: '/lianmeng/auth/me' })).statusCode).toBe(200);
    expect(
      sessionOf(await post(null, '/lianmeng/auth/login', { username: 'changer', password: newPassword })),
    ).not.toBeNull();
  });

  it('asks for the password again before account administration, and forces a change after an administrator’s reset', async () => {
    await buildConsoleUser(server.db, { username: 'chief', role: 'admin' });
    const target = await buildConsoleUser(server.db, { username: 'resettee', role: 'staff' });
    const { session } = await enrol('chief');
    const reset = { password: 'Reset-by-admin-7' };
    const refused = await server.consoleInject(session, {
      method: 'PUT',
      url: `/lianmeng/api/accounts/${target.id}`,
      payload: reset,
    });
    expect(refused.json()).toEqual({ status: 403, message: REAUTH_NEEDED });
    const created = await post(session, '/lianmeng/api/accounts', {
      username: 'newcomer',
      displayName: '新人',
      role: 'staff',
      password: 'Newcomer-pass-8',
    });
    expect(created.json()).toEqual({ status: 403, message: REAUTH_NEEDED });

    const secret = (await secretOf('chief')) ?? '';
    // The code that confirmed the enrolment is used up: the person waits for the next one.
    expect(
      (await post(session, '/lianmeng/auth/reauth', { password: TEST_PASSWORD, code: totpCode(secret, clock) }))
        .statusCode,
    ).toBe(400);
    clock = new Date(clock.getTime() + 30_000);
    // The password alone is not enough for an account with a second factor.
    expect((await post(session, '/lianmeng/auth/reauth', { password: TEST_PASSWORD })).statusCode).toBe(400);
    expect(
      (await post(session, '/lianmeng/auth/reauth', { password: 'Wrong-pass-12', code: totpCode(secret, clock) }))
        .statusCode,
    ).toBe(400);
    const reauth = await post(session, '/lianmeng/auth/reauth', {
      password: TEST_PASSWORD,
      code: totpCode(secret, clock),
    });
    expect(reauth.statusCode).toBe(200);
    const done = await server.consoleInject(session, {
      method: 'PUT',
      url: `/lianmeng/api/accounts/${target.id}`,
      payload: reset,
    });
    expect(done.statusCode).toBe(200);

    // The reset account signs in, and may do nothing but change its password.
    const resetSession = sessionOf(
      await post(null, '/lianmeng/auth/login', { username: 'resettee', password: reset.password }),
    );
    const me = await server.consoleInject(resetSession, { method: 'GET', url: '/lianmeng/auth/me' });
    expect(me.json().data).toMatchObject({ username: 'resettee', mustChangePassword: true });
    const blocked = await server.consoleInject(resetSession, { method: 'GET', url: '/lianmeng/api/articles' });
    expect(blocked.json()).toEqual({ status: 403, message: PASSWORD_CHANGE_FIRST });
    const changed = await post(resetSession, '/lianmeng/auth/password', {
      currentPassword: reset.password,
      newPassword: 'Resettee-own-pass-6',
    });
    const renewed = sessionOf(changed);
    expect(
      (await server.consoleInject(renewed, { method: 'GET', url: '/lianmeng/auth/me' })).json().data.mustChangePassword,
    ).toBe(false);

    // The window closes.
    clock = new Date(clock.getTime() + 11 * 60_000);
    const later = await server.consoleInject(session, {
      method: 'PUT',
      url: `/lianmeng/api/accounts/${target.id}`,
      payload: { disabled: true },
    });
    expect(later.json()).toEqual({ status: 403, message: REAUTH_NEEDED });
  });
});
