import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './0001_initial';

/** One row per accepted upload: the durable record its audit entry sits beside, and what the sweep prunes. */
export const uploads = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('upload')
      .addColumn('id', idColumn(dialect))
      .addColumn('photo_file', 'text', (column) => column.notNull())
      .addColumn('small_file', 'text', (column) => column.notNull())
      .addColumn('width', 'integer', (column) => column.notNull())
      .addColumn('height', 'integer', (column) => column.notNull())
      .addColumn('bytes', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('create_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('upload_photo_file').on('upload').column('photo_file').execute();
  },
});
