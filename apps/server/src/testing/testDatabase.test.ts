import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrationsFor } from '../db/migrate';
import { postgresTemplateName } from './migratedTemplate';
import { createScratchPostgres, postgresAdminUrl, testsUsePostgres } from './testDatabase';

const databaseExists = async (name: string) => {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    const result = await client.query('select 1 from pg_database where datname = $1', [name]);
    return result.rowCount === 1;
  } finally {
    await client.end();
  }
};

const nameOf = (url: string) => new URL(url).pathname.slice(1);

const onDatabase = async <T>(url: string, work: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** What a test could leave behind in a migrated database: rows the migrations wrote, rows of its own, sequences. */
const stateOf = (url: string) =>
  onDatabase(url, async (client) => ({
    settings: (await client.query('select key, value, update_time from site_setting order by key')).rows,
    consoleUsers: (await client.query('select count(*)::int as count from console_user')).rows,
    sequences: (
      await client.query("select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1")
    ).rows,
  }));

// Only the server-pg project has a PostgreSQL to create databases in; the SQLite half has nothing to check here.
describe.skipIf(!testsUsePostgres())('scratch PostgreSQL databases for tests', () => {
  it('are created fresh and dropped again, even with a connection still open', async () => {
    const scratch = await createScratchPostgres();
    const name = new URL(scratch.url).pathname.slice(1);
    expect(name).toMatch(/^lianmeng_t_[0-9a-f]{12}$/);
    expect(await databaseExists(name)).toBe(true);

    const lingering = new pg.Client({ connectionString: scratch.url });
    await lingering.connect();
    lingering.on('error', () => undefined);
    await scratch.drop();
    expect(await databaseExists(name)).toBe(false);
    await lingering.end().catch(() => undefined);
  });

  it('are copies of the template migrated for this migration set when asked for a migrated one', async () => {
    const scratch = await createScratchPostgres({ migrated: true });
    const db = openDatabase(scratch.url, '');
    try {
      const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely);
      expect(recorded.rows.map((row) => row.name).sort()).toEqual(Object.keys(migrationsFor(db)).sort());
    } finally {
      await db.destroy();
      await scratch.drop();
    }
    expect(await databaseExists(await postgresTemplateName())).toBe(true);
  });

  it('are put back as the template left them when a migrated one is handed back, and handed out again', async () => {
    const first = await createScratchPostgres({ migrated: true });
    const asMade = await stateOf(first.url);
    await onDatabase(first.url, async (client) => {
      await client.query(
        `insert into console_user (username, password_hash, role, display_name, create_time, update_time)
         values ('left-behind', 'hash', 'admin', '留下的', 'now', 'now')`,
      );
      await client.query(`update site_setting set value = 'changed by a test'`);
    });
    expect(await stateOf(first.url)).not.toEqual(asMade);
    await first.drop();

    const second = await createScratchPostgres({ migrated: true });
    try {
      expect(nameOf(second.url)).toBe(nameOf(first.url));
      expect(await stateOf(second.url)).toEqual(asMade);
    } finally {
      await second.drop();
    }
  });

  it('are dropped instead of handed out again when a test changed the schema', async () => {
    const used = await createScratchPostgres({ migrated: true });
    await onDatabase(used.url, (client) => client.query('alter table article add column stray integer'));
    await used.drop();
    expect(await databaseExists(nameOf(used.url))).toBe(false);
  });
});
