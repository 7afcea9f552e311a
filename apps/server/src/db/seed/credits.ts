import { insertCreditBatch } from '../../domains/credits/batchRepository';
import { findCatalogueByCodes } from '../../domains/credits/catalogueRepository';
import { insertLedgerRecords, kindLabel } from '../../domains/credits/ledgerRepository';
import type { Db } from '../database';
import { claimSeedMark, hasSeedMark } from './seedMarks';

export const CREDITS_SEED_MARK = 'seed:credits:v1';

const SCHOOL = 'BJ-S0001';
const SCHOOL_ACCOUNT = '10000003';
const OPERATOR = '10000005';
const PUPIL = '10000001';

/** The catalogue item each demo category's records belong to; the level follows who held the activity. */
const ITEM_OF_CATEGORY: Record<string, string> = {
  竞赛获奖: 'COMP',
  培训研修: 'TRAIN',
  裁判执裁: 'MEET-R',
  志愿服务: 'EXCH',
  课程学习: 'TRAIN',
};
const levelCode = (activity: string, issuer: string) => {
  const text = `${activity}${issuer}`;
  if (text.includes('全国') || text.includes('联盟')) return 'NAT';
  if (text.includes('省')) return 'PRV';
  return 'CIT';
};

/** A batch the demo school submitted, waiting in the review queue: `[item, days ago, credits]`. */
const WAITING: [string, number, number][] = [
  ['COMP-CIT', 12, 3],
  ['MEET-C-PRV', 9, 3],
  ['EXCH-PRV', 5, 1],
];

/**
 * The demo ledger's provenance: the seeded records become posted entries recorded by the demo school and
 * reviewed by the demo operator, and a batch of the school waits for review. Once per database, after the
 * card holders and the institutions.
 */
export const seedCredits = async (db: Db, options: { now: Date }) => {
  if (await hasSeedMark(db.kysely, CREDITS_SEED_MARK)) return;
  const at = options.now.toISOString();
  await db
    .writeTransaction(async (trx) => {
      await claimSeedMark(trx, CREDITS_SEED_MARK, at);
      const school = await trx
        .selectFrom('institution')
        .select(['id', 'name'])
        .where('code', '=', SCHOOL)
        .executeTakeFirst();
      const operator = await trx
        .selectFrom('cardHolder')
        .select(['cardNo', 'school'])
        .where('cardNo', '=', OPERATOR)
        .executeTakeFirst();
      if (!school || !operator) return;
      const items = new Map(
        (
          await findCatalogueByCodes(
            trx,
            Object.values(ITEM_OF_CATEGORY)
              .flatMap((prefix) => ['NAT', 'PRV', 'CIT'].map((level) => `${prefix}-${level}`))
              .concat(WAITING.map(([code]) => code)),
          )
        ).map((item) => [item.code, item]),
      );
      const records = await trx
        .selectFrom('creditRecord')
        .select(['id', 'category', 'activity', 'issuer', 'date'])
        .where('institutionId', 'is', null)
        .where('state', '=', 'posted')
        .execute();
      for (const record of records) {
        const item = items.get(
          `${ITEM_OF_CATEGORY[record.category] ?? 'EXCH'}-${levelCode(record.activity, record.issuer)}`,
        );
        await trx
          .updateTable('creditRecord')
          .set({
            institutionId: Number(school.id),
            catalogueId: item ? Number(item.id) : null,
            kind: item?.kind ?? '',
            level: item?.level ?? '',
            submittedBy: SCHOOL_ACCOUNT,
            submitTime: `${record.date}T01:00:00.000Z`,
            reviewedBy: operator.cardNo,
            reviewingUnit: operator.school,
            decidedTime: `${record.date}T06:00:00.000Z`,
            postedDate: record.date,
          })
          .where('id', '=', record.id)
          .execute();
      }

      const pupil = await trx.selectFrom('cardHolder').select('cardNo').where('cardNo', '=', PUPIL).executeTakeFirst();
      if (!pupil) return;
      const batch = await insertCreditBatch(trx, {
        institutionId: Number(school.id),
        fileHash: 'demo-waiting-batch',
        fileName: '示例-本月活动学分.csv',
        rowCount: WAITING.length,
        recorded: WAITING.length,
        duplicates: 0,
        state: 'submitted',
        createdBy: SCHOOL_ACCOUNT,
        createTime: at,
        decidedTime: null,
      });
      await insertLedgerRecords(
        trx,
        WAITING.flatMap(([code, daysAgo, credits], index) => {
          const item = items.get(code);
          if (!item) return [];
          return [
            {
              cardNo: pupil.cardNo,
              date: new Date(options.now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10),
              activity: item.name,
              category: kindLabel(item.kind),
              credits,
              issuer: school.name,
              certificateNo: `DEMO-WAIT-${index + 1}`,
              state: 'submitted',
              institutionId: Number(school.id),
              catalogueId: Number(item.id),
              kind: item.kind,
              level: item.level,
              batchId: Number(batch.id),
              submittedBy: SCHOOL_ACCOUNT,
              submitTime: at,
            },
          ];
        }),
      );
    })
    .catch(async (error: unknown) => {
      if (await hasSeedMark(db.kysely, CREDITS_SEED_MARK)) return;
      throw error;
    });
};
