import { TEAM_FILE_KINDS, type TeamFile, type TeamFileKind } from '@lianmeng/core';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, MatchTeamFileTable } from '../../db/schema';

/** The one data-access home of `match_team_file`: a team's attachments, their rows only (the bytes are on disk). */

export type TeamFileRow = Selectable<MatchTeamFileTable>;

const toTeamFile = (row: TeamFileRow): TeamFile => ({
  id: Number(row.id),
  kind: row.kind as TeamFileKind,
  fileName: row.fileName,
  contentType: row.contentType,
  size: Number(row.size),
  durationSeconds: row.durationSeconds === null ? null : Number(row.durationSeconds),
  createTime: row.createTime,
});

/** A team's attachments: report first, then photos, then the video, each in upload order. */
export const listTeamFiles = async (db: Kysely<Database>, teamId: number): Promise<TeamFile[]> => {
  const rows = await db.selectFrom('matchTeamFile').selectAll().where('teamId', '=', teamId).orderBy('id').execute();
  return rows
    .map(toTeamFile)
    .sort((a, b) => TEAM_FILE_KINDS.indexOf(a.kind) - TEAM_FILE_KINDS.indexOf(b.kind) || a.id - b.id);
};

/** How many attachments of each kind the team has. */
export const fileCountsOf = async (db: Kysely<Database>, teamId: number): Promise<Record<TeamFileKind, number>> => {
  const counts = Object.fromEntries(TEAM_FILE_KINDS.map((kind) => [kind, 0])) as Record<TeamFileKind, number>;
  const rows = await db
    .selectFrom('matchTeamFile')
    .select((eb) => ['kind', eb.fn.countAll<string | number>().as('n')])
    .where('teamId', '=', teamId)
    .groupBy('kind')
    .execute();
  for (const row of rows) {
    if ((TEAM_FILE_KINDS as readonly string[]).includes(row.kind)) counts[row.kind as TeamFileKind] = Number(row.n);
  }
  return counts;
};

/** One attachment of the team, with where its bytes are; undefined when the team has no such file. */
export const findTeamFile = (db: Kysely<Database>, teamId: number, fileId: number) =>
  db.selectFrom('matchTeamFile').selectAll().where('id', '=', fileId).where('teamId', '=', teamId).executeTakeFirst();

export const insertTeamFile = async (trx: Kysely<Database>, values: Insertable<MatchTeamFileTable>) =>
  Number((await trx.insertInto('matchTeamFile').values(values).returning('id').executeTakeFirstOrThrow()).id);

/** Deletes one attachment's row; its stored name, or undefined when the team had no such file. */
export const deleteTeamFile = async (trx: Kysely<Database>, teamId: number, fileId: number) => {
  const row = await trx
    .deleteFrom('matchTeamFile')
    .where('id', '=', fileId)
    .where('teamId', '=', teamId)
    .returning(['storedName', 'kind', 'fileName'])
    .executeTakeFirst();
  return row;
};

/** Deletes every attachment row of the team; the stored names, for removing the files once the change commits. */
export const deleteTeamFiles = async (trx: Kysely<Database>, teamId: number): Promise<string[]> => {
  const rows = await trx.deleteFrom('matchTeamFile').where('teamId', '=', teamId).returning('storedName').execute();
  return rows.map((row) => row.storedName);
};
