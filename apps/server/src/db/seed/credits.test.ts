import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCount } from '../../domains/credits/creditTestKit';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';
import { seedCardHolders } from './cardHolders';
import { seedCredits } from './credits';
import { seedInstitutions } from './institutions';

let server: TestServer;
const options = () => ({ dataDir: server.dataDir, demoPassword: TEST_PASSWORD, now: new Date() });

beforeAll(async () => {
  server = await createTestServer();
  await seedCardHolders(server.db, options());
  await seedInstitutions(server.db, options());
  await seedCredits(server.db, options());
});
afterAll(() => server.close());

describe('the demo ledger', () => {
  it("posts the pupil's records with their provenance: the demo school recorded them, the demo operator reviewed them", async () => {
    const token = await server.cardTokenFor('10000001');
    const account = (
      await server.app.inject({
        method: 'GET',
        url: '/api/creditBank/info?cardNo=10000001&pageNum=1&pageSize=50',
        headers: { authorization: token },
      })
    ).json().data;
    expect(account.total).toBeGreaterThanOrEqual(20);
    for (const record of account.list) {
      expect(record).toMatchObject({
        state: 'posted',
        institutionName: '北京市第一中学',
        reviewingUnit: '全国学校体育联盟（机器人运动）认证中心',
        postedDate: record.date,
      });
      expect(record.kind).not.toBe('');
      expect(record.level).not.toBe('');
    }
    const sum = account.list.reduce((total: number, record: { credits: number }) => total + record.credits, 0);
    expect(account.totalCredits).toBeCloseTo(sum, 5);
  });

  it('leaves a batch of the demo school waiting for the demo operator', async () => {
    const token = await server.cardTokenFor('10000005');
    const queue = (
      await server.app.inject({
        method: 'GET',
        url: '/api/creditBank/review/queue?pageNum=1&pageSize=10',
        headers: { authorization: token },
      })
    ).json().data;
    expect(queue.list).toEqual([
      expect.objectContaining({ type: 'batch', institutionName: '北京市第一中学', count: 3, reviewable: true }),
    ]);
  });

  it('seeds once: a second run changes nothing', async () => {
    const before = await recordCount(server);
    await seedCredits(server.db, options());
    expect(await recordCount(server)).toBe(before);
  });
});
