import { describe, expect, it } from 'vitest';
import { seedCardHolders } from './cardHolders';
import { seedEvents } from './events';
import { seedInstitutions } from './institutions';
import { seedResults } from './results';
import { setupSeededServer } from './seedTestKit';
import { seedTeams } from './teams';

const kit = setupSeededServer([seedCardHolders, seedInstitutions, seedEvents, seedTeams]);

describe('the demo results', () => {
  it("publish the school meeting's results, in their objection period, with one objection answered", async () => {
    await seedResults(kit.server.db, kit.options());
    // A second run changes nothing.
    await seedResults(kit.server.db, kit.options());
    const list = (await kit.server.app.inject({ method: 'GET', url: '/api/match/events?pageSize=50' })).json().data
      .list as { id: number; name: string; phase: string }[];
    const meeting = list.find((event) => event.name.endsWith('校园机器人运动会'));
    expect(meeting?.phase).toBe('publicizing');
    const answer = await kit.server.app.inject({ method: 'GET', url: `/api/match/events/${meeting?.id}/results` });
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(Date.parse(data.objectionDeadline) - Date.parse(data.publishedTime)).toBe(5 * 86_400_000);
    expect(
      data.results.map((row: { teamName: string; awardLabel: string; rank: number }) => [
        row.teamName,
        row.rank,
        row.awardLabel,
      ]),
    ).toEqual([
      ['一中猎豹队', 1, '一等奖'],
      ['一中闪电队', 1, '一等奖'],
    ]);
    expect(data.results[0].members).toEqual(['王*明', '赵*红', '孙*丽']);
    expect(data.objections).toHaveLength(1);
    expect(data.objections[0]).toMatchObject({ teamName: '一中闪电队', answer: expect.stringContaining('维持原成绩') });
    expect(data.objections[0].answeredDate).not.toBeNull();
    expect(await kit.server.db.kysely.selectFrom('matchObjection').select('id').execute()).toHaveLength(1);
    expect(await kit.server.db.kysely.selectFrom('matchResult').select('teamId').execute()).toHaveLength(2);
  });
});
