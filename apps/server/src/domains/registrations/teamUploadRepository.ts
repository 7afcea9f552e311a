import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, MatchTeamUploadTable } from '../../db/schema';

/** The one data-access home of `match_team_upload`: resumable uploads in progress (their bytes are on disk). */

export type TeamUploadRow = Selectable<MatchTeamUploadTable>;

export const insertTeamUpload = async (db: Kysely<Database>, values: Insertable<MatchTeamUploadTable>) => {
  await db.insertInto('matchTeamUpload').values(values).execute();
};

/** An upload of the institution's team, unexpired at `now`; undefined otherwise (another's is never found). */
export const findTeamUpload = async (
  db: Kysely<Database>,
  ids: { uploadId: string; teamId: number; institutionId: number },
  now: string,
): Promise<TeamUploadRow | undefined> =>
  db
    .selectFrom('matchTeamUpload')
    .selectAll()
    .where('id', '=', ids.uploadId)
    .where('teamId', '=', ids.teamId)
    .where('institutionId', '=', ids.institutionId)
    .where('expireTime', '>', now)
    .executeTakeFirst();

/** How many unexpired uploads the team has open. */
export const openUploadCount = async (db: Kysely<Database>, teamId: number, now: string) =>
  Number(
    (
      await db
        .selectFrom('matchTeamUpload')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('teamId', '=', teamId)
        .where('expireTime', '>', now)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Takes the upload's one writing claim for `writer` until `until`, when nobody holds it (or the holder's claim
 * has run out: its request ended long ago, however it ended) and, for a piece, when the upload has reached
 * exactly `atOffset`. One conditional update, so of two requests at once one wins, in any process.
 */
export const claimTeamUpload = async (
  db: Kysely<Database>,
  uploadId: string,
  claim: { writer: string; until: string; now: string; atOffset?: number },
): Promise<boolean> => {
  let update = db
    .updateTable('matchTeamUpload')
    .set({ writer: claim.writer, writerUntil: claim.until })
    .where('id', '=', uploadId)
    .where((eb) => eb.or([eb('writer', 'is', null), eb('writerUntil', '<=', claim.now)]));
  if (claim.atOffset !== undefined) update = update.where('received', '=', claim.atOffset);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Ends `writer`'s claim, moving the upload to `received` when given; false when the claim was no longer its. */
export const releaseTeamUpload = async (
  db: Kysely<Database>,
  uploadId: string,
  writer: string,
  received?: number,
): Promise<boolean> => {
  const result = await db
    .updateTable('matchTeamUpload')
    .set({ writer: null, writerUntil: null, ...(received === undefined ? {} : { received }) })
    .where('id', '=', uploadId)
    .where('writer', '=', writer)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const deleteTeamUpload = async (db: Kysely<Database>, uploadId: string) => {
  await db.deleteFrom('matchTeamUpload').where('id', '=', uploadId).execute();
};

/** Removes the rows of uploads expired at `now`; their ids, for removing their staging files. */
export const deleteExpiredTeamUploads = async (db: Kysely<Database>, now: string): Promise<string[]> => {
  const rows = await db.deleteFrom('matchTeamUpload').where('expireTime', '<=', now).returning('id').execute();
  return rows.map((row) => row.id);
};

/** Which of `ids` still have a row (an unfinished upload, expired or not). */
export const existingUploadIds = async (db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('matchTeamUpload').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
};
