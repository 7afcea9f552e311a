import { LEDGER_STATE_LABELS, type VerifiedRecord } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { visibleCredits, visibleRecords } from '../credits/holderView';

const lineOf = (row: {
  date: string;
  activity: string;
  itemName: string | null;
  level: string;
  credits: number | string;
  institutionName: string | null;
  issuer: string;
  certificateNo: string;
  state: string;
}): VerifiedRecord => {
  const state = row.state === 'reversed' ? 'reversed' : 'posted';
  return {
    date: row.date,
    activity: row.itemName ?? row.activity,
    level: row.level,
    credits: Number(row.credits),
    institutionName: row.institutionName ?? row.issuer,
    certificateNo: row.certificateNo,
    state,
    stateLabel: LEDGER_STATE_LABELS[state],
  };
};

/** What a proof prints of a record, and where it comes from: the catalogue's name, the institution's. */
const withProofColumns = (query: ReturnType<typeof visibleRecords>) =>
  query
    .leftJoin('institution as i', 'i.id', 'r.institutionId')
    .leftJoin('creditCatalogue as c', 'c.id', 'r.catalogueId')
    .select([
      'r.id',
      'r.date',
      'r.activity',
      'r.level',
      'r.credits',
      'r.issuer',
      'r.certificateNo',
      'r.state',
      'c.name as itemName',
      'i.name as institutionName',
    ]);

/**
 * The card's records the holder can see (posted or reversed), with what a proof prints of them, by id; all
 * posted ones when `ids` is undefined. Keyed by id, so the caller can tell which ids were not the card's.
 */
export const proofRecords = async (db: Kysely<Database>, cardNo: string, ids: number[] | undefined) => {
  let query = visibleCredits(db, { cardNo });
  if (ids === undefined) query = query.where('r.state', '=', 'posted');
  else query = query.where('r.id', 'in', ids.length ? ids : [-1]);
  const rows = await withProofColumns(query).orderBy('r.date', 'desc').orderBy('r.id', 'desc').execute();
  return new Map(rows.map((row) => [Number(row.id), lineOf(row)]));
};

/** Whether any record among `ids` belongs to another card (so the request is refused, not trimmed). */
export const anyOfOtherCards = async (db: Kysely<Database>, cardNo: string, ids: number[]) =>
  ids.length > 0 &&
  (await db
    .selectFrom('creditRecord')
    .select('id')
    .where('id', 'in', ids)
    .where('cardNo', '<>', cardNo)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/**
 * The posted or reversed record with this certificate number whose holder bears exactly this name, with the
 * holder's name; undefined when none (an unknown number and a wrong name look the same).
 */
export const recordByCertificate = async (db: Kysely<Database>, certificateNo: string, name: string) => {
  const row = await withProofColumns(visibleRecords(db))
    .innerJoin('cardHolder as h', 'h.cardNo', 'r.cardNo')
    .select('h.name as holderName')
    .where('r.certificateNo', '=', certificateNo)
    .where('h.name', '=', name)
    .orderBy('r.id', 'desc')
    .executeTakeFirst();
  return row ? { ...lineOf(row), holderName: row.holderName } : undefined;
};
