import { insertCardHolders } from '../../domains/cardHolders/cardHolderRepository';
import { insertMembers } from '../../domains/institutions/memberRepository';
import { replaceMembers } from '../../domains/registrations/teamMemberRepository';
import { insertTeam } from '../../domains/registrations/teamRepository';
import type { Db } from '../database';
import { claimSeedMark, hasSeedMark } from './seedMarks';

export const TEAMS_SEED_MARK = 'seed:teams:v1';

const SCHOOL = 'BJ-S0001';
const SCHOOL_ACCOUNT = '10000003';

/**
 * Pupils of the demo school, opened from a roster and not yet activated: what a school's team is made of.
 * They cannot sign in (no password); the demo school's account picks them for its teams.
 */
const PUPILS = [
  { cardNo: '10000011', name: '王小明', gender: '男', birthDate: '2013-03-12', grade: '初一（2）班' },
  { cardNo: '10000012', name: '赵小红', gender: '女', birthDate: '2013-07-05', grade: '初一（2）班' },
  { cardNo: '10000013', name: '钱小刚', gender: '男', birthDate: '2012-11-20', grade: '初二（1）班' },
  { cardNo: '10000014', name: '孙小丽', gender: '女', birthDate: '2012-09-01', grade: '初二（1）班' },
  { cardNo: '10000015', name: '周小杰', gender: '男', birthDate: '2013-01-18', grade: '初一（3）班' },
];

/**
 * The demo teams: in the event open for registration, a team of the school still being prepared (its design
 * report and photos missing); in the school's own meeting, whose window has closed, two admitted teams.
 */
const TEAMS = [
  {
    event: '北京市赛区',
    item: '机器人足球',
    name: '一中雄鹰队',
    coach: '张老师',
    members: ['10000011', '10000012', '10000013'],
    state: 'draft',
  },
  {
    event: '校园机器人运动会',
    item: '机器人足球',
    name: '一中猎豹队',
    coach: '张老师',
    members: ['10000011', '10000012', '10000014'],
    state: 'approved',
  },
  {
    event: '校园机器人运动会',
    item: '轮式竞速',
    name: '一中闪电队',
    coach: '张老师',
    members: ['10000015'],
    state: 'approved',
  },
] as const;

/** The demo school's pupils and teams. Once per database, after the institutions and the events. */
export const seedTeams = async (db: Db, options: { now: Date }) => {
  if (await hasSeedMark(db.kysely, TEAMS_SEED_MARK)) return;
  const at = options.now.toISOString();
  await db
    .writeTransaction(async (trx) => {
      await claimSeedMark(trx, TEAMS_SEED_MARK, at);
      const school = await trx
        .selectFrom('institution')
        .select(['id', 'name'])
        .where('code', '=', SCHOOL)
        .executeTakeFirst();
      if (!school) return;
      const schoolId = Number(school.id);
      await insertCardHolders(
        trx,
        PUPILS.map((pupil) => ({
          ...pupil,
          school: school.name,
          phone: '',
          passwordHash: '',
          operator: 0,
          institution: 0,
          activationState: 'pending',
          createTime: at,
          updateTime: at,
        })),
      );
      await insertMembers(
        trx,
        PUPILS.map((pupil) => ({
          institutionId: schoolId,
          cardNo: pupil.cardNo,
          how: 'opened',
          batchId: null,
          linkTime: at,
          activationState: 'pending',
        })),
      );
      const items = await trx
        .selectFrom('matchEventItem as item')
        .innerJoin('matchEvent as event', 'event.id', 'item.eventId')
        .select(['item.id', 'item.name', 'item.eventId', 'event.name as eventName'])
        .execute();
      for (const team of TEAMS) {
        const item = items.find((row) => row.eventName.includes(team.event) && row.name === team.item);
        if (!item) continue;
        const teamId = await insertTeam(trx, {
          eventId: Number(item.eventId),
          itemId: Number(item.id),
          institutionId: schoolId,
          name: team.name,
          coach: team.coach,
          state: team.state,
          submittedTime: team.state === 'draft' ? null : at,
          reviewedTime: team.state === 'approved' ? at : null,
          reviewedBy: team.state === 'approved' ? SCHOOL_ACCOUNT : null,
          createdBy: SCHOOL_ACCOUNT,
          createTime: at,
          updateTime: at,
        });
        await replaceMembers(trx, teamId, Number(item.id), [...team.members]);
      }
    })
    .catch(async (error: unknown) => {
      // Another process seeding at the same time claimed the mark first.
      if (!(await hasSeedMark(db.kysely, TEAMS_SEED_MARK))) throw error;
    });
};
