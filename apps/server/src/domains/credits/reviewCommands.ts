import { OBJECTION_DAYS, type ReviewQueueItem } from '@lianmeng/core';
import type { Kysely, Selectable } from 'kysely';
import type { Db, WriteLocks } from '../../db/database';
import type { CreditRecordTable, Database } from '../../db/schema';
import { ApiError, forbidden, notFound } from '../../http/apiError';
import { recordCardAudits } from '../audit/auditRepository';
import { decideCreditBatches, lockCreditBatch, submittedBatches } from './batchRepository';
import { countSubmittedInBatch, lockBatchRecords, lockRecords, updateRecords } from './ledgerRepository';
import { type Notice, type SmsNotice, writeNotices } from './notices';
import { addDays, beijingDate, beijingDayStart, REFUSALS } from './policy';
import { addToTotals, tally } from './totalsRepository';

type RecordRow = Selectable<CreditRecordTable>;

/** The operator as a reviewer: the unit named on posted records, and the institution it may not review. */
export interface Reviewer {
  cardNo: string;
  unit: string;
  ownInstitutionId: number | null;
}

export const findReviewer = async (db: Kysely<Database>, cardNo: string): Promise<Reviewer> => {
  const row = await db
    .selectFrom('cardHolder')
    .select(['cardNo', 'school', 'institutionId'])
    .where('cardNo', '=', cardNo)
    .executeTakeFirstOrThrow();
  return {
    cardNo: row.cardNo,
    unit: row.school,
    ownInstitutionId: row.institutionId === null ? null : Number(row.institutionId),
  };
};

const assertNotOwn = (reviewer: Reviewer, institutionIds: (number | null)[]) => {
  if (reviewer.ownInstitutionId !== null && institutionIds.some((id) => Number(id) === reviewer.ownInstitutionId)) {
    throw forbidden(REFUSALS.selfReview);
  }
};

const institutionNames = async (db: Kysely<Database>, ids: number[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await db.selectFrom('institution').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [Number(row.id), row.name]));
};

/**
 * Posts submitted records: each counts in its holder's total from now on; a posted reversal marks its
 * original reversed and takes the original's credits off the total. Totals and inbox messages change in the
 * same transaction as the records. Also how an event's results, once final, post their awards' credits.
 */
export const postRecords = async (
  trx: Kysely<Database>,
  locks: WriteLocks,
  rows: RecordRow[],
  reviewer: Reviewer,
  now: Date,
): Promise<SmsNotice[]> => {
  const at = now.toISOString();
  const today = beijingDate(now);
  const decided = { reviewedBy: reviewer.cardNo, reviewingUnit: reviewer.unit, decidedTime: at, postedDate: today };
  const originals = rows.filter((row) => row.reversesId === null);
  const reversals = rows.filter((row) => row.reversesId !== null);
  const changes = new Map<string, { credits: number; count: number }>();
  const notices: Notice[] = [];
  const names = await institutionNames(
    trx,
    rows.map((row) => Number(row.institutionId)),
  );

  await updateRecords(
    trx,
    originals.map((row) => Number(row.id)),
    { ...decided, state: 'posted' },
  );
  for (const row of originals) {
    tally(changes, row.cardNo, Number(row.credits));
    notices.push({
      cardNo: row.cardNo,
      title: '学分入账',
      body: `「${row.activity}」${Number(row.credits)} 学分已入账（${names.get(Number(row.institutionId)) ?? row.issuer}登记，${reviewer.unit}审核）。如有异议，可在入账后 ${OBJECTION_DAYS} 天内提出。`,
      recordId: Number(row.id),
    });
  }

  if (reversals.length > 0) {
    const reversed = await lockRecords(
      trx,
      locks.forUpdate,
      reversals.map((row) => Number(row.reversesId)),
    );
    const byId = new Map(reversed.map((row) => [Number(row.id), row]));
    for (const reversal of reversals) {
      const original = byId.get(Number(reversal.reversesId));
      if (original?.state !== 'posted') throw new ApiError(409, REFUSALS.decided);
      await updateRecords(trx, [Number(reversal.id)], { ...decided, state: 'posted' });
      await updateRecords(trx, [Number(original.id)], {
        state: 'reversed',
        reversedById: Number(reversal.id),
        objectionOpen: 0,
      });
      tally(changes, original.cardNo, -Number(original.credits));
      notices.push({
        cardNo: original.cardNo,
        title: '学分冲正',
        body: `「${original.activity}」${Number(original.credits)} 学分已冲正，不再计入总学分。原因：${reversal.reason}`,
        recordId: Number(original.id),
      });
    }
  }
  await addToTotals(trx, changes);
  return writeNotices(trx, notices, at);
};

const audits = (reviewer: Reviewer, action: 'approve' | 'return', rows: RecordRow[], now: Date, extra = {}) =>
  rows.map((row) => ({
    cardNo: reviewer.cardNo,
    action,
    targetType: 'creditRecord' as const,
    targetId: Number(row.id),
    detail: {
      institutionId: Number(row.institutionId),
      holder: row.cardNo,
      credits: Number(row.credits),
      ...(row.batchId === null ? {} : { batchId: Number(row.batchId) }),
      ...(row.reversesId === null ? {} : { reverses: Number(row.reversesId) }),
      ...extra,
      result: 'ok',
    },
    holderCardNo: row.cardNo,
    at: now,
  }));

/** Batches none of whose records wait any more are decided. */
const settleBatches = async (trx: Kysely<Database>, rows: RecordRow[], reviewer: Reviewer, at: string) => {
  const batchIds = [...new Set(rows.filter((row) => row.batchId !== null).map((row) => Number(row.batchId)))];
  const done: number[] = [];
  for (const batchId of batchIds) if ((await countSubmittedInBatch(trx, batchId)) === 0) done.push(batchId);
  await decideCreditBatches(trx, done, reviewer.cardNo, at);
};

/** Locks the chosen records; all must exist and still wait, and none be of the reviewer's own institution. */
const lockWaiting = async (trx: Kysely<Database>, locks: WriteLocks, reviewer: Reviewer, ids: number[]) => {
  const unique = [...new Set(ids)];
  const rows = await lockRecords(trx, locks.forUpdate, unique);
  if (rows.length !== unique.length) throw notFound(REFUSALS.recordNotFound);
  assertNotOwn(
    reviewer,
    rows.map((row) => row.institutionId),
  );
  if (rows.some((row) => row.state !== 'submitted')) throw new ApiError(409, REFUSALS.decided);
  return rows;
};

export const approveRecords = async (db: Db, reviewer: Reviewer, ids: number[], now: Date) =>
  db.writeTransaction(async (trx, locks) => {
    const rows = await lockWaiting(trx, locks, reviewer, ids);
    const sms = await postRecords(trx, locks, rows, reviewer, now);
    await settleBatches(trx, rows, reviewer, now.toISOString());
    await recordCardAudits(trx, audits(reviewer, 'approve', rows, now));
    return { posted: rows.length, sms };
  });

const returnRows = async (trx: Kysely<Database>, rows: RecordRow[], reviewer: Reviewer, reason: string, now: Date) => {
  await updateRecords(
    trx,
    rows.map((row) => Number(row.id)),
    {
      state: 'returned',
      reason,
      reviewedBy: reviewer.cardNo,
      reviewingUnit: reviewer.unit,
      decidedTime: now.toISOString(),
    },
  );
  // A returned reversal leaves its original standing; an objection it answered is no longer being handled.
  const originals = rows.filter((row) => row.reversesId !== null).map((row) => Number(row.reversesId));
  await updateRecords(trx, originals, { objectionOpen: 0 });
};

export const returnRecords = async (db: Db, reviewer: Reviewer, ids: number[], reason: string, now: Date) =>
  db.writeTransaction(async (trx, locks) => {
    const rows = await lockWaiting(trx, locks, reviewer, ids);
    await returnRows(trx, rows, reviewer, reason, now);
    await settleBatches(trx, rows, reviewer, now.toISOString());
    await recordCardAudits(trx, audits(reviewer, 'return', rows, now, { reason }));
    return { returned: rows.length };
  });

/**
 * Decides a whole batch. The batch row is locked first: of two operators deciding it at once, the second
 * waits, then finds it decided and gets 409, so its records are posted once.
 */
const decideBatch = async <T>(
  db: Db,
  reviewer: Reviewer,
  batchId: number,
  now: Date,
  work: (trx: Kysely<Database>, locks: WriteLocks, rows: RecordRow[]) => Promise<T>,
) =>
  db.writeTransaction(async (trx, locks) => {
    const batch = await lockCreditBatch(trx, locks.forUpdate, batchId);
    if (!batch) throw notFound(REFUSALS.batchNotFound);
    assertNotOwn(reviewer, [batch.institutionId]);
    if (batch.state !== 'submitted') throw new ApiError(409, REFUSALS.batchDecided);
    const rows = await lockBatchRecords(trx, locks.forUpdate, batchId);
    const result = await work(trx, locks, rows);
    await decideCreditBatches(trx, [batchId], reviewer.cardNo, now.toISOString());
    return result;
  });

export const approveBatch = (db: Db, reviewer: Reviewer, batchId: number, now: Date) =>
  decideBatch(db, reviewer, batchId, now, async (trx, locks, rows) => {
    const sms = await postRecords(trx, locks, rows, reviewer, now);
    await recordCardAudits(trx, audits(reviewer, 'approve', rows, now));
    return { posted: rows.length, sms };
  });

export const returnBatch = (db: Db, reviewer: Reviewer, batchId: number, reason: string, now: Date) =>
  decideBatch(db, reviewer, batchId, now, async (trx, _locks, rows) => {
    await returnRows(trx, rows, reviewer, reason, now);
    await recordCardAudits(trx, audits(reviewer, 'return', rows, now, { reason }));
    return { returned: rows.length };
  });

/**
 * What waits for review: each batch with its waiting records counted, and each single record or reversal,
 * oldest first. What the operator's own institution submitted is listed but marked not reviewable.
 */
export const reviewQueue = async (
  db: Kysely<Database>,
  reviewer: Reviewer,
  filter: { institutionId?: number; from?: string; to?: string },
  page: { offset: number; limit: number },
) => {
  // The dates are Beijing days, as the workbench shows times; times are stored in UTC.
  const since = filter.from ? beijingDayStart(filter.from) : undefined;
  const before = filter.to ? beijingDayStart(addDays(filter.to, 1)) : undefined;
  const batches = await submittedBatches(db, { institutionId: filter.institutionId, since, before });
  let singles = db
    .selectFrom('creditRecord as r')
    .innerJoin('institution as i', 'i.id', 'r.institutionId')
    .select([
      'r.id',
      'r.institutionId',
      'i.name as institutionName',
      'r.submittedBy',
      'r.submitTime',
      'r.credits',
      'r.reversesId',
    ])
    .where('r.state', '=', 'submitted')
    .where('r.batchId', 'is', null);
  if (filter.institutionId) singles = singles.where('r.institutionId', '=', filter.institutionId);
  if (since) singles = singles.where('r.submitTime', '>=', since);
  if (before) singles = singles.where('r.submitTime', '<', before);
  const reviewable = (institutionId: number) => reviewer.ownInstitutionId !== institutionId;
  const items: ReviewQueueItem[] = [
    ...batches.map((batch) => ({
      key: `batch:${batch.id}`,
      type: 'batch' as const,
      batchId: Number(batch.id),
      recordId: null,
      institutionId: Number(batch.institutionId),
      institutionName: batch.institutionName,
      fileName: batch.fileName,
      submittedBy: batch.createdBy,
      submittedTime: batch.createTime,
      count: Number(batch.n),
      credits: Math.round(Number(batch.credits ?? 0) * 10) / 10,
      reviewable: reviewable(Number(batch.institutionId)),
    })),
    ...(await singles.execute()).map((row) => ({
      key: `record:${row.id}`,
      type: row.reversesId === null ? ('record' as const) : ('reversal' as const),
      batchId: null,
      recordId: Number(row.id),
      institutionId: Number(row.institutionId),
      institutionName: row.institutionName,
      fileName: '',
      submittedBy: row.submittedBy,
      submittedTime: row.submitTime,
      count: 1,
      credits: Number(row.credits),
      reviewable: reviewable(Number(row.institutionId)),
    })),
  ].sort((a, b) => a.submittedTime.localeCompare(b.submittedTime) || a.key.localeCompare(b.key));
  return { list: items.slice(page.offset, page.offset + page.limit), total: items.length };
};
