import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The `sso_code` table: one-time single-sign-on codes, kept only as hashes. */
export const insertSsoCode = (
  db: Kysely<Database>,
  row: { codeHash: string; cardNo: string; returnPrefix: string; createTime: string; expiresTime: string },
) => db.insertInto('ssoCode').values(row).execute();

/**
 * Takes a code out: the row is deleted and returned in one statement, so two exchanges of one code (on any
 * process) cannot both find it.
 */
export const takeSsoCode = (db: Kysely<Database>, codeHash: string) =>
  db
    .deleteFrom('ssoCode')
    .where('codeHash', '=', codeHash)
    .returning(['cardNo', 'returnPrefix', 'expiresTime'])
    .executeTakeFirst();

/** Drops the codes whose minute has passed, used or not. */
export const sweepSsoCodes = (db: Kysely<Database>, now: string) =>
  db.deleteFrom('ssoCode').where('expiresTime', '<=', now).execute();
