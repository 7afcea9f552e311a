import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Each holder's running total (the `holder_credit_total` table), changed only in the transaction that posts
 * or reverses, so reading a total is one row, never a walk through the holder's history. The change is an
 * increment in the database: two transactions changing one holder's total at once both count.
 */
export const addToTotals = async (db: Kysely<Database>, changes: Map<string, { credits: number; count: number }>) => {
  for (const [cardNo, change] of changes) {
    await db
      .insertInto('holderCreditTotal')
      .values({ cardNo, total: change.credits, recordCount: change.count })
      .onConflict((conflict) =>
        conflict.column('cardNo').doUpdateSet((eb) => ({
          total: eb('holderCreditTotal.total', '+', eb.ref('excluded.total')),
          recordCount: eb('holderCreditTotal.recordCount', '+', eb.ref('excluded.recordCount')),
        })),
      )
      .execute();
  }
};

/** Adds one record's credits to its holder's change. */
export const tally = (changes: Map<string, { credits: number; count: number }>, cardNo: string, credits: number) => {
  const change = changes.get(cardNo) ?? { credits: 0, count: 0 };
  change.credits += credits;
  change.count += Math.sign(credits);
  changes.set(cardNo, change);
};

/** Rounded to one decimal place: the sum of halves and tenths in floating point drifts in the last digits. */
export const holderTotal = async (db: Kysely<Database>, cardNo: string) => {
  const row = await db.selectFrom('holderCreditTotal').select('total').where('cardNo', '=', cardNo).executeTakeFirst();
  return Math.round(Number(row?.total ?? 0) * 10) / 10;
};
