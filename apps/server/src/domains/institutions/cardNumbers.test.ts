import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCardHolder } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { allocateCardNumbers } from './cardNumbers';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const allocate = (count: number) => server.db.writeTransaction((trx, locks) => allocateCardNumbers(trx, locks, count));

describe('card numbers', () => {
  it("continue the demo's 8-digit series, step over numbers already held, and are never handed out again", async () => {
    await buildCardHolder(server.db, { cardNo: '10000001', phone: '13800000000' });
    await buildCardHolder(server.db, { cardNo: '10000003', phone: '13800000000' });
    expect(await allocate(3)).toEqual(['10000002', '10000004', '10000005']);
    // Nothing was written with those numbers; they are gone all the same.
    expect(await allocate(1)).toEqual(['10000006']);
    expect(await allocate(0)).toEqual([]);
  });

  it('are not taken twice by allocations running at once', async () => {
    const batches = await Promise.all(Array.from({ length: 4 }, () => allocate(50)));
    const all = batches.flat();
    expect(new Set(all).size).toBe(200);
  });
});
