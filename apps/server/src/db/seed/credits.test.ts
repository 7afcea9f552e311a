import { describe, expect, it } from 'vitest';
import { recordCount } from '../../domains/credits/creditTestKit';
import { seedCardHolders } from './cardHolders';
import { seedCredits } from './credits';
import { seedInstitutions } from './institutions';
import { setupSeededServer } from './seedTestKit';

const kit = setupSeededServer([seedCardHolders, seedInstitutions, seedCredits]);

describe('the demo ledger', () => {
  it("posts the pupil's records with their provenance: the demo school recorded them, the demo operator reviewed them", async () => {
    const token = await kit.server.cardTokenFor('10000001');
    const account = (
      await kit.server.app.inject({
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
    const token = await kit.server.cardTokenFor('10000005');
    const queue = (
      await kit.server.app.inject({
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
    const before = await recordCount(kit.server);
    await seedCredits(kit.server.db, kit.options());
    expect(await recordCount(kit.server)).toBe(before);
  });
});
