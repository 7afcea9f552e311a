import type { Db } from '../database';
import { claimSeedMark, hasSeedMark } from './seedMarks';

export const RESULTS_SEED_MARK = 'seed:results:v1';

const MEETING = '校园机器人运动会';
const SCHOOL_ACCOUNT = '10000003';

/**
 * The results of the school's own meeting: each admitted team by name. Each is the only team of its item
 * (机器人足球, 轮式竞速), so each comes first.
 */
const RESULTS: Record<string, { rank: number; award: string }> = {
  一中猎豹队: { rank: 1, award: 'first' },
  一中闪电队: { rank: 1, award: 'first' },
};

const OBJECTION = {
  team: '一中闪电队',
  reason: '第二轮计时器启动延迟，请复核成绩。',
  answer: '经复核比赛录像，计时无误，维持原成绩。',
};

/**
 * The demo school's closed meeting gets results for its two admitted teams, published at seeding time, so
 * the demo shows an event in its objection period, with one objection already answered. Once per database,
 * after the teams.
 */
export const seedResults = async (db: Db, options: { now: Date }) => {
  if (await hasSeedMark(db.kysely, RESULTS_SEED_MARK)) return;
  const at = options.now.toISOString();
  await db
    .writeTransaction(async (trx) => {
      await claimSeedMark(trx, RESULTS_SEED_MARK, at);
      const teams = await trx
        .selectFrom('matchTeam as team')
        .innerJoin('matchEvent as event', 'event.id', 'team.eventId')
        .select(['team.id', 'team.name', 'team.eventId', 'team.itemId', 'team.institutionId'])
        .where('event.name', 'like', `%${MEETING}`)
        .where('team.state', '=', 'approved')
        .execute();
      const entered = teams.filter((team) => RESULTS[team.name] !== undefined);
      const first = entered[0];
      if (!first) return;
      const eventId = Number(first.eventId);
      await trx
        .insertInto('matchResult')
        .values(
          entered.map((team) => ({
            teamId: Number(team.id),
            eventId,
            itemId: Number(team.itemId),
            rank: RESULTS[team.name]?.rank ?? null,
            award: RESULTS[team.name]?.award ?? null,
            enteredBy: SCHOOL_ACCOUNT,
            enteredTime: at,
          })),
        )
        .execute();
      await trx
        .updateTable('matchEvent')
        .set({ resultsPublishedTime: at, updateTime: at })
        .where('id', '=', eventId)
        .execute();
      const objected = entered.find((team) => team.name === OBJECTION.team);
      if (!objected) return;
      await trx
        .insertInto('matchObjection')
        .values({
          eventId,
          teamId: Number(objected.id),
          institutionId: Number(objected.institutionId),
          reason: OBJECTION.reason,
          createdBy: SCHOOL_ACCOUNT,
          receivedTime: at,
          answer: OBJECTION.answer,
          answeredTime: at,
          answeredBy: SCHOOL_ACCOUNT,
        })
        .execute();
    })
    .catch(async (error: unknown) => {
      // Another process seeding at the same time claimed the mark first.
      if (!(await hasSeedMark(db.kysely, RESULTS_SEED_MARK))) throw error;
    });
};
