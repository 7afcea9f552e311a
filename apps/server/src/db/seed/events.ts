import { addDays, beijingDate, beijingDayStart } from '../../domains/credits/policy';
import { insertEventItems } from '../../domains/events/eventItemRepository';
import type { Db } from '../database';
import { claimSeedMark, hasSeedMark } from './seedMarks';

export const EVENTS_SEED_MARK = 'seed:events:v1';

const HOUR = 3_600_000;

const FOOTBALL = { name: '机器人足球', minMembers: 3, maxMembers: 5, needsReport: 1, needsPhotos: 1, needsVideo: 0 };
const RACING = { name: '轮式竞速', minMembers: 1, maxMembers: 2, needsReport: 0, needsPhotos: 0, needsVideo: 1 };
const DESIGN = { name: '创意设计', minMembers: 2, maxMembers: 4, needsReport: 1, needsPhotos: 1, needsVideo: 1 };

/**
 * The demo events, their windows in days from the first start (Beijing days: opening at 09:00, closing at
 * 17:00): one open for registration, one coming, one whose registration has closed, and a hidden draft.
 */
const EVENTS = [
  {
    name: '全国学校体育联盟机器人运动会（北京市赛区）',
    type: 'regular',
    level: '市级',
    organizerCode: 'BJ-K0001',
    catalogueCode: 'MEET-R-CIT',
    approvalNo: '12',
    opensInDays: -5,
    closesInDays: 20,
    visible: 1,
    description: '面向北京市成员学校的常规类赛事，设机器人足球、轮式竞速两个项目。比赛不收取任何费用。',
    items: [FOOTBALL, RACING],
  },
  {
    name: '全国学校体育联盟机器人运动会创意类比赛（上海市赛区）',
    type: 'creative',
    level: '市级',
    organizerCode: 'SH-S0002',
    catalogueCode: 'MEET-C-CIT',
    approvalNo: '15',
    opensInDays: 10,
    closesInDays: 40,
    visible: 1,
    description: '围绕“智能校园”主题设计并制作机器人作品，提交设计报告、作品照片与演示视频。比赛不收取任何费用。',
    items: [DESIGN],
  },
  {
    name: '北京市第一中学校园机器人运动会',
    type: 'regular',
    level: '校级',
    organizerCode: 'BJ-S0001',
    catalogueCode: 'MEET-R-SCH',
    approvalNo: '9',
    opensInDays: -30,
    closesInDays: -3,
    visible: 1,
    description: '校内选拔赛，优胜队伍推荐参加市级比赛。',
    items: [FOOTBALL, RACING],
  },
  {
    name: '全国学校体育联盟机器人运动竞赛总决赛（筹备中）',
    type: 'regular',
    level: '国家级',
    organizerCode: 'BJ-K0001',
    catalogueCode: 'COMP-NAT',
    approvalNo: '21',
    opensInDays: 60,
    closesInDays: 90,
    visible: 0,
    description: '',
    items: [FOOTBALL, RACING, DESIGN],
  },
];

/** The demo events, organised by the demo institutions. Once per database, after the institutions. */
export const seedEvents = async (db: Db, options: { now: Date }) => {
  if (await hasSeedMark(db.kysely, EVENTS_SEED_MARK)) return;
  const at = options.now.toISOString();
  const today = beijingDate(options.now);
  const season = today.slice(0, 4);
  const instant = (days: number, hour: number) =>
    new Date(Date.parse(beijingDayStart(addDays(today, days))) + hour * HOUR).toISOString();
  await db
    .writeTransaction(async (trx) => {
      await claimSeedMark(trx, EVENTS_SEED_MARK, at);
      const institutions = new Map(
        (await trx.selectFrom('institution').select(['id', 'code']).execute()).map((row) => [row.code, Number(row.id)]),
      );
      const catalogue = new Map(
        (await trx.selectFrom('creditCatalogue').select(['id', 'code']).execute()).map((row) => [
          row.code,
          Number(row.id),
        ]),
      );
      for (const event of EVENTS) {
        const organizerId = institutions.get(event.organizerCode);
        const catalogueId = catalogue.get(event.catalogueCode);
        if (organizerId === undefined || catalogueId === undefined) continue;
        const row = await trx
          .insertInto('matchEvent')
          .values({
            name: `${season} 年${event.name}`,
            season,
            type: event.type,
            level: event.level,
            organizerId,
            approvalNo: `体联赛〔${season}〕${event.approvalNo}号`,
            description: event.description,
            registrationOpens: instant(event.opensInDays, 9),
            registrationCloses: instant(event.closesInDays, 17),
            resultsFrom: addDays(today, event.closesInDays + 14),
            objectionDays: 5,
            catalogueId,
            visible: event.visible,
            createTime: at,
            updateTime: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertEventItems(
          trx,
          event.items.map((item, position) => ({ eventId: Number(row.id), ...item, position })),
        );
      }
    })
    .catch(async (error: unknown) => {
      // Another process seeding at the same time claimed the mark first.
      if (!(await hasSeedMark(db.kysely, EVENTS_SEED_MARK))) throw error;
    });
};
