import { CAPTCHA_REQUIRED_MESSAGE, HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptCard, postForm, publicKeyOf } from '../testing/cardHolders';
import { buildCardHolder, TEST_PASSWORD } from '../testing/factories';
import { createTestServer, TEST_XSRF, type TestServer } from '../testing/testServer';
import { type AttemptRule, createAttemptLimiter } from './attemptLimiter';
import { createKnownDevices } from './knownDevices';
import { createLoginGuard, type LoginGuardRules } from './loginGuard';
import { CARD_LOGIN_RULES, LOGIN_RULES, SLOW_DOWN_MS } from './loginRules';

const HOUR = 60 * 60 * 1000;
const LOGIN_URL = '/api/uc/user/ValidateCardByPass';
const accountRule = (kind: string): AttemptRule => ({
  name: `${kind}-login-failed:account`,
  max: Number.MAX_SAFE_INTEGER,
  windowMs: HOUR,
  message: '',
});

let clock = Date.parse('2026-11-23T08:00:00.000Z');
const now = () => new Date(clock);
let publicKey: string;
let server: TestServer;
let captchaServer: TestServer;

/** A card log-in over HTTP with the device cookie the browser has (if any); answers the device cookie it got. */
const login = async (target: TestServer, cardNo: string, password: string, address: string, device?: string) => {
  const response = await target.app.inject({
    method: 'POST',
    url: LOGIN_URL,
    remoteAddress: address,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `${XSRF_COOKIE}=${TEST_XSRF}${device ? `; lm_device_card=${device}` : ''}`,
      [HEADERS.xsrf]: TEST_XSRF,
    },
    payload: new URLSearchParams(
      encryptCard(publicKey, cardNo, password, now()) as unknown as Record<string, string>,
    ).toString(),
  });
  return { response, device: response.cookies.find((cookie) => cookie.name === 'lm_device_card')?.value };
};

const failuresOf = (target: TestServer, cardNo: string) =>
  createAttemptLimiter(target.db, now).recent(accountRule('card'), cardNo);

beforeAll(async () => {
  server = await createTestServer({}, now);
  captchaServer = await createTestServer({ captcha: true }, now);
  publicKey = await publicKeyOf(server);
  for (const target of [server, captchaServer]) {
    for (const cardNo of ['50000001', '50000002', '50000003']) {
      await buildCardHolder(target.db, { cardNo, phone: `139${cardNo}` });
    }
  }
});
afterAll(async () => {
  await server.close();
  await captchaServer.close();
});

describe('attempts reserved before the password is checked', () => {
  it('counts 50 simultaneous wrong passwords from one address as 50; only the free tries reach the check', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async () => (await login(server, '50000001', 'Wrong-guess-1', '192.0.2.1')).response),
    );
    expect((await failuresOf(server, '50000001')).count).toBe(50);
    expect(statuses.filter((response) => response.statusCode === 401)).toHaveLength(CARD_LOGIN_RULES.freeFailures);
    expect(statuses.filter((response) => response.statusCode === 429)).toHaveLength(50 - CARD_LOGIN_RULES.freeFailures);
  });

  it('holds the "challenge after 3 failures" rule under a burst', async () => {
    publicKey = await publicKeyOf(captchaServer);
    try {
      const responses = await Promise.all(
        Array.from(
          { length: 50 },
          async () => (await login(captchaServer, '50000001', 'Wrong-guess-1', '192.0.2.2')).response,
        ),
      );
      expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(CARD_LOGIN_RULES.challengeAfter);
      const challenged = responses.filter((response) => response.statusCode === 400);
      expect(challenged.length).toBeGreaterThan(0);
      expect(challenged[0]?.json().message).toBe(CAPTCHA_REQUIRED_MESSAGE);
      expect(responses.every((response) => [400, 401, 429].includes(response.statusCode))).toBe(true);
      expect((await failuresOf(captchaServer, '50000001')).count).toBe(50);
    } finally {
      publicKey = await publicKeyOf(server);
    }
  });
});

describe('no lock-out of the owner', () => {
  it('lets the owner’s known browser through after 100 failures from 5 addresses; strangers wait; the owner is told', async () => {
    const cardNo = '50000002';
    const owner = await login(server, cardNo, TEST_PASSWORD, '198.51.100.10');
    expect(owner.response.statusCode).toBe(200);
    expect(owner.device).toBeTruthy();

    // Five addresses take turns, each waiting out its doubling delay, until the card has 100 failures.
    const strangers = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];
    const started = clock;
    let wrong = 0;
    while ((await failuresOf(server, cardNo)).count < CARD_LOGIN_RULES.accountPerHour) {
      for (const address of strangers) {
        if ((await failuresOf(server, cardNo)).count >= CARD_LOGIN_RULES.accountPerHour) break;
        const { response } = await login(server, cardNo, 'Stranger-guess-1', address);
        // Wrong, or too soon after the address's last try on the card: either way one more failure counted.
        if (response.statusCode === 401) wrong += 1;
        else expect(response.statusCode).toBe(429);
      }
      clock += 20_000;
    }
    expect(clock - started).toBeLessThan(HOUR);
    expect(wrong).toBeGreaterThan(strangers.length * CARD_LOGIN_RULES.freeFailures);

    // The owner's browser, from yet another address, gets in at once.
    const before = Date.now();
    const back = await login(server, cardNo, TEST_PASSWORD, '198.51.100.99', owner.device);
    expect(back.response.statusCode).toBe(200);
    expect(Date.now() - before).toBeLessThan(SLOW_DOWN_MS);

    // A browser that never logged in to the card is held, not refused.
    const heldFrom = Date.now();
    const stranger = await login(server, cardNo, 'Stranger-guess-2', '203.0.113.77');
    expect(stranger.response.statusCode).toBe(401);
    expect(Date.now() - heldFrom).toBeGreaterThanOrEqual(SLOW_DOWN_MS - 50);

    // Told once, in the inbox and by SMS.
    const messages = await server.db.kysely.selectFrom('message').selectAll().where('cardNo', '=', cardNo).execute();
    expect(messages.map((message) => message.title)).toEqual(['账号安全提醒']);
    expect(server.sms.sent.filter((line) => line.phone === `139${cardNo}`)).toHaveLength(1);
  });

  it('knows a browser only for the account it logged in to, and no cookie but the server’s own', async () => {
    const devices = createKnownDevices('card', async () => Buffer.alloc(32, 7), {
      secure: () => true,
      consoleSessionName: '',
    });
    const set: { value: string; options: Record<string, unknown> }[] = [];
    const reply = {
      setCookie: (_name: string, value: string, options: Record<string, unknown>) => set.push({ value, options }),
    } as unknown as FastifyReply;
    const requestWith = (cookie: string | undefined) =>
      ({ cookies: cookie === undefined ? {} : { lm_device_card: cookie } }) as unknown as FastifyRequest;
    await devices.remember(requestWith(undefined), reply, '50000003');
    const cookie = set[0]?.value ?? '';
    expect(set[0]?.options).toMatchObject({ httpOnly: true, secure: true, sameSite: 'lax', path: '/' });
    expect(cookie).not.toContain('50000003');
    expect(await devices.recognise(requestWith(cookie), '50000003')).toBe(cookie.split('.')[0]);
    expect(await devices.recognise(requestWith(cookie), '50000002')).toBeNull();
    const [device = '', tag = ''] = cookie.split('.');
    const forged = `${device}.${tag.startsWith('A') ? 'B' : 'A'}${tag.slice(1)}`;
    expect(await devices.recognise(requestWith(forged), '50000003')).toBeNull();
    // Another server's key makes other tags.
    const elsewhere = createKnownDevices('card', async () => Buffer.alloc(32, 8), {
      secure: () => true,
      consoleSessionName: '',
    });
    expect(await elsewhere.recognise(requestWith(cookie), '50000003')).toBeNull();
  });
});

describe('SMS codes from a busy address', () => {
  const phoneLogin = (address: string) =>
    postForm(
      server,
      '/api/uc/user/loginByPhoneAndCode',
      { phone: '13950000001', code: '000000' },
      {
        remoteAddress: address,
      },
    );
  const fill = async (address: string, upTo: number) => {
    const rule = LOGIN_RULES.cardFailedPerAddress;
    const limiter = createAttemptLimiter(server.db, now);
    const { count } = await limiter.recent(rule, address);
    for (let index = count; index < upTo; index++) await limiter.record([{ rule, subject: address }]);
  };

  it('holds a wrong code past the address’s soft limit, and refuses only a flood', async () => {
    const address = '192.0.2.90';
    await fill(address, LOGIN_RULES.cardFailedPerAddress.slowAfter);
    const heldFrom = Date.now();
    expect((await phoneLogin(address)).statusCode).toBe(401);
    expect(Date.now() - heldFrom).toBeGreaterThanOrEqual(SLOW_DOWN_MS - 50);
    await fill(address, LOGIN_RULES.cardFailedPerAddress.max);
    const flood = await phoneLogin(address);
    expect(flood.statusCode).toBe(429);
    expect(flood.json().message).toBe(LOGIN_RULES.cardFailedPerAddress.message);
  });
});

describe('the ceilings, with small numbers', () => {
  const rules: LoginGuardRules = {
    kind: 'tiny',
    perAddress: { name: 'tiny:address', max: 6, slowAfter: 3, windowMs: HOUR, message: '地址失败过多' },
    freeFailures: 100,
    maxDelayMs: 0,
    accountPerHour: 4,
    accountCeilingPerHour: 8,
    slowDownMs: 5,
    challengeAfter: 2,
  };
  const deviceOf = (request: FastifyRequest) => (request as unknown as { device: string | null }).device;
  const fakeRequest = (device: string | null) => ({ device }) as unknown as FastifyRequest;

  it('refuses strangers past the ceiling, lets a known device try, asks the challenge and holds past the soft limits', async () => {
    const told: string[] = [];
    const held: number[] = [];
    const guard = createLoginGuard(createAttemptLimiter(server.db, now), rules, now, server.app.log, {
      devices: {
        recognise: async (request) => deviceOf(request),
        remember: async () => {},
      },
      notifyOwner: async (account) => {
        told.push(account);
      },
      wait: async (ms) => {
        held.push(ms);
      },
    });
    const asked: boolean[] = [];
    const challenge = async (needed: boolean) => {
      asked.push(needed);
    };
    let address = 0;
    for (let index = 0; index < rules.accountCeilingPerHour; index++) {
      const attempt = { account: 'tiny-owner', address: `198.18.0.${++address}` };
      await (await guard.begin(attempt, { request: fakeRequest(null), challenge })).failed();
    }
    expect(told).toEqual(['tiny-owner']);
    expect(asked).toEqual([false, false, true, true, true, true, true, true]);
    // Past the account's soft limit each stranger was held.
    expect(held).toEqual([5, 5, 5, 5]);
    await expect(
      guard.begin({ account: 'tiny-owner', address: '198.18.1.1' }, { request: fakeRequest(null) }),
    ).rejects.toMatchObject({ status: 429, message: '该账号登录失败次数过多，请一小时后再试' });
    // The owner's browser is neither refused, nor held, nor challenged.
    const known = await guard.begin(
      { account: 'tiny-owner', address: '198.18.1.1' },
      { request: fakeRequest('owner-device'), challenge },
    );
    expect(asked.at(-1)).toBe(false);
    expect(held).toHaveLength(4);
    await known.succeeded();

    // One address past its soft limit is held and challenged; past its ceiling it is refused.
    held.length = 0;
    for (let index = 0; index < rules.perAddress.max; index++) {
      const attempt = { account: `tiny-${index}`, address: '198.18.2.1' };
      await (await guard.begin(attempt, { request: fakeRequest(null), challenge })).failed();
    }
    expect(held).toEqual([5, 5, 5]);
    await expect(
      guard.begin({ account: 'tiny-x', address: '198.18.2.1' }, { request: fakeRequest(null) }),
    ).rejects.toMatchObject({ status: 429, message: '地址失败过多' });
  });
});
