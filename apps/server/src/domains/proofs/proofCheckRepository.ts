import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** One public check of a proof: when, never by whom. */
export const insertProofCheck = (trx: Kysely<Database>, proofId: number, at: string) =>
  trx.insertInto('creditProofCheck').values({ proofId, checkTime: at }).execute();

/** How often each proof was checked and its latest `recent` check times, newest first. */
export const checksOfProofs = async (db: Kysely<Database>, proofIds: number[], recent: number) => {
  const checks = new Map<number, { count: number; recent: string[] }>();
  if (proofIds.length === 0) return checks;
  const counts = await db
    .selectFrom('creditProofCheck')
    .select(['proofId', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('proofId', 'in', proofIds)
    .groupBy('proofId')
    .execute();
  for (const row of counts) checks.set(Number(row.proofId), { count: Number(row.count), recent: [] });
  for (const proofId of checks.keys()) {
    const rows = await db
      .selectFrom('creditProofCheck')
      .select('checkTime')
      .where('proofId', '=', proofId)
      .orderBy('checkTime', 'desc')
      .orderBy('id', 'desc')
      .limit(recent)
      .execute();
    const entry = checks.get(proofId);
    if (entry) entry.recent = rows.map((row) => row.checkTime);
  }
  return checks;
};
