import type { Certificate } from '@lianmeng/core';
import { describe, expect, it } from 'vitest';
import { seedCardHolders } from './cardHolders';
import { seedEvents } from './events';
import { seedFinishedEvent } from './finished';
import { seedInstitutions } from './institutions';
import { setupSeededServer } from './seedTestKit';
import { seedTeams } from './teams';

const kit = setupSeededServer([seedCardHolders, seedInstitutions, seedEvents, seedTeams]);

describe('the demo finished event', () => {
  it('is final: certificates numbered, the demo pupil’s credit posted by the organiser, checkable by number and name', async () => {
    await seedFinishedEvent(kit.server.db, kit.options());
    // A second run changes nothing.
    await seedFinishedEvent(kit.server.db, kit.options());
    const list = (await kit.server.app.inject({ method: 'GET', url: '/api/match/events?pageSize=50' })).json().data
      .list as { id: number; name: string; phase: string }[];
    const finished = list.filter((event) => event.name.endsWith('海淀区中小学机器人运动会'));
    expect(finished).toHaveLength(1);
    expect(finished[0]?.phase).toBe('finished');
    const results = (
      await kit.server.app.inject({ method: 'GET', url: `/api/match/events/${finished[0]?.id}/results` })
    ).json().data;
    expect(results.finalTime).not.toBeNull();

    const token = await kit.server.cardTokenFor('10000001');
    const mine = await kit.server.app.inject({
      method: 'GET',
      url: '/api/creditBank/certificates',
      headers: { authorization: token },
    });
    const [certificate] = mine.json().data as Certificate[];
    expect(certificate).toMatchObject({ awardLabel: '一等奖', teamName: '一中先锋队', level: '县级', credits: 1.5 });
    expect(await kit.server.db.kysely.selectFrom('matchCertificate').select('id').execute()).toHaveLength(4);

    const account = (
      await kit.server.app.inject({
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

    // Its notice is there, read: the demo pupil starts with nothing unread.
    const unread = await kit.server.app.inject({
      method: 'GET',
      url: '/api/creditBank/messages/unread?cardNo=10000001',
      headers: { authorization: token },
    });
    expect(unread.json().data.unread).toBe(0);

    const check = await kit.server.app.inject({
      method: 'GET',
      url: `/api/verify/certificate?certificateNo=${certificate?.certificateNo}&name=${encodeURIComponent('李明')}`,
    });
    expect(check.json().data).toMatchObject({ verdict: 'valid', record: { holderName: '李*' } });
  });
});
