import type { Db } from '../../db/database';

/** Remembers every accepted card payload until its timestamp is stale anyway; a second use is refused. */
export const claimPayload = async (db: Db, digest: string, until: Date, now: Date): Promise<boolean> => {
  await db.kysely.deleteFrom('payloadReplayGuard').where('expiresTime', '<', now.toISOString()).execute();
  const result = await db.kysely
    .insertInto('payloadReplayGuard')
    .values({ digest, expiresTime: until.toISOString() })
    .onConflict((conflict) => conflict.column('digest').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
};
