import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCardsOnOnePhone, FIRST_CARD } from '../../testing/cardHolders';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';

/** A server that logs every request at the most talkative level into `lines`. */
const lines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ logLevel: 'trace' }, undefined, {
    logStream: { write: (line) => lines.push(line) },
  });
  await buildCardsOnOnePhone(server);
});
afterAll(() => server.close());

const check = (username: string, password: string, xsrf = true) =>
  server.app.inject({
    method: 'POST',
    url: `/api/ValidateCardByPass/${username}/${encodeURIComponent(password)}`,
    headers: xsrf ? { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' } : {},
  });

describe('POST /api/ValidateCardByPass/{username}/{password}', () => {
  it('says whether the pair is valid, with an empty body, and issues no token', async () => {
    expect((await check(FIRST_CARD, TEST_PASSWORD)).json().data).toEqual({ valid: true });
    expect((await check(FIRST_CARD, 'Wrong-secret-77')).json().data).toEqual({ valid: false });
    expect((await check('99999999', 'Wrong-secret-77')).json().data).toEqual({ valid: false });
  });

  it('needs the anti-forgery header, so another site cannot make browsers try passwords', async () => {
    const before = await server.db.kysely.selectFrom('attemptEvent').selectAll().execute();
    const forged = await check(FIRST_CARD, TEST_PASSWORD, false);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/安全校验未通过/);
    expect(await server.db.kysely.selectFrom('attemptEvent').selectAll().execute()).toEqual(before);
  });

  it('never writes its path, the card number or the password to a log line', async () => {
    lines.length = 0;
    const secret = 'Very-secret-pass-31';
    await check(FIRST_CARD, secret);
    await check('10000002', `${secret}x`);
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(0);
    expect(log).toContain('/api/ValidateCardByPass/[已隐藏]');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(TEST_PASSWORD);
    expect(log).not.toMatch(/ValidateCardByPass\/1000000/);
  });

  it('keeps SMS codes and tokens out of the log too', async () => {
    lines.length = 0;
    const sent = await server.app.inject({
      method: 'POST',
      url: '/api/uc/user/sendCode',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
      payload: 'phone=13800000000',
    });
    expect(sent.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/uc/user/sendCode');
    const code = server.sms.lastCodeFor('13800000000');
    expect(code).toMatch(/^\d{6}$/);
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });
});
