import type { Award } from '@lianmeng/core';
import { describe, expect, it } from 'vitest';
import {
  buildOpenEvent,
  buildTeamRow,
  callAs,
  HOUR,
  iso,
  ORGANISED,
  START,
  setupRegistrationWorld,
} from '../registrations/registrationTestKit';

const OBJECTIONS = '/api/creditBank/institution/match/objections';
const DAY = 24 * HOUR;

const kit = setupRegistrationWorld();

type Method = 'GET' | 'POST' | 'PUT';
const asOrganiser = (method: Method, url: string, payload?: unknown) =>
  callAs(kit.server, kit.world.accounts.organiser, method, url, payload);
const asSchoolA = (method: Method, url: string, payload?: unknown) =>
  callAs(kit.server, kit.world.accounts.schoolA, method, url, payload);
const asSchoolB = (method: Method, url: string, payload?: unknown) =>
  callAs(kit.server, kit.world.accounts.schoolB, method, url, payload);
const publicResults = (eventId: number) =>
  kit.server.app.inject({ method: 'GET', url: `/api/match/events/${eventId}/results` });

/** A team row of the event (admitted unless `state` says otherwise). */
const teamRow = (
  eventId: number,
  itemId: number,
  institutionId: number,
  members: string[],
  values: { name?: string; state?: 'submitted' | 'returned' | 'draft' } = {},
) => buildTeamRow(kit.server, { eventId, itemId, institutionId, members, ...values });

/**
 * An event whose window closed an hour before START, with two admitted teams of A (one per item), one of B
 * in the plain item, and teams of A that never got admitted: submitted, returned, a draft.
 */
const closedSeason = async (options: { closes?: number } = {}) => {
  const event = await buildOpenEvent(kit.server, kit.world, {
    opens: START - 3 * HOUR,
    closes: options.closes ?? START - HOUR,
  });
  const [a1, a2, a3] = kit.world.pupilsOfA.map((pupil) => pupil.cardNo);
  const [b1, b2] = kit.world.pupilsOfB.map((pupil) => pupil.cardNo);
  const teamA = await teamRow(event.id, event.plain, kit.world.schoolA.id, [a1 as string, a2 as string], {
    name: '甲队',
  });
  const teamB = await teamRow(event.id, event.plain, kit.world.schoolB.id, [b1 as string, b2 as string], {
    name: '乙队',
  });
  const teamA2 = await teamRow(event.id, event.withFiles, kit.world.schoolA.id, [a3 as string], { name: '甲二队' });
  // A pupil is in one team per item: the teams never admitted are left without members.
  const other = (state: 'submitted' | 'returned' | 'draft') =>
    teamRow(event.id, event.withFiles, kit.world.schoolA.id, [], { state });
  return {
    ...event,
    teamA,
    teamB,
    teamA2,
    submitted: await other('submitted'),
    returned: await other('returned'),
    draft: await other('draft'),
  };
};
type Season = Awaited<ReturnType<typeof closedSeason>>;

/** One team's result, as saved and as read back. */
const result = (teamId: number, rank: number | null, award: Award | null) => ({ teamId, rank, award });

const save = (season: Season, entries: unknown[]) =>
  asOrganiser('PUT', `${ORGANISED}/events/${season.id}/results`, { entries });
const publish = (season: Season) => asOrganiser('POST', `${ORGANISED}/events/${season.id}/results/publish`);

const resultRows = (season: Season) =>
  kit.server.db.kysely
    .selectFrom('matchResult')
    .select(['teamId', 'rank', 'award'])
    .where('eventId', '=', season.id)
    .orderBy('teamId')
    .execute()
    .then((rows) =>
      rows.map((row) => ({
        teamId: Number(row.teamId),
        rank: row.rank === null ? null : Number(row.rank),
        award: row.award,
      })),
    );

/** The audit entries about one row of `targetType`, oldest first. */
const auditsOf = (targetType: 'matchResult' | 'matchObjection', targetId: number) =>
  kit.server.db.kysely
    .selectFrom('auditLog')
    .select(['action', 'username'])
    .where('targetType', '=', targetType)
    .where('targetId', '=', String(targetId))
    .orderBy('id')
    .execute();

/** When the event's results were published, as stored. */
const publishedTimeOf = async (season: Season) =>
  (
    await kit.server.db.kysely
      .selectFrom('matchEvent')
      .select('resultsPublishedTime')
      .where('id', '=', season.id)
      .executeTakeFirstOrThrow()
  ).resultsPublishedTime;

const object = (as: typeof asSchoolA, teamId: number, reason = '该队伍的比赛录像显示犯规未判') =>
  as('POST', OBJECTIONS, { teamId, reason });

/** A season with results saved for A and B and published at START. */
const publishedSeason = async () => {
  const season = await closedSeason();
  expect((await save(season, [result(season.teamA, 1, 'first'), result(season.teamB, 2, 'second')])).statusCode).toBe(
    200,
  );
  expect((await publish(season)).statusCode).toBe(200);
  return season;
};

describe('entering results', () => {
  it("is the organiser's: another institution's account finds the event nowhere", async () => {
    const season = await closedSeason();
    const url = `${ORGANISED}/events/${season.id}/results`;
    for (const answer of [
      await asSchoolA('GET', url),
      await asSchoolA('PUT', url, { entries: [result(season.teamA, 1, null)] }),
      await asSchoolA('POST', `${url}/publish`),
      await asSchoolA('GET', `${ORGANISED}/events/${season.id}/objections`),
    ]) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().message).toBe('赛事不存在');
    }
    expect(await resultRows(season)).toEqual([]);
  });

  it('lists the admitted teams only, with members masked', async () => {
    const season = await closedSeason();
    const answer = await asOrganiser('GET', `${ORGANISED}/events/${season.id}/results`);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data;
    expect(data.rows.map((row: { teamId: number }) => row.teamId)).toEqual([season.teamA, season.teamB, season.teamA2]);
    expect(data.rows[0]).toMatchObject({ teamName: '甲队', institutionName: '甲学校', members: ['王*明', '赵*红'] });
    expect(data).toMatchObject({ publishedTime: null, publishable: false });
    expect(data.notPublishableReason).toContain('还没有任何队伍');
  });

  it('saves ranks and awards, and a rank and award both empty clears the result', async () => {
    const season = await closedSeason();
    const saved = await save(season, [
      result(season.teamA, 1, 'first'),
      result(season.teamB, null, 'merit'),
      result(season.teamA2, 1, null),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ publishable: true, notPublishableReason: '' });
    expect(saved.json().data.rows[0]).toMatchObject({ rank: 1, award: 'first', awardLabel: '一等奖' });
    // Ranks swapped in one save are no clash; a cleared team's row is gone.
    expect(
      (
        await save(season, [
          result(season.teamA, 2, 'second'),
          result(season.teamB, 1, 'first'),
          result(season.teamA2, null, null),
        ])
      ).statusCode,
    ).toBe(200);
    expect(await resultRows(season)).toEqual([result(season.teamA, 2, 'second'), result(season.teamB, 1, 'first')]);
    const update = { action: 'update', username: `卡号${kit.world.accounts.organiser}` };
    expect(await auditsOf('matchResult', season.id)).toEqual([update, update]);
  });

  it('refuses a team that was not admitted to this event, naming it, and writes nothing', async () => {
    const season = await closedSeason();
    const elsewhere = await closedSeason();
    for (const teamId of [season.submitted, season.returned, season.draft, elsewhere.teamA, 999_999]) {
      const answer = await save(season, [result(season.teamA, 1, 'first'), result(teamId, 2, null)]);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message).toBe(`队伍 ${teamId} 不是本赛事已通过审核的队伍，不能录入成绩`);
    }
    expect(await resultRows(season)).toEqual([]);
  });

  it('refuses a rank twice in an item, also against a result saved before, and a team entered twice', async () => {
    const season = await closedSeason();
    const twice = await save(season, [result(season.teamA, 1, 'first'), result(season.teamB, 1, 'first')]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('项目「机器人足球」的第 1 名重复，同一项目名次不能重复');
    // The same rank in another item is no clash.
    expect((await save(season, [result(season.teamA, 1, 'first'), result(season.teamA2, 1, 'first')])).statusCode).toBe(
      200,
    );
    const against = await save(season, [result(season.teamB, 1, null)]);
    expect(against.statusCode).toBe(400);
    expect(against.json().message).toContain('第 1 名重复');
    const sameTeam = await save(season, [result(season.teamB, 2, null), result(season.teamB, 3, null)]);
    expect(sameTeam.statusCode).toBe(400);
    expect(sameTeam.json().message).toBe(`队伍 ${season.teamB} 的成绩填写了两次`);
    expect(await resultRows(season)).toEqual([result(season.teamA, 1, 'first'), result(season.teamA2, 1, 'first')]);
  });

  it('waits for the registration window to close, on the server clock', async () => {
    const season = await closedSeason({ closes: START + HOUR });
    const early = await save(season, [result(season.teamA, 1, 'first')]);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('报名尚未截止');
    expect((await publish(season)).statusCode).toBe(409);
    kit.clock = START + HOUR - 1;
    expect((await save(season, [result(season.teamA, 1, 'first')])).statusCode).toBe(409);
    kit.clock = START + HOUR;
    expect((await save(season, [result(season.teamA, 1, 'first')])).statusCode).toBe(200);
  });

  it('refuses crafted bodies with a 400 and writes nothing', async () => {
    const season = await closedSeason();
    const url = `${ORGANISED}/events/${season.id}/results`;
    for (const body of [
      { entries: [{ teamId: season.teamA, rank: 1, award: 'first' }], fee: 100 },
      { entries: [{ teamId: season.teamA, rank: 1, award: 'first', fee: 100 }] },
      { entries: [{ teamId: 2_147_483_648, rank: 1, award: 'first' }] },
      { entries: [{ teamId: season.teamA, rank: 0, award: 'first' }] },
      { entries: [{ teamId: season.teamA, rank: 1, award: 'gold' }] },
      { entries: [{ teamId: season.teamA, rank: 1.5, award: null }] },
      { entries: [] },
      { entries: 'all' },
      [],
    ]) {
      const answer = await asOrganiser('PUT', url, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await asOrganiser('GET', `${ORGANISED}/events/2147483648/results`)).statusCode).toBe(400);
    expect(
      (await asOrganiser('POST', `${OBJECTIONS}`, { teamId: season.teamA, reason: '理由充分', fee: 1 })).statusCode,
    ).toBe(400);
    expect(await resultRows(season)).toEqual([]);
  });
});

describe('publishing', () => {
  it('needs a rank or an award, then happens once and fixes the results', async () => {
    const season = await closedSeason();
    const empty = await publish(season);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('还没有任何队伍的名次或奖项，不能公示');
    await save(season, [result(season.teamA, null, 'merit')]);
    const published = await publish(season);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({
      publishedTime: iso(START),
      objectionDeadline: iso(START + 5 * DAY),
      publishable: false,
    });
    expect(await publishedTimeOf(season)).toBe(iso(START));
    const detail = await kit.server.app.inject({ method: 'GET', url: `/api/match/events/${season.id}` });
    expect(detail.json().data.phase).toBe('publicizing');

    kit.clock = START + HOUR;
    const again = await publish(season);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('成绩已经公示，不能重复公示');
    const late = await save(season, [result(season.teamA, 1, 'first')]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('成绩已公示，不能再修改');
    expect(await resultRows(season)).toEqual([result(season.teamA, null, 'merit')]);
    expect(await publishedTimeOf(season)).toBe(iso(START));
    const audits = await auditsOf('matchResult', season.id);
    expect(audits.filter((audit) => audit.action === 'publish')).toHaveLength(1);
  });

  it('of publications at once, one succeeds and the others are refused', async () => {
    const season = await closedSeason();
    await save(season, [result(season.teamA, 1, 'first')]);
    // One token for all, so the requests reach the database together.
    const authorization = await kit.server.cardTokenFor(kit.world.accounts.organiser);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        kit.server.app.inject({
          method: 'POST',
          url: `${ORGANISED}/events/${season.id}/results/publish`,
          headers: { authorization },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const audits = await auditsOf('matchResult', season.id);
    expect(audits.filter((audit) => audit.action === 'publish')).toHaveLength(1);
  });
});

describe('objections', () => {
  it('are refused before publication, to a team not admitted, and from an institution without a team in the event', async () => {
    const season = await closedSeason();
    await save(season, [result(season.teamA, 1, 'first')]);
    const early = await object(asSchoolB, season.teamA);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('成绩尚未公示，不能提出异议');
    await publish(season);
    for (const teamId of [season.submitted, season.draft, 999_999]) {
      const answer = await object(asSchoolB, teamId);
      expect(answer.statusCode, answer.body).toBe(404);
    }
    const outsider = await object(
      (method, url, payload) => callAs(kit.server, kit.world.accounts.organiser, method, url, payload),
      season.teamA,
    );
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe('本机构在该赛事没有参赛队伍，不能提出异议');
  });

  it('are taken within the period, once at a time per institution and team, and answered once', async () => {
    const season = await publishedSeason();
    kit.clock = START + HOUR;
    const first = await object(asSchoolB, season.teamA);
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().data.id as number;
    expect(first.json().data).toMatchObject({ teamName: '甲队', institutionName: '乙学校', answeredDate: null });
    const pending = await object(asSchoolB, season.teamA);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('本机构对该队伍成绩的异议尚未答复，请等待答复后再提出');
    // Another institution, or another team, is a separate objection.
    expect((await object(asSchoolA, season.teamA)).statusCode).toBe(200);
    expect((await object(asSchoolB, season.teamB)).statusCode).toBe(200);

    const answerUrl = `${ORGANISED}/objections/${id}/answer`;
    const stranger = await asSchoolA('POST', answerUrl, { answer: '经复核，维持原成绩' });
    expect(stranger.statusCode).toBe(404);
    // Answers are taken after the period too.
    kit.clock = START + 6 * DAY;
    const answered = await asOrganiser('POST', answerUrl, { answer: '经复核，维持原成绩' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ answer: '经复核，维持原成绩', answeredDate: '2026-05-16' });
    const twice = await asOrganiser('POST', answerUrl, { answer: '再次答复' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('该异议已经答复，不能再次答复');
    const stored = await kit.server.db.kysely
      .selectFrom('matchObjection')
      .select(['answer'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.answer).toBe('经复核，维持原成绩');

    const mine = await asSchoolB('GET', `${OBJECTIONS}?eventId=${season.id}`);
    expect(mine.json().data.total).toBe(2);
    const organised = await asOrganiser('GET', `${ORGANISED}/events/${season.id}/objections`);
    expect(organised.json().data.total).toBe(3);
    const audits = await auditsOf('matchObjection', id);
    expect(audits.map((audit) => audit.action)).toEqual(['object', 'answer']);
  });

  it('end with the period, naming its end in Beijing time', async () => {
    const season = await publishedSeason();
    kit.clock = START + 5 * DAY - 1;
    expect((await object(asSchoolB, season.teamA)).statusCode).toBe(200);
    kit.clock = START + 5 * DAY;
    const late = await object(asSchoolB, season.teamB);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('异议期已于 2026-05-15 12:00（北京时间）结束，不能再提出异议');
  });
});

describe('the public list (公示)', () => {
  it('is empty before publication and not found for a hidden event', async () => {
    const season = await closedSeason();
    await save(season, [result(season.teamA, 1, 'first')]);
    const before = await publicResults(season.id);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({
      publishedTime: null,
      objectionDeadline: null,
      results: [],
      objections: [],
    });
    const hidden = await buildOpenEvent(kit.server, kit.world, {
      visible: false,
      closes: START - HOUR,
      opens: START - 2 * HOUR,
    });
    expect((await publicResults(hidden.id)).statusCode).toBe(404);
    expect((await publicResults(2_147_483_647)).statusCode).toBe(404);
  });

  it('orders results by item, rank and award, masks names, and shows objections without who or why', async () => {
    const season = await closedSeason();
    const [, , , , a5] = kit.world.pupilsOfA;
    const extra = await teamRow(season.id, season.plain, kit.world.schoolA.id, [a5?.cardNo as string], {
      name: '甲三队',
    });
    await save(season, [
      result(season.teamA2, 1, 'first'),
      result(season.teamA, null, 'merit'),
      result(extra, null, 'third'),
      result(season.teamB, 1, 'first'),
    ]);
    await publish(season);
    // Cached answers must follow every write: read once, object, answer, read again.
    expect((await publicResults(season.id)).json().data.objections).toEqual([]);
    kit.clock = START + DAY;
    const objected = await object(asSchoolB, season.teamA, '裁判记录有误，请复核');
    const id = objected.json().data.id as number;
    expect((await publicResults(season.id)).json().data.objections).toHaveLength(1);
    kit.clock = START + 2 * DAY;
    await asOrganiser('POST', `${ORGANISED}/objections/${id}/answer`, { answer: '已复核，成绩无误' });
    const answer = await publicResults(season.id);
    const data = answer.json().data;
    expect(data.publishedTime).toBe(iso(START));
    expect(data.objectionDeadline).toBe(iso(START + 5 * DAY));
    expect(data.serverTime).toBe(iso(START + 2 * DAY));
    expect(data.results.map((row: { teamName: string }) => row.teamName)).toEqual(['乙队', '甲三队', '甲队', '甲二队']);
    expect(data.results[0]).toMatchObject({
      itemName: '机器人足球',
      rank: 1,
      awardLabel: '一等奖',
      institutionName: '乙学校',
      members: ['钱*刚', '孙*丽'],
    });
    expect(data.objections).toEqual([
      {
        id,
        teamName: '甲队',
        itemName: '机器人足球',
        receivedDate: '2026-05-11',
        answeredDate: '2026-05-12',
        answer: '已复核，成绩无误',
      },
    ]);
    expect(answer.body).not.toContain('裁判记录有误');
    expect(answer.body).not.toContain('乙学校的');
    expect(JSON.stringify(data.objections)).not.toContain('乙学校');
  });
});
