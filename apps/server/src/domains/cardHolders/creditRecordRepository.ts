import type { Insertable, Kysely } from 'kysely';
import type { CreditRecordTable, Database } from '../../db/schema';
import { insertLedgerRecords } from '../credits/ledgerRepository';
import { addToTotals, tally } from '../credits/totalsRepository';

/**
 * Posted records written at once (the demo seed and the test factories), with their holders' totals in the
 * same statement sequence; call it inside a transaction to keep both together.
 */
export const insertCreditRecords = async (db: Kysely<Database>, rows: Insertable<CreditRecordTable>[]) => {
  if (rows.length === 0) return;
  const posted = rows.map((row) => ({ ...row, state: row.state ?? 'posted', postedDate: row.postedDate ?? row.date }));
  await insertLedgerRecords(db, posted);
  const changes = new Map<string, { credits: number; count: number }>();
  for (const row of posted) if (row.state === 'posted') tally(changes, row.cardNo, row.credits);
  await addToTotals(db, changes);
};
