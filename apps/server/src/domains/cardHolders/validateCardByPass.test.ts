import { CARD_PAYLOAD_MAX_SKEW_MS } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_LOGIN_RULES, LOGIN_RULES } from '../../security/loginRules';
import {
  addressesIn,
  buildCardsOnOnePhone,
  cardLogin,
  encryptCard,
  FIRST_CARD,
  postForm,
  publicKeyOf,
  tokenOf,
} from '../../testing/cardHolders';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';
import { CARD_LOGIN_REFUSED, CARD_PAYLOAD_REFUSED } from './validateCardByPass';

const URL = '/api/uc/user/ValidateCardByPass';
let server: TestServer;
let publicKey: string;
let clock = Date.now();

beforeAll(async () => {
  server = await createTestServer({}, () => new Date(clock));
  await buildCardsOnOnePhone(server);
  publicKey = await publicKeyOf(server);
});
afterAll(() => server.close());

const snapshot = async () => ({
  tokens: await server.db.kysely.selectFrom('cardToken').select('tokenHash').orderBy('tokenHash').execute(),
  holders: await server.db.kysely.selectFrom('cardHolder').selectAll().orderBy('cardNo').execute(),
});

const flipByte = (base64: string, at: number) => {
  const bytes = Buffer.from(base64, 'base64');
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return bytes.toString('base64');
};

const freshAddress = addressesIn(0);

describe('POST /api/uc/user/ValidateCardByPass', () => {
  it('logs a card holder in with the encrypted payload and answers the token and user info', async () => {
    const response = await cardLogin(server, FIRST_CARD, TEST_PASSWORD, freshAddress());
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.ucUserInfo).toMatchObject({ cardNo: FIRST_CARD, phone: '13800000000', operator: false });
    expect(data.token.length).toBeGreaterThanOrEqual(32);
    const stored = await server.db.kysely.selectFrom('cardToken').selectAll().execute();
    // Stored hashed: the token itself is nowhere in the table.
    expect(JSON.stringify(stored)).not.toContain(data.token);
    expect(stored.some((row) => row.cardNo === FIRST_CARD)).toBe(true);
  });

  it('refuses a wrong password with a Chinese 401 and issues nothing', async () => {
    const before = await snapshot();
    const response = await cardLogin(server, FIRST_CARD, 'not-the-password', freshAddress());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 401, message: CARD_LOGIN_REFUSED });
    expect(await snapshot()).toEqual(before);
  });

  it('needs the anti-forgery header', async () => {
    const form = encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock));
    const response = await postForm(server, URL, form, { xsrf: false, remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(403);
  });

  const badPayloads: [string, () => Record<string, string>][] = [
    [
      'a stale timestamp',
      () => encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock - CARD_PAYLOAD_MAX_SKEW_MS - 1000)),
    ],
    [
      'a timestamp from the future',
      () => encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock + CARD_PAYLOAD_MAX_SKEW_MS + 1000)),
    ],
    [
      'a re-timestamped payload',
      () => {
        const form = encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock - 60_000));
        return { ...form, timestamp: String(clock) };
      },
    ],
    [
      'a tampered ciphertext',
      () => {
        const form = encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock));
        return { ...form, data: flipByte(form.data, 20) };
      },
    ],
    [
      'a tampered MAC',
      () => {
        const form = encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock));
        return { ...form, data: flipByte(form.data, Buffer.from(form.data, 'base64').length - 1) };
      },
    ],
    [
      'a tampered IV',
      () => {
        const form = encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock));
        return { ...form, data: flipByte(form.data, 0) };
      },
    ],
    [
      'a tampered wrapped key',
      () => {
        const form = encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock));
        return { ...form, aesKey: flipByte(form.aesKey, 100) };
      },
    ],
    [
      'truncated data',
      () => {
        const form = encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock));
        return { ...form, data: Buffer.from(form.data, 'base64').subarray(0, 40).toString('base64') };
      },
    ],
    [
      'a truncated wrapped key',
      () => {
        const form = encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock));
        return { ...form, aesKey: form.aesKey.slice(0, 100) };
      },
    ],
    ['garbage', () => ({ aesKey: 'not base64 !', data: '%%%', timestamp: String(clock) })],
    ['missing fields', () => ({ timestamp: String(clock) })],
    ['an empty form', () => ({})],
    [
      'a non-numeric timestamp',
      () => ({ ...encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock)), timestamp: 'yesterday' }),
    ],
    [
      'a key for another server',
      () => {
        const form = encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock));
        const other = encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock));
        return { ...form, aesKey: other.aesKey };
      },
    ],
  ];

  it.each(badPayloads)('refuses %s with the one generic message, changes nothing, no 5xx', async (_, make) => {
    const before = await snapshot();
    const response = await postForm(server, URL, make(), { remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, message: CARD_PAYLOAD_REFUSED });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a replayed payload with the same message, even though the first use succeeded', async () => {
    const form = encryptCard(publicKey, FIRST_CARD, TEST_PASSWORD, new Date(clock));
    const address = freshAddress();
    expect((await postForm(server, URL, form, { remoteAddress: address })).statusCode).toBe(200);
    const before = await snapshot();
    const replay = await postForm(server, URL, form, { remoteAddress: address });
    expect(replay.json()).toEqual({ status: 400, message: CARD_PAYLOAD_REFUSED });
    expect(await snapshot()).toEqual(before);
  });

  it('counts bad payloads toward the per-address failure limit, then refuses even a good log-in with a 429', async () => {
    const address = freshAddress();
    for (let index = 0; index < LOGIN_RULES.cardFailedPerAddress.max; index++) {
      const garbage = { aesKey: 'AAAA', data: 'AAAA', timestamp: String(clock) };
      expect((await postForm(server, URL, garbage, { remoteAddress: address })).statusCode).toBe(400);
    }
    const blocked = await cardLogin(server, FIRST_CARD, TEST_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/次数过多/);
    // Another address is not affected.
    expect((await cardLogin(server, FIRST_CARD, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('lets the owner in after strangers failed thirty times on the card from other addresses', async () => {
    for (let index = 0; index < 30; index++) {
      const response = await cardLogin(server, '10000002', 'wrong-password', freshAddress(), new Date(clock));
      expect(response.statusCode).toBe(401);
    }
    const owner = await cardLogin(server, '10000002', TEST_PASSWORD, freshAddress(), new Date(clock));
    expect(owner.statusCode).toBe(200);
    expect(tokenOf(owner)).toBeTruthy();
  });

  it('slows one address after its free tries on a card instead of locking the card', async () => {
    const address = freshAddress();
    for (let index = 0; index < CARD_LOGIN_RULES.freeFailures; index++) {
      expect((await cardLogin(server, FIRST_CARD, 'wrong-password', address, new Date(clock))).statusCode).toBe(401);
    }
    const waiting = await cardLogin(server, FIRST_CARD, TEST_PASSWORD, address, new Date(clock));
    expect(waiting.json()).toEqual({ status: 429, message: '登录失败次数较多，请 1 秒后再试' });
    // Another address is not slowed, and after the wait this one gets in too.
    expect((await cardLogin(server, FIRST_CARD, TEST_PASSWORD, freshAddress(), new Date(clock))).statusCode).toBe(200);
    clock += 1100;
    expect((await cardLogin(server, FIRST_CARD, TEST_PASSWORD, address, new Date(clock))).statusCode).toBe(200);
  });
});
