import type { Objection } from '@lianmeng/core';
import type { Insertable, Kysely, Updateable } from 'kysely';
import { type Page, pageByIds } from '../../db/listPage';
import type { CreditObjectionTable, Database } from '../../db/schema';
import { notFound } from '../../http/apiError';
import { REFUSALS } from './policy';

/** The `credit_objection` table: at most one objection per record. */
const withRecord = (db: Kysely<Database>) =>
  db
    .selectFrom('creditObjection as o')
    .innerJoin('creditRecord as r', 'r.id', 'o.recordId')
    .leftJoin('cardHolder as h', 'h.cardNo', 'o.cardNo')
    .leftJoin('creditCatalogue as c', 'c.id', 'r.catalogueId')
    .selectAll('o')
    .select(['h.name as holderName', 'c.name as itemName', 'r.activity', 'r.date', 'r.credits']);

type Row = Awaited<ReturnType<ReturnType<typeof withRecord>['executeTakeFirstOrThrow']>>;

const toObjection = (row: Row): Objection => ({
  id: Number(row.id),
  recordId: Number(row.recordId),
  cardNo: row.cardNo,
  holderName: row.holderName ?? '',
  itemName: row.itemName ?? row.activity,
  date: row.date,
  credits: Number(row.credits),
  reason: row.reason,
  createTime: row.createTime,
  state: row.state as Objection['state'],
  answer: row.answer,
  answerTime: row.answerTime,
});

/** An objection read back after the transaction that wrote it; 404 if it is gone. */
export const findObjection = async (db: Kysely<Database>, id: number): Promise<Objection> => {
  const row = await withRecord(db).where('o.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(REFUSALS.objectionNotFound);
  return toObjection(row);
};

export const objectionOfRecord = (db: Kysely<Database>, recordId: number) =>
  db.selectFrom('creditObjection').selectAll().where('recordId', '=', recordId).executeTakeFirst();

export const lockObjection = (
  db: Kysely<Database>,
  forUpdate: <Q extends { forUpdate(): Q }>(query: Q) => Q,
  institutionId: number,
  id: number,
) =>
  forUpdate(
    db.selectFrom('creditObjection').selectAll().where('id', '=', id).where('institutionId', '=', institutionId),
  ).executeTakeFirst();

export const insertObjection = (db: Kysely<Database>, row: Insertable<CreditObjectionTable>) =>
  db.insertInto('creditObjection').values(row).returning('id').executeTakeFirstOrThrow();

export const updateObjection = (db: Kysely<Database>, id: number, changes: Updateable<CreditObjectionTable>) =>
  db.updateTable('creditObjection').set(changes).where('id', '=', id).execute();

export const listObjections = async (
  db: Kysely<Database>,
  institutionId: number,
  state: string | undefined,
  page: Page,
) => {
  const filtered = () => {
    let query = db.selectFrom('creditObjection').where('institutionId', '=', institutionId);
    if (state) query = query.where('state', '=', state);
    return query;
  };
  const { rows, total } = await pageByIds(filtered, 'id', page, (ids) =>
    withRecord(db).where('o.id', 'in', ids).orderBy('o.id', 'desc').execute(),
  );
  return { list: rows.map(toObjection), total };
};
