import { finaliseWithin } from '../../domains/certificates/finaliseCommands';
import { markMessagesRead } from '../../domains/credits/messageRepository';
import { addDays, beijingDate, beijingDayStart } from '../../domains/credits/policy';
import { findReviewer } from '../../domains/credits/reviewCommands';
import { insertEventItems } from '../../domains/events/eventItemRepository';
import { replaceMembers } from '../../domains/registrations/teamMemberRepository';
import { insertTeam } from '../../domains/registrations/teamRepository';
import { setPublished, writeResults } from '../../domains/results/resultRepository';
import type { Db } from '../database';
import { claimSeedMark, hasSeedMark } from './seedMarks';

export const FINISHED_SEED_MARK = 'seed:finished-event:v1';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SCHOOL = 'BJ-S0001';
const SCHOOL_ACCOUNT = '10000003';
const ORGANISER = 'BJ-K0001';
const ORGANISER_ACCOUNT = '10000002';
/** The demo operator (认证中心): of no institution, so it may make any event's results final. */
const OPERATOR = '10000005';

/** A district meeting: one level below the open city event, with the same items, so its winners may go on. */
const EVENT = {
  name: '北京市海淀区中小学机器人运动会',
  type: 'regular',
  level: '县级',
  catalogueCode: 'MEET-R-CTY',
  approvalNo: '7',
  description:
    '海淀区成员学校参加的区级比赛，设机器人足球、轮式竞速两个项目。一、二、三等奖队伍可晋级市级比赛。比赛不收取任何费用。',
};

/**
 * The demo school's two teams and their awards. The football team has demo card 10000001 (李明, who can log in)
 * and two pupils who are not in the school's draft team of the open city event, so it can be carried there.
 */
const TEAMS = [
  {
    item: '机器人足球',
    minMembers: 3,
    maxMembers: 5,
    name: '一中先锋队',
    members: ['10000001', '10000014', '10000015'],
    rank: 1,
    award: 'first',
  },
  {
    item: '轮式竞速',
    minMembers: 1,
    maxMembers: 2,
    name: '一中疾风队',
    members: ['10000013'],
    rank: 2,
    award: 'second',
  },
] as const;

/**
 * A finished event for the demo: registration closed three weeks ago, results published twelve days ago, the
 * five-day objection period over, and the results made final by the demo operator a week ago through the same
 * command an operator uses: certificates numbered, credits posted to the members' ledgers with the organiser as
 * the recording institution. Once per database, after the teams and results.
 */
export const seedFinishedEvent = async (db: Db, options: { now: Date }) => {
  if (await hasSeedMark(db.kysely, FINISHED_SEED_MARK)) return;
  const now = options.now.getTime();
  const at = options.now.toISOString();
  const today = beijingDate(options.now);
  const season = today.slice(0, 4);
  const dayAt = (days: number, hour: number) =>
    new Date(Date.parse(beijingDayStart(addDays(today, days))) + hour * HOUR).toISOString();
  await db
    .writeTransaction(async (trx, locks) => {
      await claimSeedMark(trx, FINISHED_SEED_MARK, at);
      const institutions = new Map(
        (await trx.selectFrom('institution').select(['id', 'code']).execute()).map((row) => [row.code, Number(row.id)]),
      );
      const schoolId = institutions.get(SCHOOL);
      const organizerId = institutions.get(ORGANISER);
      const catalogue = await trx
        .selectFrom('creditCatalogue')
        .select('id')
        .where('code', '=', EVENT.catalogueCode)
        .executeTakeFirst();
      if (schoolId === undefined || organizerId === undefined || !catalogue) return;
      const row = await trx
        .insertInto('matchEvent')
        .values({
          name: `${season} 年${EVENT.name}`,
          season,
          type: EVENT.type,
          level: EVENT.level,
          organizerId,
          approvalNo: `体联赛〔${season}〕${EVENT.approvalNo}号`,
          description: EVENT.description,
          registrationOpens: dayAt(-40, 9),
          registrationCloses: dayAt(-21, 17),
          resultsFrom: addDays(today, -14),
          objectionDays: 5,
          catalogueId: Number(catalogue.id),
          visible: 1,
          createTime: at,
          updateTime: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const eventId = Number(row.id);
      await insertEventItems(
        trx,
        TEAMS.map((team, position) => ({
          eventId,
          name: team.item,
          minMembers: team.minMembers,
          maxMembers: team.maxMembers,
          needsReport: 0,
          needsPhotos: 0,
          needsVideo: 0,
          position,
        })),
      );
      const items = await trx
        .selectFrom('matchEventItem')
        .select(['id', 'name'])
        .where('eventId', '=', eventId)
        .execute();
      const submitted = dayAt(-25, 10);
      const entries = [];
      for (const team of TEAMS) {
        const itemId = Number(items.find((item) => item.name === team.item)?.id);
        const teamId = await insertTeam(trx, {
          eventId,
          itemId,
          institutionId: schoolId,
          name: team.name,
          coach: '张老师',
          state: 'approved',
          submittedTime: submitted,
          reviewedTime: dayAt(-22, 15),
          reviewedBy: ORGANISER_ACCOUNT,
          createdBy: SCHOOL_ACCOUNT,
          createTime: submitted,
          updateTime: submitted,
        });
        await replaceMembers(trx, teamId, itemId, [...team.members]);
        entries.push({ teamId, itemId, rank: team.rank, award: team.award });
      }
      const published = new Date(now - 12 * DAY).toISOString();
      await writeResults(trx, eventId, entries, ORGANISER_ACCOUNT, published);
      await setPublished(trx, eventId, published);
      await finaliseWithin(trx, locks, await findReviewer(trx, OPERATOR), eventId, new Date(now - 7 * DAY));
      // A week on, the members have read the notices of their posted credits: the demo pupil starts with none unread.
      for (const cardNo of TEAMS.flatMap((team) => team.members)) await markMessagesRead(trx, cardNo, undefined, at);
    })
    .catch(async (error: unknown) => {
      // Another process seeding at the same time claimed the mark first.
      if (!(await hasSeedMark(db.kysely, FINISHED_SEED_MARK))) throw error;
    });
};
