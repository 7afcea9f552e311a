import { type CreditRecord, HOLDER_CREDIT_STATE_LABELS, type HolderCreditState, type Objection } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import { listPage, pageOfNumber } from '../../db/listPage';
import type { Database } from '../../db/schema';
import { kindLabel } from './ledgerRepository';
import { mayObject } from './policy';
import { holderTotal } from './totalsRepository';

export interface HolderCreditFilters {
  cardNo: string;
  category?: string;
  kind?: string;
  level?: string;
  from?: string;
  to?: string;
  pageNum: number;
  pageSize: number;
}

/**
 * What a holder sees of the ledger, of any card: posted records and reversed ones, never what waits for review
 * or was returned, nor the reversals themselves.
 */
export const visibleRecords = (db: Kysely<Database>) =>
  db.selectFrom('creditRecord as r').where('r.state', 'in', ['posted', 'reversed']).where('r.reversesId', 'is', null);

/** What the holder of this card sees (as `visibleRecords`), narrowed by the filters. */
export const visibleCredits = (db: Kysely<Database>, filters: Partial<HolderCreditFilters> & { cardNo: string }) => {
  let query = visibleRecords(db).where('r.cardNo', '=', filters.cardNo);
  if (filters.category) query = query.where('r.category', '=', filters.category);
  if (filters.kind) query = query.where('r.kind', '=', filters.kind);
  if (filters.level) query = query.where('r.level', '=', filters.level);
  if (filters.from) query = query.where('r.date', '>=', filters.from);
  if (filters.to) query = query.where('r.date', '<=', filters.to);
  return query;
};

const objectionState = (state: string): Objection['state'] =>
  state === 'kept' || state === 'reversal' ? state : 'open';

/** One page of the holder's records with their provenance, newest first, and the count of all that match. */
export const findHolderCredits = async (db: Kysely<Database>, filters: HolderCreditFilters, today: string) => {
  const { rows, total } = await listPage(
    () => visibleCredits(db, filters),
    (builder) =>
      builder
        .leftJoin('institution as i', 'i.id', 'r.institutionId')
        .leftJoin('creditCatalogue as c', 'c.id', 'r.catalogueId')
        .leftJoin('creditRecord as rv', 'rv.id', 'r.reversedById')
        .leftJoin('creditObjection as o', 'o.recordId', 'r.id')
        .select([
          'r.id',
          'r.cardNo',
          'r.date',
          'r.activity',
          'r.category',
          'r.credits',
          'r.issuer',
          'r.certificateNo',
          'r.kind',
          'r.level',
          'r.state',
          'r.postedDate',
          'r.reviewingUnit',
          'r.evidenceId',
          'r.objectionOpen',
          'i.name as institutionName',
          'c.name as itemName',
          'rv.reason as reversalReason',
          'rv.postedDate as reversalDate',
          'o.id as objectionId',
          'o.reason as objectionReason',
          'o.state as objectionState',
          'o.answer as objectionAnswer',
          'o.createTime as objectionTime',
          'o.answerTime as objectionAnswerTime',
        ])
        .orderBy('r.date', 'desc')
        .orderBy('r.id', 'desc'),
    pageOfNumber(filters),
  );
  const list: CreditRecord[] = rows.map((row) => {
    const state: HolderCreditState =
      row.state === 'reversed' ? 'reversed' : row.objectionOpen === 1 ? 'objecting' : 'posted';
    return {
      id: Number(row.id),
      date: row.date,
      activity: row.activity,
      category: row.category,
      credits: Number(row.credits),
      issuer: row.issuer,
      certificateNo: row.certificateNo,
      kind: kindLabel(row.kind),
      level: row.level,
      itemName: row.itemName ?? row.activity,
      institutionName: row.institutionName ?? row.issuer,
      postedDate: row.postedDate,
      reviewingUnit: row.reviewingUnit,
      hasEvidence: row.evidenceId !== null,
      state,
      stateLabel: HOLDER_CREDIT_STATE_LABELS[state],
      reversal:
        row.state === 'reversed' ? { reason: row.reversalReason ?? '', postedDate: row.reversalDate ?? '' } : null,
      objection:
        row.objectionId === null || row.objectionId === undefined
          ? null
          : {
              id: Number(row.objectionId),
              recordId: Number(row.id),
              cardNo: row.cardNo,
              holderName: '',
              itemName: row.itemName ?? row.activity,
              date: row.date,
              credits: Number(row.credits),
              reason: row.objectionReason ?? '',
              createTime: row.objectionTime ?? '',
              state: objectionState(row.objectionState ?? ''),
              answer: row.objectionAnswer ?? '',
              answerTime: row.objectionAnswerTime ?? null,
            },
      canObject: mayObject(row, row.objectionId !== null && row.objectionId !== undefined, today),
    };
  });
  return { list, total };
};

/** The total is the ledger's running sum; the categories are those of the records the holder sees. */
export const holderSummary = async (db: Kysely<Database>, cardNo: string) => {
  const [categories, totalCredits] = await Promise.all([
    visibleCredits(db, { cardNo }).select('r.category').distinct().orderBy('r.category').execute(),
    holderTotal(db, cardNo),
  ]);
  return { totalCredits, categories: categories.map((row) => row.category) };
};
