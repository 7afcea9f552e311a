import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { buildLadder, buildLadderPupils, buildLevelEvent, finishEvent } from './ladderTestKit';
import {
  addFileRows,
  buildRegistrationWorld,
  buildTeamRow,
  callAs,
  HOUR,
  iso,
  type RegistrationWorld,
  START,
  teamAudits,
  WORKBENCH,
} from './registrationTestKit';

let clock = START;
let server: TestServer;
let world: RegistrationWorld;

beforeAll(async () => {
  server = await createTestServer({}, () => new Date(clock));
  world = await buildRegistrationWorld(server);
});
afterAll(() => server.close());
beforeEach(() => {
  clock = START;
});

const LADDER = `${WORKBENCH}/ladder`;
const asA = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  callAs(server, world.accounts.schoolA, method, url, payload);
const asB = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  callAs(server, world.accounts.schoolB, method, url, payload);
const carry = (teamId: number, eventId: number, as = asA) =>
  as('POST', `${WORKBENCH}/teams/${teamId}/carry`, { eventId });

/** The ladder's list for school A, every entry. */
const ladderOfA = async () => (await asA('GET', `${LADDER}?pageSize=100`)).json().data;
const entryOf = async (teamId: number) =>
  (await ladderOfA()).list.find((entry: { teamId: number }) => entry.teamId === teamId);

/** Every team, member and audit row: a refused carry changes none of them. */
const snapshot = async () => ({
  teams: await server.db.kysely.selectFrom('matchTeam').selectAll().orderBy('id').execute(),
  members: await server.db.kysely
    .selectFrom('matchTeamMember')
    .selectAll()
    .orderBy('teamId')
    .orderBy('cardNo')
    .execute(),
  audits: await server.db.kysely.selectFrom('auditLog').select('id').orderBy('id').execute(),
});

/** A carry refused with this status and message, nothing written. */
const refused = async (teamId: number, eventId: number, status: number, message: string | RegExp, as = asA) => {
  const before = await snapshot();
  const response = await carry(teamId, eventId, as);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message).toMatch(message);
  expect(await snapshot()).toEqual(before);
};

describe('the ladder (晋级)', () => {
  it('lists an awarded team with its next-level event and carries it as a draft of the same team, no files', async () => {
    const [wang, zhao, li] = world.pupilsOfA;
    const ladder = await buildLadder(server, world, {
      members: [li.cardNo, wang.cardNo, zhao.cardNo],
      award: 'second',
    });
    await addFileRows(server, ladder.source.teamId, 'report', 1);
    // Events that are not a next step: the same level, two levels up, the other type, closed, hidden.
    await buildLevelEvent(server, world, { level: '校级' });
    await buildLevelEvent(server, world, { level: '市级' });
    await buildLevelEvent(server, world, { level: '县级', type: 'creative' });
    await buildLevelEvent(server, world, { level: '县级', closes: START - 1 });
    await buildLevelEvent(server, world, { level: '县级', visible: false });
    await buildLevelEvent(server, world, {
      level: '县级',
      items: [{ name: '机器人足球赛', minMembers: 2, maxMembers: 3 }],
    });

    const entry = await entryOf(ladder.source.teamId);
    expect(entry).toEqual({
      teamId: ladder.source.teamId,
      teamName: expect.stringMatching(/^晋级队/),
      memberCount: 3,
      eventId: ladder.source.eventId,
      eventName: ladder.source.name,
      type: 'regular',
      level: '校级',
      itemName: '机器人足球',
      award: 'second',
      awardLabel: '二等奖',
      targets: [
        {
          id: ladder.target.eventId,
          name: expect.stringMatching(/^县级联赛/),
          level: '县级',
          registrationCloses: iso(START + HOUR),
          itemId: ladder.target.itemId,
          carriedTeamId: null,
        },
      ],
    });

    const response = await carry(ladder.source.teamId, ladder.target.eventId);
    expect(response.statusCode, response.body).toBe(200);
    const team = response.json().data;
    expect(team).toMatchObject({
      eventId: ladder.target.eventId,
      itemId: ladder.target.itemId,
      itemName: '机器人足球',
      institutionId: world.schoolA.id,
      name: entry.teamName,
      coach: '张老师',
      state: 'draft',
      editable: true,
      files: [],
      missing: [],
      carriedFrom: { eventName: ladder.source.name, teamName: entry.teamName, awardLabel: '二等奖' },
    });
    // The members in the source team's order, with their names (the school's own pupils).
    expect(team.members.map((member: { cardNo: string; name: string }) => [member.cardNo, member.name])).toEqual([
      [li.cardNo, '李大伟'],
      [wang.cardNo, '王小明'],
      [zhao.cardNo, '赵小红'],
    ]);
    const row = await server.db.kysely
      .selectFrom('matchTeam')
      .select(['carriedFromTeamId', 'createdBy'])
      .where('id', '=', team.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ carriedFromTeamId: ladder.source.teamId, createdBy: world.accounts.schoolA });

    // The list of teams and the team itself say where it came from; the source team says nothing.
    const listed = (await asA('GET', `${WORKBENCH}/teams?eventId=${ladder.target.eventId}`)).json().data.list;
    expect(listed).toEqual([expect.objectContaining({ id: team.id, carriedFrom: team.carriedFrom })]);
    expect((await asA('GET', `${WORKBENCH}/teams/${ladder.source.teamId}`)).json().data.carriedFrom).toBeNull();

    // The target now names the carried team.
    expect((await entryOf(ladder.source.teamId)).targets[0].carriedTeamId).toBe(team.id);

    const [audit] = await teamAudits(server, team.id);
    expect(audit).toMatchObject({
      action: 'carry',
      username: `卡号${world.accounts.schoolA}`,
      institutionId: world.schoolA.id,
    });
    expect(JSON.parse(audit?.detail ?? '{}')).toMatchObject({
      from: { teamId: ladder.source.teamId, eventId: ladder.source.eventId, award: 'second' },
      to: { teamId: team.id, eventId: ladder.target.eventId, itemId: ladder.target.itemId },
      members: [li.cardNo, wang.cardNo, zhao.cardNo],
      result: 'ok',
    });

    // The carried draft is submitted like any other team.
    const submitted = await asA('POST', `${WORKBENCH}/teams/${team.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.state).toBe('submitted');
  });

  it('refuses a team whose results are not final, or with 优秀奖 or a rank alone, and does not list it', async () => {
    const [wang, zhao] = world.pupilsOfA;
    const members = [wang.cardNo, zhao.cardNo];
    const cases = [
      { ladder: await buildLadder(server, world, { members, final: false }), message: '成绩尚未生效' },
      { ladder: await buildLadder(server, world, { members, award: 'merit' }), message: /一等奖、二等奖或三等奖/ },
      {
        ladder: await buildLadder(server, world, { members, award: null, rank: 1 }),
        message: /一等奖、二等奖或三等奖/,
      },
    ];
    const listed = (await ladderOfA()).list.map((entry: { teamId: number }) => entry.teamId);
    for (const { ladder, message } of cases) {
      expect(listed).not.toContain(ladder.source.teamId);
      await refused(ladder.source.teamId, ladder.target.eventId, 409, message);
    }
    // A team without any result at all.
    const plain = await buildLadder(server, world, { members });
    const noResult = await buildTeamRow(server, {
      eventId: plain.source.eventId,
      itemId: plain.source.itemId,
      institutionId: world.schoolA.id,
      members: [world.pupilsOfA[2].cardNo, world.pupilsOfA[3].cardNo],
    });
    await refused(noResult, plain.target.eventId, 409, /一等奖、二等奖或三等奖/);
  });

  it('refuses a target that is not one level up, of the type, shown, with the item; and a window not open', async () => {
    const [wang, zhao] = world.pupilsOfA;
    const ladder = await buildLadder(server, world, { members: [wang.cardNo, zhao.cardNo] });
    const notNext = /只能带入县级、常规类且设有「机器人足球」项目的赛事/;
    for (const values of [
      { level: '校级' as const },
      { level: '市级' as const },
      { level: '县级' as const, type: 'creative' as const },
      { level: '县级' as const, visible: false },
      { level: '县级' as const, items: [{ name: '轮式竞速', minMembers: 1, maxMembers: 3 }] },
    ]) {
      const event = await buildLevelEvent(server, world, values);
      await refused(ladder.source.teamId, event.id, 400, notNext);
    }
    await refused(ladder.source.teamId, 999_999, 400, notNext);
    // The source's own event is not a next step either.
    await refused(ladder.source.teamId, ladder.source.eventId, 400, notNext);

    const upcoming = await buildLevelEvent(server, world, {
      level: '县级',
      opens: START + HOUR,
      closes: START + 2 * HOUR,
    });
    await refused(ladder.source.teamId, upcoming.id, 409, '所选赛事报名尚未开始（2026-05-10 13:00 北京时间开始）');
    // The close on the server's clock: one millisecond after it is too late.
    clock = START + HOUR;
    await refused(
      ladder.source.teamId,
      ladder.target.eventId,
      409,
      '所选赛事报名已于 2026-05-10 13:00（北京时间）截止',
    );
    clock = START + HOUR - 1;
    expect((await carry(ladder.source.teamId, ladder.target.eventId)).statusCode).toBe(200);

    // A national team has nowhere to go.
    const national = await buildLevelEvent(server, world, {
      level: '国家级',
      opens: START - 40 * 24 * HOUR,
      closes: START - 30 * 24 * HOUR,
    });
    const nationalTeam = await buildTeamRow(server, {
      eventId: national.id,
      itemId: national.items.机器人足球 ?? 0,
      institutionId: world.schoolA.id,
      members: [wang.cardNo, zhao.cardNo],
    });
    await finishEvent(server, national.id, [
      { teamId: nationalTeam, itemId: national.items.机器人足球 ?? 0, award: 'first' },
    ]);
    expect((await ladderOfA()).list.map((entry: { teamId: number }) => entry.teamId)).not.toContain(nationalTeam);
    await refused(nationalTeam, ladder.target.eventId, 400, '国家级赛事没有更高一级的赛事');
  });

  it('refuses a second carry into the same event, and again after a withdrawal the team may go once more', async () => {
    const [wang, zhao] = world.pupilsOfA;
    const ladder = await buildLadder(server, world, { members: [wang.cardNo, zhao.cardNo], teamName: '再来队' });
    const first = await carry(ladder.source.teamId, ladder.target.eventId);
    expect(first.statusCode, first.body).toBe(200);
    await refused(ladder.source.teamId, ladder.target.eventId, 409, '该队伍已带入所选赛事（队伍「再来队」）');
    const withdrawn = await callAs(
      server,
      world.accounts.schoolA,
      'DELETE',
      `${WORKBENCH}/teams/${first.json().data.id}`,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await carry(ladder.source.teamId, ladder.target.eventId)).statusCode).toBe(200);
  });

  it('refuses members no longer of the school, members in another team of the item, and a size the item does not take', async () => {
    const [gone, stays, third, fourth] = await buildLadderPupils(
      server,
      [world.schoolA.id],
      ['钱已转', '孙还在', '李第三', '周第四'],
    );
    const ladder = await buildLadder(server, world, { members: [stays.cardNo, gone.cardNo] });
    await server.db.kysely
      .deleteFrom('institutionMember')
      .where('cardNo', '=', gone.cardNo)
      .where('institutionId', '=', world.schoolA.id)
      .execute();
    await refused(
      ladder.source.teamId,
      ladder.target.eventId,
      400,
      `钱已转（卡号 ${gone.cardNo.slice(0, 2)}****${gone.cardNo.slice(-2)}）已不是本机构人员，不能带入报名`,
    );

    // A member already in another of the school's teams for the target item: that team is named.
    const taken = await buildLadder(server, world, { members: [third.cardNo, fourth.cardNo] });
    const direct = await asA('POST', `${WORKBENCH}/teams`, {
      itemId: taken.target.itemId,
      name: '自报队',
      coach: '李老师',
      members: [fourth.cardNo],
    });
    expect(direct.statusCode, direct.body).toBe(200);
    await refused(taken.source.teamId, taken.target.eventId, 409, /^周第四（卡号 .+）已在本项目的队伍「自报队」中/);

    // The shared pupil in school B's team of the item: the pupil is named, B's team is not.
    const shared = await buildLadder(server, world, { members: [world.shared.cardNo, third.cardNo] });
    const ofB = await asB('POST', `${WORKBENCH}/teams`, {
      itemId: shared.target.itemId,
      name: '乙队',
      coach: '钱老师',
      members: [world.shared.cardNo],
    });
    expect(ofB.statusCode, ofB.body).toBe(200);
    await refused(shared.source.teamId, shared.target.eventId, 409, /欧阳小锋（卡号 .+）已在本项目的另一支队伍中/);

    // The next level takes 2–3 per team: one member, or four, cannot go as they are.
    const [solo] = await buildLadderPupils(server, [world.schoolA.id], ['吴独行']);
    const small = await buildLadder(server, world, { members: [solo.cardNo] });
    await refused(
      small.source.teamId,
      small.target.eventId,
      400,
      '所选赛事的「机器人足球」每队 2–3 名队员，本队有 1 名',
    );
    const big = await buildLadderPupils(server, [world.schoolA.id], ['甲一', '甲二', '甲三', '甲四']);
    const large = await buildLadder(server, world, { members: big.map((pupil) => pupil.cardNo) });
    await refused(large.source.teamId, large.target.eventId, 400, '本队有 4 名');
  });

  it('refuses a body that is not just the event', async () => {
    const [wang, zhao] = world.pupilsOfA;
    const ladder = await buildLadder(server, world, { members: [wang.cardNo, zhao.cardNo] });
    for (const payload of [{}, { eventId: 'x' }, { eventId: ladder.target.eventId, name: '改名队' }]) {
      const response = await asA('POST', `${WORKBENCH}/teams/${ladder.source.teamId}/carry`, payload);
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it('keeps two institutions apart: school B neither lists nor carries school A’s team', async () => {
    const [wang, zhao] = world.pupilsOfA;
    const ofA = await buildLadder(server, world, { members: [wang.cardNo, zhao.cardNo] });
    const [qian, sun] = world.pupilsOfB;
    const ofB = await buildLadder(server, world, {
      members: [qian.cardNo, sun.cardNo],
      institutionId: world.schoolB.id,
    });
    const listOfB = (await asB('GET', `${LADDER}?pageSize=100`)).json().data;
    expect(listOfB.list.map((entry: { teamId: number }) => entry.teamId)).toEqual([ofB.source.teamId]);
    expect(listOfB.total).toBe(1);
    expect((await ladderOfA()).list.map((entry: { teamId: number }) => entry.teamId)).not.toContain(ofB.source.teamId);
    await refused(ofA.source.teamId, ofA.target.eventId, 404, '未找到该队伍', asB);
    await refused(999_999, ofA.target.eventId, 404, '未找到该队伍');
  });

  it('of two carries of one team at once, one succeeds and the other is a 409', async () => {
    const [wang, zhao] = world.pupilsOfA;
    const ladder = await buildLadder(server, world, { members: [wang.cardNo, zhao.cardNo] });
    const answers = await Promise.all([
      carry(ladder.source.teamId, ladder.target.eventId),
      carry(ladder.source.teamId, ladder.target.eventId),
      carry(ladder.source.teamId, ladder.target.eventId),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const teams = await server.db.kysely
      .selectFrom('matchTeam')
      .select('id')
      .where('carriedFromTeamId', '=', ladder.source.teamId)
      .execute();
    expect(teams).toHaveLength(1);
  });
});
