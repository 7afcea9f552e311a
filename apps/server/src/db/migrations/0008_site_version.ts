import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** The tables whose rows the public pages show: a change to any of them changes some rendered page. */
const PUBLIC_CONTENT_TABLES = ['image_message', 'article', 'site_setting'] as const;

/**
 * One number that grows with every change to what the public pages show, kept by triggers (whoever writes:
 * the console, a seed, a script). Every server process caches rendered pages under the number it last read,
 * so a change made through one process empties the page caches of all that share the database.
 */
export const siteVersion = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('site_version')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .addColumn('version', 'bigint', (column) => column.notNull())
      .execute();
    await sql`insert into site_version (id, version) values (1, 1)`.execute(db);

    if (dialect === 'postgres') {
      await sql`create function site_version_bump() returns trigger language plpgsql as $$
        begin
          update site_version set version = version + 1 where id = 1;
          return null;
        end $$`.execute(db);
    }
    await bumpSiteVersionOnWrite(db, dialect, PUBLIC_CONTENT_TABLES);
  },
});

/**
 * Triggers that bump the site version on every insert, update or delete of `tables`, whoever writes (on
 * PostgreSQL once per statement: a bulk change bumps it once). Later migrations add their public tables with it.
 */
export const bumpSiteVersionOnWrite = async (db: Kysely<unknown>, dialect: Dialect, tables: readonly string[]) => {
  for (const table of tables) {
    if (dialect === 'postgres') {
      await sql
        .raw(
          `create trigger ${table}_site_version after insert or update or delete on ${table}
           for each statement execute function site_version_bump()`,
        )
        .execute(db);
      continue;
    }
    for (const event of ['insert', 'update', 'delete']) {
      await sql
        .raw(
          `create trigger ${table}_site_version_${event} after ${event} on ${table}
           begin update site_version set version = version + 1 where id = 1; end`,
        )
        .execute(db);
    }
  }
};
