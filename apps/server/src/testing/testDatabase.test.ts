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
});
