import { HEADERS, LOGIN_BREAKER_MESSAGE, SMS_BREAKER_MESSAGE, SMS_CODE_RULES, XSRF_COOKIE } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { cardLogin, postForm } from '../../testing/cardHolders';
import { buildCardHolder } from '../../testing/factories';
import { createTestServer, TEST_PASSWORD, TEST_XSRF, type TestServer } from '../../testing/testServer';

let clock = Date.now();
let server: TestServer;
let addressCounter = 0;
const freshAddress = () => `10.6.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

// The challenge stays off here: the breaker must hold whatever CAPTCHA says.
beforeAll(async () => {
  server = await createTestServer({ breaker: { smsPerHour: 2, loginFailuresPerMinute: 3 } }, () => new Date(clock));
  for (const [cardNo, phone] of [
    ['20000001', '13700000001'],
    ['20000002', '13700000002'],
    ['20000003', '13700000003'],
  ] as const) {
    await buildCardHolder(server.db, { cardNo, phone });
  }
});
afterAll(() => server.close());

const sendCode = (phone: string) =>
  postForm(server, '/api/uc/user/sendCode', { phone }, { remoteAddress: freshAddress() });

const expectBreaker = (response: { statusCode: number; json(): unknown }, message: string) => {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ status: 503, message });
};

describe('BREAKER_SMS_PER_HOUR and BREAKER_LOGIN_FAILURES_PER_MINUTE', () => {
  it('are read from the environment, 1000 and 300 by default, 0 turning one off, anything else refused', () => {
    expect(loadConfig({}).breaker).toEqual({ smsPerHour: 1000, loginFailuresPerMinute: 300 });
    expect(loadConfig({ BREAKER_SMS_PER_HOUR: '0', BREAKER_LOGIN_FAILURES_PER_MINUTE: '50' }).breaker).toEqual({
      smsPerHour: 0,
      loginFailuresPerMinute: 50,
    });
    expect(() => loadConfig({ BREAKER_SMS_PER_HOUR: 'many' })).toThrow('BREAKER_SMS_PER_HOUR must be a whole number');
    expect(() => loadConfig({ BREAKER_LOGIN_FAILURES_PER_MINUTE: '-1' })).toThrow(
      'BREAKER_LOGIN_FAILURES_PER_MINUTE must be a whole number',
    );
  });
});

describe('the site-wide SMS breaker', () => {
  it("refuses every send past the hour's ceiling, whatever phone and address, without spending their allowance; the next hour sends again", async () => {
    expect((await sendCode('13700000001')).statusCode).toBe(200);
    expect((await sendCode('13700000002')).statusCode).toBe(200);
    expect(server.sms.sent).toHaveLength(2);
    expectBreaker(await sendCode('13700000003'), SMS_BREAKER_MESSAGE);
    expect(server.sms.sent).toHaveLength(2);
    const phoneCounted = await server.db.kysely
      .selectFrom('attemptEvent')
      .selectAll()
      .where('subject', '=', '13700000003')
      .execute();
    expect(phoneCounted).toEqual([]);

    clock += 60 * 60 * 1000 + SMS_CODE_RULES.resendSeconds * 1000;
    expect((await sendCode('13700000003')).statusCode).toBe(200);
    expect(server.sms.sent).toHaveLength(3);
  });
});

describe('the site-wide log-in breaker', () => {
  const consoleSignIn = () =>
    server.app.inject({
      method: 'POST',
      url: '/lianmeng/auth/login',
      remoteAddress: freshAddress(),
      headers: { cookie: `${XSRF_COOKIE}=${TEST_XSRF}`, [HEADERS.xsrf]: TEST_XSRF },
      payload: { username: 'editor', password: TEST_PASSWORD },
    });
  const legacy = (password: string) =>
    server.app.inject({
      method: 'POST',
      url: `/api/ValidateCardByPass/20000003/${encodeURIComponent(password)}`,
      remoteAddress: freshAddress(),
      headers: { cookie: `${XSRF_COOKIE}=${TEST_XSRF}`, [HEADERS.xsrf]: TEST_XSRF },
    });

  it("trips on the minute's failures from anywhere, refuses every log-in (the right password too), and closes again a minute later", async () => {
    await server.signIn('editor');
    clock += 2 * 60 * 1000;
    // Three failures, each from another address on another account: no per-address or per-account rule sees them.
    expect(
      (await cardLogin(server, '20000001', 'Not-the-password-1', freshAddress(), new Date(clock))).statusCode,
    ).toBe(401);
    expect((await legacy('Not-the-password-2')).json().data).toEqual({ valid: false });
    const phoneLogin = await postForm(
      server,
      '/api/uc/user/loginByPhoneAndCode',
      { phone: '13700000002', code: '000000' },
      { remoteAddress: freshAddress() },
    );
    expect(phoneLogin.statusCode).toBe(401);

    expectBreaker(
      await cardLogin(server, '20000002', TEST_PASSWORD, freshAddress(), new Date(clock)),
      LOGIN_BREAKER_MESSAGE,
    );
    expectBreaker(await consoleSignIn(), LOGIN_BREAKER_MESSAGE);
    expectBreaker(await legacy(TEST_PASSWORD), LOGIN_BREAKER_MESSAGE);
    // Pages and other calls are not affected.
    expect((await server.app.inject({ method: 'GET', url: '/api/uc/user/publicKey' })).statusCode).toBe(200);

    clock += 61 * 1000;
    expect((await cardLogin(server, '20000002', TEST_PASSWORD, freshAddress(), new Date(clock))).statusCode).toBe(200);
    expect((await consoleSignIn()).statusCode).toBe(200);
  });
});
