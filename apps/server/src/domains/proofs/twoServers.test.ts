import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../testing/testServer';
import { buildCreditWorld, call, daysAgo } from '../credits/creditTestKit';
import { postCredit, twoServersOnOneDatabase } from './proofTestKit';

/**
 * Two servers (two connection pools, as two processes have) on one database: a proof issued and revoked on
 * one verifies as 已撤销 on the other at once, with no cache between them.
 */
let servers: [TestServer, TestServer];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ servers, close } = await twoServersOnOneDatabase());
}, 60_000);
afterAll(() => close?.());

describe('a proof across two servers on one database', () => {
  it('is revoked on one and verifies as 已撤销 on the other at once', async () => {
    const [first, second] = servers;
    const world = await buildCreditWorld(first);
    await postCredit(first, world.tokens, { cardNo: '91000001', itemId: world.itemId('COMP-CIT'), date: daysAgo(3) });
    const issued = await call(first, world.tokens.pupil, 'POST', '/api/creditBank/proofs', { all: true });
    expect(issued.statusCode).toBe(200);
    const { proof } = issued.json().data;
    const check = (server: TestServer) =>
      server.app.inject({ method: 'GET', url: `/api/verify/proof/${proof.code}`, remoteAddress: '192.0.2.10' });
    expect((await check(second)).json().data.verdict).toBe('valid');

    const revoked = await call(first, world.tokens.pupil, 'POST', `/api/creditBank/proofs/${proof.id}/revoke`, {});
    expect(revoked.statusCode).toBe(200);
    expect((await check(second)).json().data).toMatchObject({ verdict: 'revoked', verdictLabel: '已撤销' });
    // The other server's list counts both checks.
    const listed = await call(second, world.tokens.pupil, 'GET', '/api/creditBank/proofs');
    expect(listed.json().data[0]).toMatchObject({ id: proof.id, checkCount: 2, state: 'revoked' });
  }, 60_000);
});
