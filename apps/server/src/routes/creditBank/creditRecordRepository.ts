import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

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
  const list = await filtered(db, filters)
    .select(['id', 'date', 'activity', 'category', 'credits', 'issuer', 'certificateNo'])
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(filters.pageSize)
    .offset((filters.pageNum - 1) * filters.pageSize)
    .execute();
  const counted = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirst();
  return { list: list.map((row) => ({ ...row, credits: Number(row.credits) })), total: Number(counted?.count ?? 0) };
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
