import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDatabasePerTest } from '../testing/emptyDatabase';
import type { Db } from './database';
import { migrate, migrationsFor, RENAMED_MIGRATIONS } from './migrate';

let db: Db;
const openEmptyDatabase = emptyDatabasePerTest();
const openEmpty = async () => {
  db = await openEmptyDatabase();
};

const recordedNames = async () =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.kysely)).rows.map(
    (row) => row.name,
  );

describe('migrate', () => {
  it('starts a database migrated under the old names, and records the new ones', async () => {
    await openEmpty();
    const current = migrationsFor(db);
    const renamedTo = new Map(Object.entries(RENAMED_MIGRATIONS).map(([oldName, newName]) => [newName, oldName]));
    const underOldNames = Object.fromEntries(
      Object.entries(current).map(([name, migration]) => [renamedTo.get(name) ?? name, migration]),
    );
    const old = await new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => underOldNames },
    }).migrateToLatest();
    expect(old.error).toBeUndefined();
    expect(await recordedNames()).toContain('0006_article_totals');

    await migrate(db);

    expect(await recordedNames()).toEqual(Object.keys(current).sort());
    // The renamed migration did not run twice: its table is there once, and a write still counts.
    const totals = await db.kysely.selectFrom('articleTotal').selectAll().execute();
    expect(totals).toEqual([]);
  });

  it('numbers every migration once', async () => {
    await openEmpty();
    const numbers = Object.keys(migrationsFor(db)).map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
