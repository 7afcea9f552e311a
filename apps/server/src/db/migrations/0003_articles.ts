import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './0001_initial';

/** The one content model every column of the portal is built from: list, single page, care wall and files alike. */
export const articles = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('article')
      .addColumn('id', idColumn(dialect))
      .addColumn('type_id', 'integer', (column) => column.notNull())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('summary', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('body', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('publish_time', 'text', (column) => column.notNull())
      .addColumn('source', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('author', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('cover_image', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('attachments', 'text', (column) => column.notNull().defaultTo('[]'))
      .addColumn('published', 'integer', (column) => column.notNull().defaultTo(1))
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('update_time', 'text', (column) => column.notNull())
      .execute();
    // A column's list pages newest first; this keeps it an index walk at any size.
    await db.schema
      .createIndex('article_type_published_time')
      .on('article')
      .columns(['type_id', 'published', 'publish_time', 'id'])
      .execute();
    await db.schema
      .createIndex('article_published_time')
      .on('article')
      .columns(['published', 'publish_time', 'id'])
      .execute();
  },
});
