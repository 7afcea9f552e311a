import type { Insertable, Kysely } from 'kysely';
import { listPage, pageOfNumber } from '../../db/listPage';
import type { CreditRecordTable, Database } from '../../db/schema';

export interface CreditFilters {
  cardNo: string;
  category?: string;
  from?: string;
  to?: string;
  pageNum: number;
  pageSize: number;
}

const filtered = (db: Kysely<Database>, { cardNo, category, from, to }: CreditFilters) => {
  let query = db.selectFrom('creditRecord').where('cardNo', '=', cardNo);
  if (category) query = query.where('category', '=', category);
  if (from) query = query.where('date', '>=', from);
  if (to) query = query.where('date', '<=', to);
  return query;
};

/** One page of a card's records, newest first, with the count of all that match. */
export const findCreditRecords = async (db: Kysely<Database>, filters: CreditFilters) => {
  const { rows, total } = await listPage(
    () => filtered(db, filters),
    (builder) =>
      builder
        .select(['id', 'date', 'activity', 'category', 'credits', 'issuer', 'certificateNo'])
        .orderBy('date', 'desc')
        .orderBy('id', 'desc'),
    pageOfNumber(filters),
  );
  return { list: rows.map((row) => ({ ...row, credits: Number(row.credits) })), total };
};

/** The account's totals are over every record, whatever the filters. */
export const creditSummary = async (db: Kysely<Database>, cardNo: string) => {
  const total = await db
    .selectFrom('creditRecord')
    .select((eb) => eb.fn.sum<string | number | null>('credits').as('sum'))
    .where('cardNo', '=', cardNo)
    .executeTakeFirst();
  const categories = await db
    .selectFrom('creditRecord')
    .select('category')
    .distinct()
    .where('cardNo', '=', cardNo)
    .orderBy('category')
    .execute();
  return {
    totalCredits: Math.round(Number(total?.sum ?? 0) * 10) / 10,
    categories: categories.map((row) => row.category),
  };
};

/** Many rows at once (the demo seed and the test factories). */
export const insertCreditRecords = async (db: Kysely<Database>, rows: Insertable<CreditRecordTable>[]) => {
  if (rows.length > 0) await db.insertInto('creditRecord').values(rows).execute();
};
