import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * On SQLite, indexes that also carry title and summary, so a keyword search (and its count) reads a narrow
 * index instead of every article's row with its body. The list indexes of 0003 stay: counting a column
 * without a keyword is cheapest in them, and SQLite picks the narrowest index that covers a query.
 * PostgreSQL gets none: a b-tree entry there is capped at about 2.7 KB, so a long summary would make an
 * insert fail.
 */
export const articleSearchIndex = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect !== 'sqlite') return;
    await db.schema
      .createIndex('article_type_search')
      .on('article')
      .columns(['type_id', 'published', 'publish_time', 'id', 'title', 'summary'])
      .execute();
    await db.schema
      .createIndex('article_search')
      .on('article')
      .columns(['published', 'publish_time', 'id', 'type_id', 'title', 'summary'])
      .execute();
  },
});
