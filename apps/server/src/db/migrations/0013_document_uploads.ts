import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './0001_initial';

/**
 * One row per accepted document (an article attachment): the file in the upload folder, named by the hash
 * of its content, and the name it was sent with, which its download offers. The same content sent again
 * under another name adds a row; the download offers the newest name.
 */
export const documentUploads = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('document_upload')
      .addColumn('id', idColumn(dialect))
      .addColumn('file', 'text', (column) => column.notNull())
      .addColumn('original_name', 'text', (column) => column.notNull())
      .addColumn('content_type', 'text', (column) => column.notNull())
      .addColumn('bytes', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('create_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('document_upload_file').on('document_upload').column('file').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('document_upload').execute();
  },
});
