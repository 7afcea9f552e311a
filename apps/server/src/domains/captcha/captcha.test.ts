import fs from 'node:fs/promises';
import path from 'node:path';
import {
  CAPTCHA_REFUSED_MESSAGE,
  CAPTCHA_REQUIRED_MESSAGE,
  CAPTCHA_RULES,
  type CaptchaProofChallenge,
  HEADERS,
  SMS_CODE_RULES,
  XSRF_COOKIE,
} from '@lianmeng/core';
import { solveInThisThread } from '@lianmeng/core/captchaProof';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  buildCardsOnOnePhone,
  encryptCard,
  FIRST_CARD,
  postForm,
  publicKeyOf,
  SECOND_CARD,
  SHARED_PHONE,
} from '../../testing/cardHolders';
import { createTestServer, TEST_PASSWORD, TEST_XSRF, type TestServer } from '../../testing/testServer';
import { CAPTCHA_TEST_ANSWERS_FILE } from './challenges';

const SMS_KEY = 'a-shared-sms-code-key-of-at-least-32-characters';
let server: TestServer;
let clock = Date.now();
let addressCounter = 0;
const freshAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const captchaOn = { captcha: true, captchaAnswersForTests: true, smsCodeKey: SMS_KEY };

beforeAll(async () => {
  server = await createTestServer(captchaOn, () => new Date(clock));
  await buildCardsOnOnePhone(server);
});
afterAll(() => server.close());

const newChallenge = async (on: TestServer = server, remoteAddress = freshAddress()) => {
  const response = await on.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress });
  expect(response.statusCode).toBe(200);
  return response.json().data as { captchaId: string; image: string; proof: CaptchaProofChallenge };
};

/**
 * The picture's answer and a solved proof of work, as the test-only switch writes them down (the server
 * itself never sends either): the proof is solved for real once below, and taken from here elsewhere.
 */
const answerOf = async (on: TestServer, captchaId: string) => {
  const lines = (await fs.readFile(path.join(on.dataDir, CAPTCHA_TEST_ANSWERS_FILE), 'utf8')).trim().split('\n');
  const line = lines.find((candidate) => candidate.startsWith(`${captchaId} `));
  if (!line) throw new Error(`no answer written for ${captchaId}`);
  const [, code = '', proof = ''] = line.split(' ');
  return { code, proof };
};

const solved = async (on: TestServer = server) => {
  const { captchaId } = await newChallenge(on);
  const { code, proof } = await answerOf(on, captchaId);
  return { captchaId, captchaCode: code, captchaProof: proof };
};

/** Every send is a minute after the last, so the per-phone minute limit never gets in the way. */
const sendCode = (form: Record<string, string>, on: TestServer = server) => {
  clock += SMS_CODE_RULES.resendSeconds * 1000 + 1000;
  return postForm(on, '/api/uc/user/sendCode', { phone: SHARED_PHONE, ...form }, { remoteAddress: freshAddress() });
};

const expectRefusal = (response: { statusCode: number; json(): unknown }, message: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ status: 400, message });
};

const otherAnswer = (answer: string) =>
  [...answer]
    .map((char) => (char === CAPTCHA_RULES.alphabet[0] ? CAPTCHA_RULES.alphabet[1] : CAPTCHA_RULES.alphabet[0]))
    .join('');

describe('GET /api/captcha', () => {
  it('answers a raster picture and a proof of work, never cached, its answer stored only as a keyed hash', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { captchaId, image, proof, required } = response.json().data;
    expect(required).toBe(true);
    expect(captchaId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(image).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(proof.parameters).toMatchObject({
      algorithm: CAPTCHA_RULES.proof.algorithm,
      cost: CAPTCHA_RULES.proof.cost,
      data: { captchaId },
    });
    expect(proof.signature).toMatch(/^[0-9a-f]{64}$/);
    const { code: answer } = await answerOf(server, captchaId);
    expect(answer).toMatch(new RegExp(`^[${CAPTCHA_RULES.alphabet}]{${CAPTCHA_RULES.length}}$`));
    // Only pixels are sent: the answer is nowhere in the answer as text.
    expect(response.body).not.toContain(answer);
    const rows = await server.db.kysely
      .selectFrom('captchaChallenge')
      .selectAll()
      .where('id', '=', captchaId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(answer);
    expect(new Date(rows[0]?.expiresTime ?? 0).getTime() - new Date(rows[0]?.createTime ?? 0).getTime()).toBe(
      CAPTCHA_RULES.validMs,
    );
  });

  it('picks answers only from the alphabet without look-alike characters', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => (await answerOf(server, (await newChallenge()).captchaId)).code),
    );
    for (const char of answers.join('')) expect(CAPTCHA_RULES.alphabet).toContain(char);
    for (const group of ['0OD', '1IL', '2Z', '5S', '8B', '6G', 'UV', '9Q', 'CG']) {
      expect([...group].filter((char) => CAPTCHA_RULES.alphabet.includes(char)).length).toBeLessThanOrEqual(1);
    }
  });

  it('refuses an address that asks for too many challenges, in Chinese', async () => {
    const address = freshAddress();
    for (let index = 0; index < CAPTCHA_RULES.perAddress; index++) await newChallenge(server, address);
    const refused = await server.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('获取图形验证码过于频繁，请稍后再试');
    // Another address is not affected.
    await newChallenge();
  });

  it('sweeps expired challenges as new ones are made', async () => {
    const { captchaId } = await newChallenge();
    clock += CAPTCHA_RULES.validMs + 1000;
    await newChallenge();
    const left = await server.db.kysely
      .selectFrom('captchaChallenge')
      .select('id')
      .where('id', '=', captchaId)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('the challenge before an SMS code is sent', () => {
  it('is required: without one nothing is sent and nothing is counted', async () => {
    const before = server.sms.sent.length;
    expectRefusal(await sendCode({}), CAPTCHA_REQUIRED_MESSAGE);
    expectRefusal(await sendCode({ captchaId: (await newChallenge()).captchaId }), CAPTCHA_REQUIRED_MESSAGE);
    expect(server.sms.sent.length).toBe(before);
    const counted = await server.db.kysely
      .selectFrom('attemptEvent')
      .selectAll()
      .where('rule', 'like', 'sms-sent:%')
      .execute();
    expect(counted).toEqual([]);
  });

  it('sends the code with the right answer, in any case', async () => {
    const before = server.sms.sent.length;
    const answer = await solved();
    const response = await sendCode({ ...answer, captchaCode: answer.captchaCode.toLowerCase() });
    expect(response.statusCode).toBe(200);
    expect(server.sms.sent.length).toBe(before + 1);
  });

  it('refuses a wrong answer and uses the challenge up: the right answer after it is refused too', async () => {
    const before = server.sms.sent.length;
    const answer = await solved();
    expectRefusal(await sendCode({ ...answer, captchaCode: otherAnswer(answer.captchaCode) }), CAPTCHA_REFUSED_MESSAGE);
    expectRefusal(await sendCode(answer), CAPTCHA_REFUSED_MESSAGE);
    expect(server.sms.sent.length).toBe(before);
  });

  it('refuses a reused answer', async () => {
    const answer = await solved();
    expect((await sendCode(answer)).statusCode).toBe(200);
    const before = server.sms.sent.length;
    expectRefusal(await sendCode(answer), CAPTCHA_REFUSED_MESSAGE);
    expect(server.sms.sent.length).toBe(before);
  });

  it('refuses an expired answer', async () => {
    const answer = await solved();
    clock += CAPTCHA_RULES.validMs + 1000;
    const before = server.sms.sent.length;
    expectRefusal(await sendCode(answer), CAPTCHA_REFUSED_MESSAGE);
    expect(server.sms.sent.length).toBe(before);
  });

  it('refuses an unknown challenge id', async () => {
    expectRefusal(await sendCode({ captchaId: 'x'.repeat(24), captchaCode: '3467' }), CAPTCHA_REFUSED_MESSAGE);
  });

  it('lets two requests with one answer send one code between them', async () => {
    const answer = await solved();
    const before = server.sms.sent.length;
    clock += SMS_CODE_RULES.resendSeconds * 1000 + 1000;
    const [first, second] = await Promise.all([
      postForm(server, '/api/uc/user/sendCode', { phone: '13900000001', ...answer }, { remoteAddress: freshAddress() }),
      postForm(server, '/api/uc/user/sendCode', { phone: '13900000002', ...answer }, { remoteAddress: freshAddress() }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    // Neither phone holds a card, so nothing is sent; what matters is that only one got past the challenge.
    expect(server.sms.sent.length).toBe(before);
  });
});

describe('the proof of work beside the picture', () => {
  const decoded = (proof: string) => JSON.parse(Buffer.from(proof, 'base64').toString('utf8'));
  const encoded = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');

  it('is solved for real by the ALTCHA solver from the challenge as sent, and accepted', async () => {
    const { captchaId, proof } = await newChallenge();
    const solution = await solveChallenge({ challenge: proof, deriveKey });
    expect(solution).not.toBeNull();
    const captchaProof = encoded({ challenge: proof, solution });
    const before = server.sms.sent.length;
    const response = await sendCode({ captchaId, captchaCode: (await answerOf(server, captchaId)).code, captchaProof });
    expect(response.statusCode).toBe(200);
    expect(server.sms.sent.length).toBe(before + 1);
  });

  it("is solved by the browsers' own solver (WebCrypto, as in the worker) and accepted", async () => {
    const { captchaId, proof } = await newChallenge();
    const captchaProof = await solveInThisThread(proof);
    expect(captchaProof).not.toBeNull();
    const before = server.sms.sent.length;
    const response = await sendCode({
      captchaId,
      captchaCode: (await answerOf(server, captchaId)).code,
      captchaProof: captchaProof ?? '',
    });
    expect(response.statusCode).toBe(200);
    expect(server.sms.sent.length).toBe(before + 1);
  });

  it('is required: the right characters without it are refused, and the challenge is used up', async () => {
    const before = server.sms.sent.length;
    const { captchaProof, ...withoutProof } = await solved();
    expectRefusal(await sendCode(withoutProof), CAPTCHA_REFUSED_MESSAGE);
    expectRefusal(await sendCode({ ...withoutProof, captchaProof }), CAPTCHA_REFUSED_MESSAGE);
    expect(server.sms.sent.length).toBe(before);
  });

  it("refuses a wrong key, a tampered challenge, another challenge's proof and a malformed one", async () => {
    const before = server.sms.sent.length;
    const wrongKey = await solved();
    const payload = decoded(wrongKey.captchaProof);
    payload.solution.derivedKey = `${payload.solution.derivedKey.startsWith('0') ? '1' : '0'}${payload.solution.derivedKey.slice(1)}`;
    expectRefusal(await sendCode({ ...wrongKey, captchaProof: encoded(payload) }), CAPTCHA_REFUSED_MESSAGE);

    const tampered = await solved();
    const easier = decoded(tampered.captchaProof);
    easier.challenge.parameters.cost = 1;
    expectRefusal(await sendCode({ ...tampered, captchaProof: encoded(easier) }), CAPTCHA_REFUSED_MESSAGE);

    const [first, second] = [await solved(), await solved()];
    expectRefusal(await sendCode({ ...first, captchaProof: second.captchaProof }), CAPTCHA_REFUSED_MESSAGE);

    const malformed = await solved();
    expectRefusal(await sendCode({ ...malformed, captchaProof: 'bm90IGpzb24=' }), CAPTCHA_REFUSED_MESSAGE);
    expect(server.sms.sent.length).toBe(before);
  });

  it('refuses a proof whose challenge has expired, even with the right characters', async () => {
    const answer = await solved();
    clock += CAPTCHA_RULES.validMs + 1000;
    expectRefusal(await sendCode(answer), CAPTCHA_REFUSED_MESSAGE);
  });
});

describe('the legacy POST /api/ValidateCardByPass/{u}/{p}', () => {
  const legacy = (password: string, remoteAddress: string, query: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: `/api/ValidateCardByPass/${SECOND_CARD}/${encodeURIComponent(password)}`,
      query,
      remoteAddress,
      headers: { cookie: `${XSRF_COOKIE}=${TEST_XSRF}`, [HEADERS.xsrf]: TEST_XSRF },
    });

  it('asks for the challenge after three failures like the card log-in, in its query, its body still empty', async () => {
    for (let index = 0; index < CAPTCHA_RULES.afterFailures; index++) {
      expect((await legacy('not-the-password', freshAddress())).json().data).toEqual({ valid: false });
    }
    const address = freshAddress();
    expectRefusal(await legacy(TEST_PASSWORD, address), CAPTCHA_REQUIRED_MESSAGE);
    expectRefusal(
      await legacy(TEST_PASSWORD, address, { ...(await solved()), captchaCode: 'WWWW' }),
      CAPTCHA_REFUSED_MESSAGE,
    );
    const passed = await legacy(TEST_PASSWORD, address, await solved());
    expect(passed.json()).toEqual({ status: 200, message: expect.any(String), data: { valid: true } });
  });
});

describe('the challenge after repeated failures', () => {
  const login = (form: Record<string, string>, remoteAddress: string) =>
    postForm(server, '/api/uc/user/loginByPhoneAndCode', { phone: SHARED_PHONE, ...form }, { remoteAddress });

  it('is asked of a phone log-in after three wrong codes from the address, and then lets the right code in', async () => {
    const address = freshAddress();
    const answer = await solved();
    expect((await sendCode(answer)).statusCode).toBe(200);
    const code = server.sms.lastCodeFor(SHARED_PHONE) ?? '';
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let index = 0; index < CAPTCHA_RULES.afterFailures; index++) {
      expect((await login({ code: wrong }, address)).statusCode).toBe(401);
    }
    expectRefusal(await login({ code }, address), CAPTCHA_REQUIRED_MESSAGE);
    expectRefusal(await login({ code, ...(await solved()), captchaCode: 'WWWW' }, address), CAPTCHA_REFUSED_MESSAGE);
    // Refusing the challenge did not cost the code.
    const response = await login({ code, ...(await solved()) }, address);
    expect(response.statusCode).toBe(200);
  });

  it('is asked for a phone after three wrong codes on it from other addresses', async () => {
    const phone = '13900000009';
    for (let index = 0; index < CAPTCHA_RULES.afterFailures; index++) {
      const response = await postForm(
        server,
        '/api/uc/user/loginByPhoneAndCode',
        { phone, code: '123456' },
        { remoteAddress: freshAddress() },
      );
      expect(response.statusCode).toBe(401);
    }
    const owner = await postForm(
      server,
      '/api/uc/user/loginByPhoneAndCode',
      { phone, code: '123456' },
      { remoteAddress: freshAddress() },
    );
    expectRefusal(owner, CAPTCHA_REQUIRED_MESSAGE);
  });

  it('is asked of a password reset after three wrong codes from the address', async () => {
    const address = freshAddress();
    const reset = (form: Record<string, string>) =>
      postForm(
        server,
        '/api/uc/user/resetPassword',
        { phone: '13900000010', cardNo: FIRST_CARD, newPassword: 'Qiche-Feiji-2026!', ...form },
        { remoteAddress: address },
      );
    for (let index = 0; index < CAPTCHA_RULES.afterFailures; index++) {
      expect((await reset({ code: '000000' })).statusCode).toBe(401);
    }
    expectRefusal(await reset({ code: '000000' }), CAPTCHA_REQUIRED_MESSAGE);
    expect((await reset({ code: '000000', ...(await solved()) })).statusCode).toBe(401);
  });

  it('is asked of a card log-in after three failures on the card, and the right password then gets in', async () => {
    const publicKey = await publicKeyOf(server);
    const cardLogin = (password: string, remoteAddress: string, extra: Record<string, string> = {}) =>
      postForm(
        server,
        '/api/uc/user/ValidateCardByPass',
        { ...encryptCard(publicKey, FIRST_CARD, password, new Date(clock)), ...extra },
        { remoteAddress },
      );
    for (let index = 0; index < CAPTCHA_RULES.afterFailures; index++) {
      expect((await cardLogin('not-the-password', freshAddress())).statusCode).toBe(401);
    }
    const owner = freshAddress();
    expectRefusal(await cardLogin(TEST_PASSWORD, owner), CAPTCHA_REQUIRED_MESSAGE);
    expectRefusal(
      await cardLogin(TEST_PASSWORD, owner, { ...(await solved()), captchaCode: 'WWWW' }),
      CAPTCHA_REFUSED_MESSAGE,
    );
    expect((await cardLogin(TEST_PASSWORD, owner, await solved())).statusCode).toBe(200);
  });

  it('is asked of a console sign-in after three failures from the address', async () => {
    await server.signIn('editor');
    const address = freshAddress();
    const signIn = (form: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/lianmeng/auth/login',
        remoteAddress: address,
        headers: { cookie: `${XSRF_COOKIE}=${TEST_XSRF}`, [HEADERS.xsrf]: TEST_XSRF },
        payload: form,
      });
    for (let index = 0; index < CAPTCHA_RULES.afterFailures; index++) {
      expect((await signIn({ username: 'nobody', password: 'wrong' })).statusCode).toBe(401);
    }
    expectRefusal(await signIn({ username: 'editor', password: TEST_PASSWORD }), CAPTCHA_REQUIRED_MESSAGE);
    expect((await signIn({ username: 'editor', password: TEST_PASSWORD, ...(await solved()) })).statusCode).toBe(200);
  });
});

describe('CAPTCHA=off', () => {
  it('is read from the environment: on unless "off", anything else refused at start-up', () => {
    expect(loadConfig({}).captcha).toBe(true);
    expect(loadConfig({ CAPTCHA: 'on' }).captcha).toBe(true);
    expect(loadConfig({ CAPTCHA: 'off' }).captcha).toBe(false);
    expect(() => loadConfig({ CAPTCHA: 'no' })).toThrow('CAPTCHA must be "on" or "off"');
    expect(loadConfig({}).captchaAnswersForTests).toBe(false);
  });

  it('asks for no challenge, before an SMS code or after failures', async () => {
    const off = await createTestServer({ captcha: false });
    try {
      await buildCardsOnOnePhone(off);
      const sent = await postForm(off, '/api/uc/user/sendCode', { phone: SHARED_PHONE }, { remoteAddress: '10.8.0.1' });
      expect(sent.statusCode).toBe(200);
      expect(off.sms.sent).toHaveLength(1);
      // The forms learn that they need show none; nothing is stored.
      const challenge = await off.app.inject({ method: 'GET', url: '/api/captcha' });
      expect(challenge.json().data).toEqual({ captchaId: '', image: '', proof: null, required: false });
      expect(challenge.headers['cache-control']).toBe('no-store');
      expect(await off.db.kysely.selectFrom('captchaChallenge').selectAll().execute()).toEqual([]);
      for (let index = 0; index <= CAPTCHA_RULES.afterFailures; index++) {
        const response = await postForm(
          off,
          '/api/uc/user/loginByPhoneAndCode',
          { phone: SHARED_PHONE, code: '000000' },
          { remoteAddress: '10.8.0.1' },
        );
        expect(response.statusCode).toBe(401);
      }
    } finally {
      await off.close();
    }
  });
});

describe('several processes sharing one database', () => {
  it('check an answer on one process that another handed out, once', async () => {
    const first = await createTestServer(captchaOn);
    const databaseUrl = first.config.databaseUrl ?? `sqlite:${path.join(first.dataDir, 'lianmeng.sqlite')}`;
    const second = await createTestServer({ ...captchaOn, databaseUrl });
    try {
      await buildCardsOnOnePhone(first);
      const answer = await solved(first);
      const sent = await postForm(
        second,
        '/api/uc/user/sendCode',
        { phone: SHARED_PHONE, ...answer },
        { remoteAddress: '10.8.1.1' },
      );
      expect(sent.statusCode).toBe(200);
      expect(second.sms.sent).toHaveLength(1);
      const again = await postForm(
        first,
        '/api/uc/user/sendCode',
        { phone: SHARED_PHONE, ...answer },
        { remoteAddress: '10.8.1.2' },
      );
      expectRefusal(again, CAPTCHA_REFUSED_MESSAGE);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
