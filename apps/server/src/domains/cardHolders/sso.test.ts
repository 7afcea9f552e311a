import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  addressesIn,
  buildCardsOnOnePhone,
  cardLogin,
  FIRST_CARD,
  postForm,
  SHARED_PHONE,
  tokenOf,
} from '../../testing/cardHolders';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';
import { SSO_CODE_VALID_MS, SSO_RETURN_REFUSED } from './ssoCode';

const PARTNER = 'https://partner.example.cn/sso/back';
const OTHER_PARTNER = 'https://other.example.org/login/return';
let server: TestServer;
let clock = Date.now();
const freshAddress = addressesIn(3);

beforeAll(async () => {
  server = await createTestServer({ ssoReturnOrigins: [PARTNER, OTHER_PARTNER] }, () => new Date(clock));
  await buildCardsOnOnePhone(server);
});
afterAll(() => server.close());

const login = async () => tokenOf(await cardLogin(server, FIRST_CARD, TEST_PASSWORD, freshAddress(), new Date(clock)));

/** The portal asking for the partner's return address with a code, as the logged-in holder. */
const issue = (token: string, form: Record<string, string>) =>
  postForm(server, '/api/uc/sso/code', form, { authorization: token, xsrf: false });

/** The partner's server exchanging the code (no cookie, no anti-forgery header: another machine). */
const exchange = (code: string | undefined, ssoReturn: string) =>
  server.app.inject({
    method: 'POST',
    url: '/card/ssoGetUser',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(code ? { authorization: code } : {}) },
    payload: new URLSearchParams({ ssoReturn }).toString(),
  });

const returnOf = async (token: string, form: Record<string, string>) => {
  const response = await issue(token, form);
  expect(response.statusCode).toBe(200);
  return new URL(response.json().data.url as string);
};

describe('the single-sign-on code', () => {
  it("goes back to the return address with the spec's names, the partner's state unchanged, and no session token", async () => {
    const token = await login();
    const state = 'xyz+/ =&?中文';
    const back = await returnOf(token, {
      ssoReturn: `${PARTNER}?lang=zh`,
      source: 'https://partner.example.cn/page',
      state,
    });
    expect(`${back.origin}${back.pathname}`).toBe(PARTNER);
    const { token: code, ...rest } = Object.fromEntries(back.searchParams);
    expect(rest).toEqual({ lang: 'zh', cardNo: FIRST_CARD, source: 'https://partner.example.cn/page', state });
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code).not.toBe(token);
    expect(back.toString()).not.toContain(token);
    // Only its hash is stored.
    const rows = await server.db.kysely.selectFrom('ssoCode').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("is exchanged once, by the partner's server, for the card number, name and school only: no phone", async () => {
    const back = await returnOf(await login(), { ssoReturn: PARTNER });
    const code = back.searchParams.get('token') ?? '';
    const first = await exchange(code, `${PARTNER}?lang=zh`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ cardNo: FIRST_CARD, name: expect.any(String), school: expect.any(String) });
    expect(first.body).not.toContain(SHARED_PHONE);
    const again = await exchange(code, PARTNER);
    expect(again.json()).toEqual({ status: 401, message: '授权码无效、已使用或已过期' });
  });

  it('is bound to the partner it was issued for: another partner (or another path) gets nothing, and burns it', async () => {
    const code = (await returnOf(await login(), { ssoReturn: PARTNER })).searchParams.get('token') ?? '';
    expect((await exchange(code, OTHER_PARTNER)).statusCode).toBe(401);
    expect((await exchange(code, PARTNER)).statusCode).toBe(401);
    const other = (await returnOf(await login(), { ssoReturn: PARTNER })).searchParams.get('token') ?? '';
    expect((await exchange(other, 'https://partner.example.cn/elsewhere')).statusCode).toBe(401);
  });

  it('lives 60 seconds', async () => {
    const code = (await returnOf(await login(), { ssoReturn: PARTNER })).searchParams.get('token') ?? '';
    clock += SSO_CODE_VALID_MS + 1000;
    expect((await exchange(code, PARTNER)).statusCode).toBe(401);
    const fresh = (await returnOf(await login(), { ssoReturn: PARTNER })).searchParams.get('token') ?? '';
    clock += SSO_CODE_VALID_MS - 5000;
    expect((await exchange(fresh, PARTNER)).statusCode).toBe(200);
  });

  it('is no session: refused by the account centre and the credit bank, as issued or as Bearer', async () => {
    const code = (await returnOf(await login(), { ssoReturn: PARTNER })).searchParams.get('token') ?? '';
    for (const header of [code, `Bearer ${code}`]) {
      for (const url of ['/api/uc/user/info', '/api/creditBank/info']) {
        const response = await server.app.inject({ method: 'GET', url, headers: { authorization: header } });
        expect(response.statusCode, url).toBe(401);
      }
      expect((await issue(header, { ssoReturn: PARTNER })).statusCode).toBe(401);
    }
    // Still good for its one exchange afterwards: the refusals elsewhere did not touch it.
    expect((await exchange(code, PARTNER)).statusCode).toBe(200);
  });

  it('is not a session token either way round: ssoGetUser refuses a session token, and no code at all', async () => {
    const token = await login();
    expect((await exchange(token, PARTNER)).statusCode).toBe(401);
    expect((await exchange(`Bearer ${token}`, PARTNER)).statusCode).toBe(401);
    expect((await exchange(undefined, PARTNER)).statusCode).toBe(401);
    // The session lives on.
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/uc/user/info', headers: { authorization: token } }))
        .statusCode,
    ).toBe(200);
  });

  it('is issued only for a return address under an allowed prefix, in Chinese otherwise, and never without a session', async () => {
    const token = await login();
    const codesBefore = await server.db.kysely.selectFrom('ssoCode').select('codeHash').execute();
    for (const refused of [
      'https://partner.example.cn/',
      'https://partner.example.cn/sso/backdoor',
      'https://partner.example.cn/sso/back/../../open',
      'https://evil.example.com/sso/back',
      'http://partner.example.cn/sso/back',
      'javascript:alert(1)',
    ]) {
      const response = await issue(token, { ssoReturn: refused });
      expect(response.json(), refused).toEqual({ status: 400, message: SSO_RETURN_REFUSED });
    }
    expect(await server.db.kysely.selectFrom('ssoCode').select('codeHash').execute()).toEqual(codesBefore);
    expect((await returnOf(token, { ssoReturn: `${PARTNER}/done` })).pathname).toBe('/sso/back/done');
    expect((await postForm(server, '/api/uc/sso/code', { ssoReturn: PARTNER }, { xsrf: false })).statusCode).toBe(401);
  });
});

describe('SSO_RETURN_ORIGINS', () => {
  it('takes full return-address prefixes and refuses an origin alone at start-up', () => {
    expect(loadConfig({ SSO_RETURN_ORIGINS: `${PARTNER}, ${OTHER_PARTNER}` }).ssoReturnOrigins).toEqual([
      PARTNER,
      OTHER_PARTNER,
    ]);
    expect(() => loadConfig({ SSO_RETURN_ORIGINS: 'https://partner.example.cn' })).toThrow(
      'SSO_RETURN_ORIGINS entries must be full return-address prefixes',
    );
    expect(() => loadConfig({ SSO_RETURN_ORIGINS: `${PARTNER}?x=1` })).toThrow('SSO_RETURN_ORIGINS entries');
  });
});
