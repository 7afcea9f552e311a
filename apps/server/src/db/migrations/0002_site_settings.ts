import type { Kysely } from 'kysely';

/** Site settings are key/value rows, so a new setting needs no migration. */
export const siteSettings = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('site_setting')
      .addColumn('key', 'text', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .addColumn('update_time', 'text', (column) => column.notNull())
      .execute();
  },
});
