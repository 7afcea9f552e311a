import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, type ScratchDatabase, testsUsePostgres } from '../../testing/testDatabase';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { buildCreditWorld, call, daysAgo } from '../credits/creditTestKit';
import { postCredit } from './proofTestKit';

/**
 * Two servers (two connection pools, as two processes have) on one database: a proof issued and revoked on
 * one verifies as 已撤销 on the other at once, with no cache between them.
 */
let servers: [TestServer, TestServer];
let scratch: ScratchDatabase | null = null;
let folder: string;

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-proofs-'));
  let databaseUrl: string;
  if (testsUsePostgres()) {
    scratch = await createScratchPostgres({ migrated: true });
    databaseUrl = scratch.url;
  } else {
    databaseUrl = `sqlite:${path.join(folder, 'shared.sqlite')}`;
  }
  servers = [await createTestServer({ databaseUrl }), await createTestServer({ databaseUrl })];
}, 60_000);
afterAll(async () => {
  for (const server of servers ?? []) await server.close();
  await scratch?.drop();
  await fs.rm(folder, { recursive: true, force: true });
});

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
