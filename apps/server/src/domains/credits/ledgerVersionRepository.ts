import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The holder's ledger version (`holder_ledger_version`, kept by triggers): it grows with every change to what
 * the holder's credit views show, so a view built under it is current while the number is the same. A holder
 * nothing was ever written for is at 0.
 */
export const holderLedgerVersion = async (db: Kysely<Database>, cardNo: string) => {
  const row = await db
    .selectFrom('holderLedgerVersion')
    .select('version')
    .where('cardNo', '=', cardNo)
    .executeTakeFirst();
  // pg answers bigint columns as text.
  return Number(row?.version ?? 0);
};
