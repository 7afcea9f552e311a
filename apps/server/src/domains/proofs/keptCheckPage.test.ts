import { CAPTCHA_REQUIRED_MESSAGE, VERIFY_RULES } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortalForTests, warmPortalRenderer } from '../../render/testing';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { buildCreditWorld, call, daysAgo } from '../credits/creditTestKit';
import { lookupsFrom as lookupsOf, postCredit, reverseCredit, twoServersOnOneDatabase } from './proofTestKit';

/**
 * The check page kept per proof state: a second visit is sent from the kept page, yet every visit is counted
 * against the visitor's address, recorded as a check and audited; a revocation, a reversal and the end of
 * the proof's validity show on the very next visit, in this process and in another one on the same database.
 */
let portalDist: string;
let server: TestServer;
let world: Awaited<ReturnType<typeof buildCreditWorld>>;
let clockShift = 0;

beforeAll(async () => {
  portalDist = await buildPortalForTests();
  server = await createTestServer({ portalDist, captcha: true }, () => new Date(Date.now() + clockShift));
  await warmPortalRenderer(server.app);
  world = await buildCreditWorld(server);
}, 240_000);
afterAll(() => server?.close());

const visit = (target: TestServer, code: string, address: string) =>
  target.app.inject({ method: 'GET', url: `/verify/${code}`, remoteAddress: address });

let recorded = 0;
/** A proof of one freshly posted record of the pupil's (each on a day of its own: one item a day). */
const issue = async (target: TestServer, tokens: typeof world.tokens, validDays = 30) => {
  recorded += 1;
  const record = await postCredit(target, tokens, {
    cardNo: '91000001',
    itemId: world.itemId('COMP-CIT'),
    date: daysAgo(recorded),
  });
  const answer = await call(target, tokens.pupil, 'POST', '/api/creditBank/proofs', {
    recordIds: [record.id],
    validDays,
  });
  if (answer.statusCode !== 200) throw new Error(`issuing failed: ${answer.body}`);
  const { proof } = answer.json().data as { proof: { id: number; code: string } };
  return { ...proof, recordId: record.id };
};

const checkCountOf = async (target: TestServer, proofId: number) =>
  (await call(target, world.tokens.pupil, 'GET', '/api/creditBank/proofs'))
    .json()
    .data.find((proof: { id: number }) => proof.id === proofId)?.checkCount;

const auditedChecks = async (proofId: number) => {
  await server.app.proofChecks.flush();
  return (
    await server.db.kysely
      .selectFrom('auditLog')
      .select('id')
      .where('action', '=', 'proof-check')
      .where('targetId', '=', String(proofId))
      .execute()
  ).length;
};

const lookupsFrom = (subject: string) => lookupsOf(server, subject);

describe('the kept check page', () => {
  it('sends a second visit from the kept page and still counts, records and audits it', async () => {
    const proof = await issue(server, world.tokens);
    const first = await visit(server, proof.code, '198.51.100.1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).not.toBe('hit');
    const second = await visit(server, proof.code, '198.51.100.1');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('真实有效');
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(await lookupsFrom('198.51.100.1')).toBe(2);
    expect(await checkCountOf(server, proof.id)).toBe(2);
    expect(await auditedChecks(proof.id)).toBe(2);
  }, 60_000);

  it('sends the same bytes gzip-coded to a client that takes them', async () => {
    const proof = await issue(server, world.tokens);
    await visit(server, proof.code, '198.51.100.2');
    const plain = await visit(server, proof.code, '198.51.100.2');
    const coded = await server.app.inject({
      method: 'GET',
      url: `/verify/${proof.code}`,
      remoteAddress: '198.51.100.2',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(coded.headers['x-page-cache']).toBe('hit');
    expect(coded.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(coded.rawPayload).toString('utf8')).toBe(plain.body);
  }, 60_000);

  it('says 已撤销 on the next visit after a revocation', async () => {
    const proof = await issue(server, world.tokens);
    await visit(server, proof.code, '198.51.100.3');
    expect((await visit(server, proof.code, '198.51.100.3')).headers['x-page-cache']).toBe('hit');
    await call(server, world.tokens.pupil, 'POST', `/api/creditBank/proofs/${proof.id}/revoke`, {});
    const after = await visit(server, proof.code, '198.51.100.3');
    expect(after.body).toContain('已撤销');
    expect(after.body).not.toContain('真实有效');
  }, 60_000);

  it('marks a record reversed after issue 已冲正 on the next visit', async () => {
    const proof = await issue(server, world.tokens);
    await visit(server, proof.code, '198.51.100.4');
    const kept = await visit(server, proof.code, '198.51.100.4');
    expect(kept.headers['x-page-cache']).toBe('hit');
    expect(kept.body).not.toContain('verify-state--reversed');
    await reverseCredit(server, world.tokens, proof.recordId);
    const after = await visit(server, proof.code, '198.51.100.4');
    expect(after.body).toContain('已冲正');
    expect(after.body).toContain('verify-state--reversed');
  }, 60_000);

  it('says 已过期 once the server clock is past the last valid day', async () => {
    const proof = await issue(server, world.tokens, 1);
    // The end of the proof's only valid day (today in Beijing): the page is kept half a minute before it, so
    // a minute's maximum age alone would still send it after.
    const endOfDay = Date.parse(`${new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)}T24:00:00+08:00`);
    try {
      clockShift = endOfDay - 30_000 - Date.now();
      await visit(server, proof.code, '198.51.100.5');
      const kept = await visit(server, proof.code, '198.51.100.5');
      expect(kept.headers['x-page-cache']).toBe('hit');
      expect(kept.body).toContain('真实有效');
      clockShift = endOfDay + 1000 - Date.now();
      const after = await visit(server, proof.code, '198.51.100.5');
      expect(after.body).toContain('已过期');
      expect(after.body).not.toContain('真实有效');
    } finally {
      clockShift = 0;
    }
  }, 60_000);

  it('refuses with 429 after the address’s lookups an hour, every one of them a hit', async () => {
    const proof = await issue(server, world.tokens);
    await visit(server, proof.code, '198.51.100.200');
    const address = '198.51.100.6';
    for (let index = 0; index < VERIFY_RULES.perAddress; index += 1) {
      const answer = await visit(server, proof.code, address);
      expect(answer.headers['x-page-cache']).toBe('hit');
    }
    const refused = await visit(server, proof.code, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-page-cache']).not.toBe('hit');
    expect(await lookupsFrom(address)).toBe(VERIFY_RULES.perAddress);
    expect(await checkCountOf(server, proof.id)).toBe(VERIFY_RULES.perAddress + 1);
  }, 120_000);

  it('asks the image challenge after repeated misses, even for a kept page, counting the lookup once', async () => {
    const proof = await issue(server, world.tokens);
    await visit(server, proof.code, '198.51.100.201');
    expect((await visit(server, proof.code, '198.51.100.201')).headers['x-page-cache']).toBe('hit');
    const address = '198.51.100.7';
    for (let index = 0; index < VERIFY_RULES.missesBeforeChallenge; index += 1) {
      const unknown = await visit(server, 'ABCDEFGHJKLMNPQ2', address);
      expect(unknown.body).toContain('不存在');
    }
    const before = await lookupsFrom(address);
    const asked = await visit(server, proof.code, address);
    expect(asked.headers['x-page-cache']).not.toBe('hit');
    expect(asked.body).toContain(CAPTCHA_REQUIRED_MESSAGE);
    expect(asked.body).not.toContain('真实有效');
    expect(await lookupsFrom(address)).toBe(before + 1);
  }, 60_000);
});

describe('the kept check page across two servers on one database', () => {
  let servers: [TestServer, TestServer];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ servers, close } = await twoServersOnOneDatabase({ portalDist }));
    await warmPortalRenderer(servers[1].app);
  }, 120_000);
  afterAll(() => close?.());

  it('revoked on one, says 已撤销 on the other’s next visit', async () => {
    const [first, second] = servers;
    const shared = await buildCreditWorld(first);
    const record = await postCredit(first, shared.tokens, {
      cardNo: '91000001',
      itemId: shared.itemId('COMP-CIT'),
      date: daysAgo(3),
    });
    const issued = await call(first, shared.tokens.pupil, 'POST', '/api/creditBank/proofs', { recordIds: [record.id] });
    const { proof } = issued.json().data as { proof: { id: number; code: string } };
    await visit(second, proof.code, '192.0.2.20');
    const kept = await visit(second, proof.code, '192.0.2.20');
    expect(kept.headers['x-page-cache']).toBe('hit');
    expect(kept.body).toContain('真实有效');

    await call(first, shared.tokens.pupil, 'POST', `/api/creditBank/proofs/${proof.id}/revoke`, {});
    const after = await visit(second, proof.code, '192.0.2.20');
    expect(after.body).toContain('已撤销');
    expect(after.body).not.toContain('真实有效');
  }, 60_000);
});
