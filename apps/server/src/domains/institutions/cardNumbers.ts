import type { Kysely } from 'kysely';
import type { WriteLocks } from '../../db/database';
import type { Database } from '../../db/schema';

const CHUNK = 2000;

/**
 * Takes `count` new card numbers, in order, inside the caller's write transaction. The counter row is locked
 * as it is read (PostgreSQL) or the whole database is (SQLite), so two commits at once never take the same
 * number; it only moves forward, so a number is never handed out again. Numbers already held by a card
 * written some other way (the demo seed) are stepped over.
 */
export const allocateCardNumbers = async (
  trx: Kysely<Database>,
  locks: WriteLocks,
  count: number,
): Promise<string[]> => {
  if (count === 0) return [];
  const counter = await locks
    .forUpdate(trx.selectFrom('cardNoCounter').select('nextNo').where('name', '=', 'card'))
    .executeTakeFirstOrThrow();
  let next = Number(counter.nextNo);
  const numbers: string[] = [];
  while (numbers.length < count) {
    const wanted = Math.min(CHUNK, count - numbers.length);
    const candidates = Array.from({ length: wanted }, (_, index) => String(next + index));
    const taken = new Set(
      (await trx.selectFrom('cardHolder').select('cardNo').where('cardNo', 'in', candidates).execute()).map(
        (row) => row.cardNo,
      ),
    );
    numbers.push(...candidates.filter((candidate) => !taken.has(candidate)));
    next += wanted;
  }
  await trx.updateTable('cardNoCounter').set({ nextNo: next }).where('name', '=', 'card').execute();
  return numbers;
};
