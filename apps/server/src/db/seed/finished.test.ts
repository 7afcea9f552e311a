import type { Certificate } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';
import { seedCardHolders } from './cardHolders';
import { seedEvents } from './events';
import { seedFinishedEvent } from './finished';
import { seedInstitutions } from './institutions';
import { seedTeams } from './teams';

let server: TestServer;
const options = () => ({ dataDir: server.dataDir, demoPassword: TEST_PASSWORD, now: new Date() });

beforeAll(async () => {
  server = await createTestServer();
  await seedCardHolders(server.db, options());
  await seedInstitutions(server.db, options());
  await seedEvents(server.db, options());
  await seedTeams(server.db, options());
});
afterAll(() => server.close());

describe('the demo finished event', () => {
  it('is final: certificates numbered, the demo pupil’s credit posted by the organiser, checkable by number and name', async () => {
    await seedFinishedEvent(server.db, options());
    // A second run changes nothing.
    await seedFinishedEvent(server.db, options());
    const list = (await server.app.inject({ method: 'GET', url: '/api/match/events?pageSize=50' })).json().data
      .list as { id: number; name: string; phase: string }[];
    const finished = list.filter((event) => event.name.endsWith('海淀区中小学机器人运动会'));
    expect(finished).toHaveLength(1);
    expect(finished[0]?.phase).toBe('finished');
    const results = (
      await server.app.inject({ method: 'GET', url: `/api/match/events/${finished[0]?.id}/results` })
    ).json().data;
    expect(results.finalTime).not.toBeNull();

    const token = await server.cardTokenFor('10000001');
    const mine = await server.app.inject({
      method: 'GET',
      url: '/api/creditBank/certificates',
      headers: { authorization: token },
    });
    const [certificate] = mine.json().data as Certificate[];
    expect(certificate).toMatchObject({ awardLabel: '一等奖', teamName: '一中先锋队', level: '县级', credits: 1.5 });
    expect(await server.db.kysely.selectFrom('matchCertificate').select('id').execute()).toHaveLength(4);

    const account = (
      await server.app.inject({
        method: 'GET',
        url: '/api/creditBank/info?cardNo=10000001&pageNum=1&pageSize=50',
        headers: { authorization: token },
      })
    ).json().data;
    expect(account.list).toContainEqual(
      expect.objectContaining({
        certificateNo: certificate?.certificateNo,
        institutionName: '北京市青少年科技活动中心',
        state: 'posted',
        credits: 1.5,
      }),
    );

    const check = await server.app.inject({
      method: 'GET',
      url: `/api/verify/certificate?certificateNo=${certificate?.certificateNo}&name=${encodeURIComponent('李明')}`,
    });
    expect(check.json().data).toMatchObject({ verdict: 'valid', record: { holderName: '李*' } });
  });
});
