import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Public checks of proofs: when, never by whom. */
export const insertProofChecks = (trx: Kysely<Database>, checks: { proofId: number; checkTime: string }[]) =>
  trx.insertInto('creditProofCheck').values(checks).execute();

/**
 * How often each proof was checked and its latest `recent` check times, newest first: one read, each check
 * ranked within its proof and counted with its proof's others.
 */
export const checksOfProofs = async (db: Kysely<Database>, proofIds: number[], recent: number) => {
  const checks = new Map<number, { count: number; recent: string[] }>();
  if (proofIds.length === 0) return checks;
  const ranked = db
    .selectFrom('creditProofCheck')
    .select((eb) => [
      'proofId',
      'checkTime',
      eb.fn
        .countAll<string | number>()
        .over((over) => over.partitionBy('proofId'))
        .as('count'),
      eb.fn
        .agg<string | number>('row_number')
        .over((over) => over.partitionBy('proofId').orderBy('checkTime', 'desc').orderBy('id', 'desc'))
        .as('place'),
    ])
    .where('proofId', 'in', proofIds);
  const rows = await db
    .selectFrom(ranked.as('c'))
    .select(['proofId', 'checkTime', 'count'])
    .where('place', '<=', recent)
    .orderBy('proofId')
    .orderBy('place')
    .execute();
  for (const row of rows) {
    const proofId = Number(row.proofId);
    const entry = checks.get(proofId) ?? { count: Number(row.count), recent: [] };
    entry.recent.push(row.checkTime);
    checks.set(proofId, entry);
  }
  return checks;
};
