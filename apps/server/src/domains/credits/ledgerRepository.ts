import {
  CREDIT_KIND_LABELS,
  type CreditKind,
  LEDGER_STATE_LABELS,
  type LedgerRecord,
  type LedgerState,
} from '@lianmeng/core';
import type { Insertable, Kysely, Updateable } from 'kysely';
import { type Page, pageByIds } from '../../db/listPage';
import type { CreditRecordTable, Database } from '../../db/schema';
import { notFound } from '../../http/apiError';
import { REFUSALS } from './policy';

/**
 * The ledger's one data-access home (the `credit_record` table). Rows are inserted `submitted` and only ever
 * move forward: to `returned`, or to `posted` and then `reversed`. Nothing here deletes or edits a posted
 * record's content.
 */
const withNames = (db: Kysely<Database>) =>
  db
    .selectFrom('creditRecord as r')
    .leftJoin('cardHolder as h', 'h.cardNo', 'r.cardNo')
    .leftJoin('institution as i', 'i.id', 'r.institutionId')
    .leftJoin('creditCatalogue as c', 'c.id', 'r.catalogueId')
    .selectAll('r')
    .select(['h.name as holderName', 'i.name as institutionName', 'c.name as itemName']);

type NamedRow = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

export const kindLabel = (kind: string) => CREDIT_KIND_LABELS[kind as CreditKind] ?? kind;

export const toLedgerRecord = (row: NamedRow): LedgerRecord => ({
  id: Number(row.id),
  cardNo: row.cardNo,
  holderName: row.holderName ?? '',
  institutionId: row.institutionId === null ? null : Number(row.institutionId),
  institutionName: row.institutionName ?? row.issuer,
  itemId: row.catalogueId === null ? null : Number(row.catalogueId),
  itemName: row.itemName ?? row.activity,
  kind: kindLabel(row.kind),
  level: row.level,
  date: row.date,
  credits: Number(row.credits),
  certificateNo: row.certificateNo,
  hasEvidence: row.evidenceId !== null,
  state: row.state as LedgerState,
  stateLabel: LEDGER_STATE_LABELS[row.state as LedgerState] ?? row.state,
  reversesId: row.reversesId === null ? null : Number(row.reversesId),
  batchId: row.batchId === null ? null : Number(row.batchId),
  reason: row.reason,
  submittedBy: row.submittedBy,
  submittedTime: row.submitTime,
  reviewedBy: row.reviewedBy,
  reviewingUnit: row.reviewingUnit,
  decidedTime: row.decidedTime,
  objectionOpen: row.objectionOpen === 1,
});

/** A record as the workbench shows it, read back after the transaction that wrote it; 404 if it is gone. */
export const findLedgerRecord = async (db: Kysely<Database>, id: number): Promise<LedgerRecord> => {
  const row = await withNames(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(REFUSALS.recordNotFound);
  return toLedgerRecord(row);
};

export interface LedgerQuery {
  institutionId?: number;
  state?: LedgerState;
  cardNo?: string;
  batchId?: number;
}

export const listLedgerRecords = async (db: Kysely<Database>, query: LedgerQuery, page: Page) => {
  const filtered = () => {
    let builder = db.selectFrom('creditRecord as r');
    if (query.institutionId !== undefined) builder = builder.where('r.institutionId', '=', query.institutionId);
    if (query.state) builder = builder.where('r.state', '=', query.state);
    if (query.cardNo) builder = builder.where('r.cardNo', '=', query.cardNo);
    if (query.batchId !== undefined) builder = builder.where('r.batchId', '=', query.batchId);
    return builder;
  };
  const { rows, total } = await pageByIds(filtered, 'r.id', page, (ids) =>
    withNames(db).where('r.id', 'in', ids).orderBy('r.id', 'desc').execute(),
  );
  return { list: rows.map(toLedgerRecord), total };
};

export const insertLedgerRecord = (db: Kysely<Database>, row: Insertable<CreditRecordTable>) =>
  db.insertInto('creditRecord').values(row).returning('id').executeTakeFirstOrThrow();

/** 500 rows of about 20 values stay under both databases' limits on bound parameters. */
export const insertLedgerRecords = async (db: Kysely<Database>, rows: Insertable<CreditRecordTable>[]) => {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('creditRecord')
      .values(rows.slice(start, start + 500))
      .execute();
  }
};

/** The rows themselves, locked until the transaction ends (on PostgreSQL; SQLite's transaction holds all). */
export const lockRecords = (
  db: Kysely<Database>,
  forUpdate: <Q extends { forUpdate(): Q }>(query: Q) => Q,
  ids: number[],
) =>
  forUpdate(
    db
      .selectFrom('creditRecord')
      .selectAll()
      .where('id', 'in', ids.length ? ids : [-1]),
  ).execute();

/** The institution's records bearing these certificate numbers, locked (500 numbers a statement). */
export const lockRecordsByCertificates = async (
  db: Kysely<Database>,
  forUpdate: <Q extends { forUpdate(): Q }>(query: Q) => Q,
  institutionId: number,
  certificateNos: string[],
) => {
  const rows = [];
  for (let start = 0; start < certificateNos.length; start += 500) {
    const chunk = certificateNos.slice(start, start + 500);
    rows.push(
      ...(await forUpdate(
        db
          .selectFrom('creditRecord')
          .selectAll()
          .where('institutionId', '=', institutionId)
          .where('certificateNo', 'in', chunk),
      ).execute()),
    );
  }
  return rows;
};

export const lockBatchRecords = (
  db: Kysely<Database>,
  forUpdate: <Q extends { forUpdate(): Q }>(query: Q) => Q,
  batchId: number,
) =>
  forUpdate(
    db.selectFrom('creditRecord').selectAll().where('batchId', '=', batchId).where('state', '=', 'submitted'),
  ).execute();

export const countSubmittedInBatch = async (db: Kysely<Database>, batchId: number) =>
  Number(
    (
      await db
        .selectFrom('creditRecord')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('batchId', '=', batchId)
        .where('state', '=', 'submitted')
        .executeTakeFirstOrThrow()
    ).n,
  );

export const updateRecords = async (db: Kysely<Database>, ids: number[], changes: Updateable<CreditRecordTable>) => {
  for (let start = 0; start < ids.length; start += 500) {
    await db
      .updateTable('creditRecord')
      .set(changes)
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
  }
};

/** The statement finding standing records of these holders under these items (the duplicates' index). */
export const standingQuery = (db: Kysely<Database>, cardNos: string[], catalogueIds: number[]) =>
  db
    .selectFrom('creditRecord')
    .select(['cardNo', 'catalogueId', 'date'])
    .where('cardNo', 'in', cardNos)
    .where('catalogueId', 'in', catalogueIds)
    .where('state', 'in', ['submitted', 'posted'])
    .where('reversesId', 'is', null);

/** Records that stand (submitted or posted) among these holders, for finding duplicates (holder, item, date). */
export const standingRecordsOf = async (db: Kysely<Database>, cardNos: string[], catalogueIds: number[]) => {
  const found: { cardNo: string; catalogueId: number | null; date: string }[] = [];
  if (catalogueIds.length === 0) return found;
  for (let start = 0; start < cardNos.length; start += 500) {
    found.push(...(await standingQuery(db, cardNos.slice(start, start + 500), catalogueIds).execute()));
  }
  return found;
};

/**
 * The statement finding which of `numbers` the institution used on a record that stands. It repeats the
 * partial unique index's own conditions so that both databases read that index (an institution may hold a
 * million records).
 */
export const certificateQuery = (db: Kysely<Database>, institutionId: number, numbers: string[]) =>
  db
    .selectFrom('creditRecord')
    .select('certificateNo')
    .where('institutionId', '=', institutionId)
    .where('certificateNo', 'in', numbers)
    .where('certificateNo', '<>', '')
    .where('state', '<>', 'returned')
    .where('reversesId', 'is', null);

/** Certificate numbers among `numbers` the institution already used on a record that stands. */
export const takenCertificates = async (db: Kysely<Database>, institutionId: number, numbers: string[]) => {
  const taken = new Set<string>();
  const wanted = numbers.filter(Boolean);
  for (let start = 0; start < wanted.length; start += 500) {
    const rows = await certificateQuery(db, institutionId, wanted.slice(start, start + 500)).execute();
    for (const row of rows) taken.add(row.certificateNo);
  }
  return taken;
};

/** A reversal of the record still waiting for review, if any. */
export const pendingReversalOf = (db: Kysely<Database>, recordId: number) =>
  db
    .selectFrom('creditRecord')
    .select('id')
    .where('reversesId', '=', recordId)
    .where('state', '=', 'submitted')
    .executeTakeFirst();
