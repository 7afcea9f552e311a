import type { Kysely } from 'kysely';

/**
 * Resumable uploads of team attachments in progress: one row per started upload, its bytes in a staging file
 * named by the upload's id. `received` is how far the staging file is known good; `writer` names the one
 * request allowed to write (a piece, or the finish) until `writer_until`, so two requests for one upload,
 * in one process or two, never write the same bytes at once. The team is not a foreign key: withdrawing a
 * team must not wait for its unfinished uploads, which its finish then refuses and the sweep removes.
 */
export const matchTeamUploads = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('match_team_upload')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('team_id', 'integer', (column) => column.notNull())
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      // report | photo | video
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('file_name', 'text', (column) => column.notNull())
      .addColumn('size', 'integer', (column) => column.notNull())
      .addColumn('received', 'integer', (column) => column.notNull())
      .addColumn('writer', 'text')
      .addColumn('writer_until', 'text')
      .addColumn('created_by', 'text', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('expire_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('match_team_upload_team').on('match_team_upload').column('team_id').execute();
    await db.schema.createIndex('match_team_upload_expiry').on('match_team_upload').column('expire_time').execute();
  },
});
