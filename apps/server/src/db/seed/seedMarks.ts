import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** The `app_meta` table: which parts of the demo data this database already holds. */
export const hasSeedMark = async (db: Kysely<Database>, key: string) =>
  (await db.selectFrom('appMeta').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;

/**
 * Claims a part of the demo data inside the transaction that writes it. The mark goes first: a second
 * process seeding at the same time fails here on the key and rolls back.
 */
export const claimSeedMark = async (trx: Kysely<Database>, key: string, at: string) => {
  await trx.insertInto('appMeta').values({ key, value: at }).execute();
};
