import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Every read and write of `setup_link`: the one-time links that create a site's first administrator. */

/** Stores a new link's hash; the links not yet used stop working, so only the last printed one opens. */
export const replaceSetupLink = async (
  trx: Kysely<Database>,
  row: { tokenHash: string; createTime: string; expiresTime: string },
) => {
  await trx.deleteFrom('setupLink').where('usedTime', 'is', null).execute();
  await trx
    .insertInto('setupLink')
    .values({ ...row, usedTime: null })
    .execute();
};

/** Uses the link up; true only for the one caller that did, while it was live. */
export const useSetupLink = async (trx: Kysely<Database>, tokenHash: string, at: string) => {
  const used = await trx
    .updateTable('setupLink')
    .set({ usedTime: at })
    .where('tokenHash', '=', tokenHash)
    .where('usedTime', 'is', null)
    .where('expiresTime', '>', at)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
};
