import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SMS_CODE_RULES } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttemptLimiter } from '../../security/attemptLimiter';
import { LOGIN_RULES, SLOW_DOWN_MS } from '../../security/loginRules';
import { SMS_CODE_KEY_FILE } from '../../security/smsCodeKey';
import { sha256 } from '../../security/tokens';
import {
  addressesIn,
  answerCardStep,
  buildCardsOnOnePhone,
  cardLogin,
  FIRST_CARD,
  postForm,
  SECOND_CARD,
  SHARED_PHONE,
  tokenOf,
} from '../../testing/cardHolders';
import { buildCardHolder } from '../../testing/factories';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';
import { SMS_CODE_REFUSED } from './verifySmsCode';

let server: TestServer;
let clock = Date.now();
const freshAddress = addressesIn(1);

beforeAll(async () => {
  server = await createTestServer({}, () => new Date(clock));
  await buildCardsOnOnePhone(server);
});
afterAll(() => server.close());

/** Every send is a minute after the last, so the per-phone minute limit never gets in the way. */
const sendCode = async (phone = SHARED_PHONE, remoteAddress = freshAddress()) => {
  clock += SMS_CODE_RULES.resendSeconds * 1000 + 1000;
  return postForm(server, '/api/uc/user/sendCode', { phone }, { remoteAddress });
};
const newCode = async (phone = SHARED_PHONE) => {
  expect((await sendCode(phone)).statusCode).toBe(200);
  const code = server.sms.lastCodeFor(phone);
  if (!code) throw new Error('no code was sent');
  return code;
};
const phoneLogin = (form: Record<string, string>) =>
  postForm(server, '/api/uc/user/loginByPhoneAndCode', form, { remoteAddress: freshAddress() });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sendCode', () => {
  it('sends a 6-digit code that appears in no response', async () => {
    const response = await sendCode();
    expect(response.json()).toEqual({
      status: 200,
      message: expect.any(String),
      data: { cooldownSeconds: SMS_CODE_RULES.resendSeconds },
    });
    const code = server.sms.lastCodeFor(SHARED_PHONE);
    expect(code).toMatch(/^\d{6}$/);
    expect(response.body).not.toContain(code);
    const stored = await server.db.kysely.selectFrom('smsCode').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);
  });

  it('stores the code hashed with a key kept in DATA_DIR (owner-only), not with a plain hash', async () => {
    await sendCode();
    const code = server.sms.lastCodeFor(SHARED_PHONE) ?? '';
    const row = await server.db.kysely
      .selectFrom('smsCode')
      .select('codeHash')
      .where('phone', '=', SHARED_PHONE)
      .executeTakeFirstOrThrow();
    expect(row.codeHash).not.toBe(createHash('sha256').update(`sms:${SHARED_PHONE}:${code}`).digest('hex'));
    const keyFile = path.join(server.dataDir, SMS_CODE_KEY_FILE);
    expect((await fs.stat(keyFile)).mode & 0o777).toBe(0o600);
    const key = Buffer.from((await fs.readFile(keyFile, 'utf8')).trim(), 'hex');
    expect(key).toHaveLength(32);
    expect(row.codeHash).toBe(createHmac('sha256', key).update(`sms:${SHARED_PHONE}:${code}`).digest('hex'));
  });

  it('allows one send a minute per phone', async () => {
    await sendCode('13900000001');
    const again = await postForm(
      server,
      '/api/uc/user/sendCode',
      { phone: '13900000001' },
      { remoteAddress: freshAddress() },
    );
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/频繁/);
  });

  it('sends one code for twenty simultaneous requests for one phone (the limit cannot be raced)', async () => {
    const phone = '13600000009';
    await buildCardHolder(server.db, { cardNo: '10000009', phone });
    const before = server.sms.sent.length;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        postForm(server, '/api/uc/user/sendCode', { phone }, { remoteAddress: freshAddress() }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(19);
    expect(server.sms.sent.length - before).toBe(1);
  });

  it('allows ten sends a day per phone', async () => {
    for (let index = 0; index < SMS_CODE_RULES.perPhonePerDay; index++) {
      expect((await sendCode('13900000002')).statusCode).toBe(200);
    }
    const eleventh = await sendCode('13900000002');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(/今日/);
  });

  it('holds sends from a busy address past its soft limit, and refuses a flood', async () => {
    const address = '10.9.9.9';
    const rule = LOGIN_RULES.smsPerAddress;
    for (let index = 0; index < rule.slowAfter; index++) {
      expect((await sendCode(`1370000${String(index).padStart(4, '0')}`, address)).statusCode).toBe(200);
    }
    // A school behind one gateway: the next pupil waits a little but is not refused.
    const heldFrom = Date.now();
    expect((await sendCode('13799999998', address)).statusCode).toBe(200);
    expect(Date.now() - heldFrom).toBeGreaterThanOrEqual(SLOW_DOWN_MS - 50);
    // A flood reaches the ceiling (counted here directly rather than waited out send by send).
    const limiter = createAttemptLimiter(server.db, () => new Date(clock + SMS_CODE_RULES.resendSeconds * 1000));
    const { count } = await limiter.recent(rule, address);
    for (let index = count; index < rule.max; index++) await limiter.record([{ rule, subject: address }]);
    expect((await sendCode('13799999999', address)).statusCode).toBe(429);
  });

  it('answers the same for a phone without a card, and sends nothing', async () => {
    const before = server.sms.sent.length;
    const response = await sendCode('13100000000');
    expect(response.statusCode).toBe(200);
    expect(server.sms.sent.length).toBe(before);
  });

  it('needs the anti-forgery header and a valid phone', async () => {
    const noXsrf = await postForm(server, '/api/uc/user/sendCode', { phone: SHARED_PHONE }, { xsrf: false });
    expect(noXsrf.statusCode).toBe(403);
    clock += 61_000;
    const bad = await postForm(server, '/api/uc/user/sendCode', { phone: '12345' }, { remoteAddress: freshAddress() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/手机号/);
  });
});

describe('loginByPhoneAndCode', () => {
  it('logs in with the code, answers the first card and every card of the phone', async () => {
    const code = await newCode();
    const response = await phoneLogin({ phone: SHARED_PHONE, code });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.ucUserInfo.cardNo).toBe(FIRST_CARD);
    expect(data.cardNoOfData).toEqual([FIRST_CARD, SECOND_CARD]);
    expect(response.body).not.toContain(code);
  });

  it('picks the card the client names', async () => {
    const code = await newCode();
    const response = await phoneLogin({ phone: SHARED_PHONE, code, cardNo: SECOND_CARD });
    // The second card is an institution account: no token before its code, which the step then takes.
    const { secondFactor: step, cardNoOfData } = response.json().data;
    expect(response.json().data.token).toBeUndefined();
    expect(cardNoOfData).toEqual([FIRST_CARD, SECOND_CARD]);
    const passed = await answerCardStep(server, SECOND_CARD, step);
    expect(passed.json().data).toMatchObject({
      ucUserInfo: { cardNo: SECOND_CARD, institution: true },
      cardNoOfData: [FIRST_CARD, SECOND_CARD],
    });
    const token = tokenOf(passed);
    const bound = await server.db.kysely
      .selectFrom('cardToken')
      .select(['cardNo', 'loginPhone'])
      .where('tokenHash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(bound).toEqual({ cardNo: SECOND_CARD, loginPhone: SHARED_PHONE });
  });

  it('uses a code once', async () => {
    const code = await newCode();
    expect((await phoneLogin({ phone: SHARED_PHONE, code })).statusCode).toBe(200);
    const again = await phoneLogin({ phone: SHARED_PHONE, code });
    expect(again.json()).toEqual({ status: 401, message: SMS_CODE_REFUSED });
  });

  it('kills a code after five wrong tries', async () => {
    const code = await newCode();
    for (let index = 0; index < SMS_CODE_RULES.maxTries; index++) {
      expect((await phoneLogin({ phone: SHARED_PHONE, code: wrongCodeFor(code) })).statusCode).toBe(401);
    }
    expect((await phoneLogin({ phone: SHARED_PHONE, code })).statusCode).toBe(401);
  });

  it('refuses a code after five minutes', async () => {
    const code = await newCode();
    clock += SMS_CODE_RULES.validMs + 1000;
    expect((await phoneLogin({ phone: SHARED_PHONE, code })).json()).toEqual({
      status: 401,
      message: SMS_CODE_REFUSED,
    });
  });

  it('refuses a card that is not the phone’s, without issuing a token', async () => {
    const code = await newCode();
    const before = await server.db.kysely.selectFrom('cardToken').select('tokenHash').execute();
    const response = await phoneLogin({ phone: SHARED_PHONE, code, cardNo: '99999999' });
    expect(response.statusCode).toBe(401);
    expect(await server.db.kysely.selectFrom('cardToken').select('tokenHash').execute()).toEqual(before);
  });

  it('needs the anti-forgery header', async () => {
    const code = await newCode();
    const response = await postForm(
      server,
      '/api/uc/user/loginByPhoneAndCode',
      { phone: SHARED_PHONE, code },
      { xsrf: false },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('resetPassword', () => {
  it('sets a new password with a code; the old one and the card’s tokens stop working', async () => {
    const login = await cardLogin(server, SECOND_CARD, TEST_PASSWORD, freshAddress(), new Date(clock));
    const oldToken = tokenOf(login);
    const code = await newCode();
    const newPassword = 'Brand-new-pass-1';
    const response = await postForm(
      server,
      '/api/uc/user/resetPassword',
      { phone: SHARED_PHONE, code, cardNo: SECOND_CARD, newPassword },
      { remoteAddress: freshAddress() },
    );
    expect(response.statusCode).toBe(200);
    expect((await cardLogin(server, SECOND_CARD, TEST_PASSWORD, freshAddress(), new Date(clock))).statusCode).toBe(401);
    expect((await cardLogin(server, SECOND_CARD, newPassword, freshAddress(), new Date(clock))).statusCode).toBe(200);
    const info = await server.app.inject({
      method: 'GET',
      url: '/api/uc/user/info',
      headers: { authorization: oldToken },
    });
    expect(info.statusCode).toBe(401);
  });

  it('sets a new password with a fresh code after strangers sent a dozen wrong codes for the phone', async () => {
    // A new day, so this test's four sends are within the phone's daily allowance.
    clock += 24 * 60 * 60 * 1000;
    // Strangers use up three codes with twelve wrong guesses (more than the old per-phone block of ten).
    for (let index = 0; index < 12; index += 1) {
      if (index % 4 === 0) await newCode();
      const wrong = await postForm(
        server,
        '/api/uc/user/resetPassword',
        { phone: SHARED_PHONE, code: '000000', cardNo: FIRST_CARD, newPassword: 'Stranger-pass-3' },
        { remoteAddress: freshAddress() },
      );
      expect(wrong.statusCode).toBe(401);
    }
    const code = await newCode();
    const response = await postForm(
      server,
      '/api/uc/user/resetPassword',
      { phone: SHARED_PHONE, code, cardNo: FIRST_CARD, newPassword: 'Owner-fresh-pass-4' },
      { remoteAddress: freshAddress() },
    );
    expect(response.json()).toMatchObject({ status: 200 });
    const login = await cardLogin(server, FIRST_CARD, 'Owner-fresh-pass-4', freshAddress(), new Date(clock));
    expect(login.statusCode).toBe(200);
  });

  it('refuses a guessable new password without using up the code', async () => {
    const code = await newCode();
    const weak = await postForm(
      server,
      '/api/uc/user/resetPassword',
      { phone: SHARED_PHONE, code, cardNo: FIRST_CARD, newPassword: '12345678' },
      { remoteAddress: freshAddress() },
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/^密码太容易被猜到/);
    const strong = await postForm(
      server,
      '/api/uc/user/resetPassword',
      { phone: SHARED_PHONE, code, cardNo: FIRST_CARD, newPassword: 'Owner-second-pass-5' },
      { remoteAddress: freshAddress() },
    );
    expect(strong.statusCode).toBe(200);
  });

  it('refuses a wrong code and changes nothing', async () => {
    const code = await newCode();
    const before = await server.db.kysely.selectFrom('cardHolder').selectAll().orderBy('cardNo').execute();
    const response = await postForm(
      server,
      '/api/uc/user/resetPassword',
      { phone: SHARED_PHONE, code: wrongCodeFor(code), cardNo: FIRST_CARD, newPassword: 'Another-pass-2' },
      { remoteAddress: freshAddress() },
    );
    expect(response.statusCode).toBe(401);
    expect(await server.db.kysely.selectFrom('cardHolder').selectAll().orderBy('cardNo').execute()).toEqual(before);
  });

  it('refuses a password with whitespace in Chinese', async () => {
    const response = await postForm(
      server,
      '/api/uc/user/resetPassword',
      { phone: SHARED_PHONE, code: '123456', cardNo: FIRST_CARD, newPassword: 'has space 123' },
      { remoteAddress: freshAddress() },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/空白/);
  });
});
