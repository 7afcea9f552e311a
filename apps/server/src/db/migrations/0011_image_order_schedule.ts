import type { Kysely } from 'kysely';

/**
 * Image messages get a display order (ascending; ties fall back to newest first, so the rows that exist
 * keep the order they had) and an optional showing window. The window's ends are UTC instants written as
 * ISO 8601 strings with `Z`, like every other time in the database, so they compare as text the same way
 * on SQLite and PostgreSQL.
 */
export const imageOrderSchedule = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('image_message')
      .addColumn('display_order', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('image_message').addColumn('show_from', 'text').execute();
    await db.schema.alterTable('image_message').addColumn('show_until', 'text').execute();
    await db.schema
      .createIndex('image_message_sort_order')
      .on('image_message')
      .columns(['belong_sortid', 'display_order'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('image_message_sort_order').execute();
    for (const column of ['show_until', 'show_from', 'display_order']) {
      await db.schema.alterTable('image_message').dropColumn(column).execute();
    }
  },
});
