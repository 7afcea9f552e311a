import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_TOKEN_IDLE_MS, CARD_TOKEN_MAX_MS } from '../../sessions/cardHolderTokens';
import {
  addressesIn,
  buildCardsOnOnePhone,
  cardLogin,
  FIRST_CARD,
  postForm,
  SECOND_CARD,
  tokenOf,
} from '../../testing/cardHolders';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';

let server: TestServer;
let clock = Date.now();
const freshAddress = addressesIn(2);

beforeAll(async () => {
  server = await createTestServer({}, () => new Date(clock));
  await buildCardsOnOnePhone(server);
});
afterAll(() => server.close());

const login = async (cardNo = FIRST_CARD, password = TEST_PASSWORD) =>
  tokenOf(await cardLogin(server, cardNo, password, freshAddress(), new Date(clock)));
const get = (url: string, authorization?: string) =>
  server.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
/** Whose a token is: the account centre's own read of it. */
const whoseToken = (authorization?: string) => get('/api/uc/user/info', authorization);

describe('a card token', () => {
  it('says who it belongs to, as issued or as Bearer, without anti-forgery', async () => {
    const token = await login();
    for (const header of [token, `Bearer ${token}`]) {
      const response = await whoseToken(header);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ cardNo: FIRST_CARD, name: expect.any(String) });
    }
  });

  it('refuses no token and an unknown token with a Chinese 401', async () => {
    expect((await whoseToken()).json()).toEqual({ status: 401, message: '请先登录' });
    expect((await whoseToken('made-up-token')).json()).toEqual({ status: 401, message: '登录已过期，请重新登录' });
  });

  it('refuses a token idle for more than 30 minutes', async () => {
    const token = await login();
    clock += CARD_TOKEN_IDLE_MS + 1000;
    expect((await whoseToken(token)).statusCode).toBe(401);
  });

  it('keeps a token in use alive, but not beyond 12 hours', async () => {
    const token = await login();
    const start = clock;
    while (clock - start < CARD_TOKEN_MAX_MS - CARD_TOKEN_IDLE_MS) {
      clock += CARD_TOKEN_IDLE_MS - 60_000;
      expect((await whoseToken(token)).statusCode).toBe(200);
    }
    clock = start + CARD_TOKEN_MAX_MS + 1000;
    expect((await whoseToken(token)).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('kills the token at once', async () => {
    const token = await login();
    const other = await login();
    const response = await get(`/api/uc/user/logout/${FIRST_CARD}`, token);
    expect(response.statusCode).toBe(200);
    expect((await whoseToken(token)).statusCode).toBe(401);
    expect((await get('/api/uc/user/info', token)).statusCode).toBe(401);
    // Only that token: another session of the same card lives on.
    expect((await whoseToken(other)).statusCode).toBe(200);
  });

  it('needs a token, and refuses another holder’s card number without ending anything', async () => {
    expect((await get(`/api/uc/user/logout/${FIRST_CARD}`)).statusCode).toBe(401);
    const token = await login();
    const response = await get(`/api/uc/user/logout/${SECOND_CARD}`, token);
    expect(response.statusCode).toBe(403);
    expect((await whoseToken(token)).statusCode).toBe(200);
  });
});

describe('info and changePassword', () => {
  it('answers the profile of the token’s card, and refuses another card', async () => {
    const token = await login();
    expect((await get('/api/uc/user/info', token)).json().data).toMatchObject({
      cardNo: FIRST_CARD,
      phone: '13800000000',
    });
    expect((await get(`/api/uc/user/info?cardNo=${SECOND_CARD}`, token)).statusCode).toBe(403);
  });

  it('changes the password: the old one stops working, other sessions end, this one stays', async () => {
    const token = await login(SECOND_CARD);
    const other = await login(SECOND_CARD);
    const newPassword = 'Changed-pass-42';
    const response = await postForm(
      server,
      '/api/uc/user/changePassword',
      { oldPassword: TEST_PASSWORD, newPassword },
      { authorization: token, xsrf: false },
    );
    expect(response.statusCode).toBe(200);
    expect((await whoseToken(token)).statusCode).toBe(200);
    expect((await whoseToken(other)).statusCode).toBe(401);
    expect((await cardLogin(server, SECOND_CARD, TEST_PASSWORD, freshAddress(), new Date(clock))).statusCode).toBe(401);
    expect((await cardLogin(server, SECOND_CARD, newPassword, freshAddress(), new Date(clock))).statusCode).toBe(200);
  });

  it('refuses a guessable new password, or one built on the card number or phone, changing nothing', async () => {
    const token = await login();
    const before = await server.db.kysely.selectFrom('cardHolder').selectAll().orderBy('cardNo').execute();
    for (const [newPassword, reason] of [
      ['aaaaaaaa', /重复/],
      ['12345678', /常见密码/],
      [`${FIRST_CARD}ab`, /卡号、手机号/],
      ['13800000000x', /卡号、手机号/],
    ] as const) {
      const response = await postForm(
        server,
        '/api/uc/user/changePassword',
        { oldPassword: TEST_PASSWORD, newPassword },
        { authorization: token, xsrf: false },
      );
      expect(response.statusCode, newPassword).toBe(400);
      expect(response.json().message).toMatch(/^密码太容易被猜到/);
      expect(response.json().message).toMatch(reason);
    }
    expect(await server.db.kysely.selectFrom('cardHolder').selectAll().orderBy('cardNo').execute()).toEqual(before);
  });

  it('refuses a wrong old password and changes nothing', async () => {
    const token = await login();
    const before = await server.db.kysely.selectFrom('cardHolder').selectAll().orderBy('cardNo').execute();
    const response = await postForm(
      server,
      '/api/uc/user/changePassword',
      { oldPassword: 'wrong-password', newPassword: 'Whatever-pass-1' },
      { authorization: token, xsrf: false },
    );
    expect(response.json()).toEqual({ status: 400, message: '原密码不正确' });
    expect(await server.db.kysely.selectFrom('cardHolder').selectAll().orderBy('cardNo').execute()).toEqual(before);
  });
});

describe('publicKey and the return origins', () => {
  it('serves a 2048-bit SPKI public key and no private key', async () => {
    const response = await get('/api/uc/user/publicKey');
    const pem: string = response.json().data.publicKey;
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(pem).not.toMatch(/PRIVATE/);
  });

  it('serves the configured single-sign-on return origins', async () => {
    const configured = await createTestServer({ ssoReturnOrigins: ['https://partner.example.cn'] });
    try {
      const response = await configured.app.inject({ method: 'GET', url: '/api/uc/sso/returnOrigins' });
      expect(response.json().data).toEqual({ ssoReturnOrigins: ['https://partner.example.cn'] });
    } finally {
      await configured.close();
    }
  });
});
