import { describe, expect, it } from 'vitest';
import { seedCardHolders } from './cardHolders';
import { seedEvents } from './events';
import { seedInstitutions } from './institutions';
import { setupSeededServer } from './seedTestKit';
import { seedTeams } from './teams';

const kit = setupSeededServer([seedCardHolders, seedInstitutions, seedEvents]);

interface Listed {
  id: number;
  name: string;
  phase: string;
  organizerName: string;
  approvalNo: string;
}

describe('the demo events', () => {
  it('show one event open for registration, one coming and one under way, organised by the demo institutions', async () => {
    const answer = (await kit.server.app.inject({ method: 'GET', url: '/api/match/events?pageSize=50' })).json().data;
    const list = answer.list as Listed[];
    expect(list.map((event) => event.phase)).toEqual(['registering', 'upcoming', 'underway']);
    expect(list.map((event) => event.organizerName)).toEqual([
      '北京市青少年科技活动中心',
      '上海市育才小学',
      '北京市第一中学',
    ]);
    for (const event of list) expect(event.approvalNo).toMatch(/^体联赛〔20\d{2}〕\d+号$/);
    const [registering] = list;
    const detail = (await kit.server.app.inject({ method: 'GET', url: `/api/match/events/${registering?.id}` })).json()
      .data;
    expect(detail.items).toEqual([
      expect.objectContaining({
        name: '机器人足球',
        minMembers: 3,
        maxMembers: 5,
        needsReport: true,
        needsPhotos: true,
      }),
      expect.objectContaining({ name: '轮式竞速', minMembers: 1, maxMembers: 2, needsVideo: true, needsReport: false }),
    ]);
    // It closes about 20 days from now.
    const daysLeft = (Date.parse(detail.registrationCloses) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(19);
    expect(daysLeft).toBeLessThan(21);
  });

  it('keep a hidden draft off the public list, and are seeded once', async () => {
    const hidden = await kit.server.db.kysely
      .selectFrom('matchEvent')
      .select(['id'])
      .where('visible', '=', 0)
      .execute();
    expect(hidden).toHaveLength(1);
    const count = async () => (await kit.server.db.kysely.selectFrom('matchEventItem').select('id').execute()).length;
    const items = await count();
    await seedEvents(kit.server.db, kit.options());
    expect(await kit.server.db.kysely.selectFrom('matchEvent').select('id').execute()).toHaveLength(4);
    expect(await count()).toBe(items);
  });
});

describe('the demo teams', () => {
  it('give the demo school a team being prepared in the open event and two admitted teams in its own closed meeting', async () => {
    await seedTeams(kit.server.db, kit.options());
    // A second run changes nothing.
    await seedTeams(kit.server.db, kit.options());
    const teams = await kit.server.db.kysely
      .selectFrom('matchTeam as team')
      .innerJoin('matchEvent as event', 'event.id', 'team.eventId')
      .select(['team.id', 'team.name', 'team.state', 'event.level'])
      .orderBy('team.id')
      .execute();
    expect(teams.map((team) => [team.name, team.state, team.level])).toEqual([
      ['一中雄鹰队', 'draft', '市级'],
      ['一中猎豹队', 'approved', '校级'],
      ['一中闪电队', 'approved', '校级'],
    ]);
    // The school's account sees its draft with what is still missing, through the workbench.
    const token = await kit.server.cardTokenFor('10000003');
    const draft = await kit.server.app.inject({
      method: 'GET',
      url: `/api/creditBank/institution/match/teams/${teams[0]?.id}`,
      headers: { authorization: token },
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().data.members).toHaveLength(3);
    expect(draft.json().data.missing.join('；')).toMatch(/设计报告/);
  });
});
