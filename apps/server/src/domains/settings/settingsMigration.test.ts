import { DEFAULT_CERTIFICATION_URL } from '@lianmeng/core';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { migrate, migrationsFor } from '../../db/migrate';
import { emptyDatabasePerTest } from '../../testing/emptyDatabase';
import { readSiteSettings } from './siteSettingsRepository';

let db: Db;
const openEmptyDatabase = emptyDatabasePerTest();
const openEmpty = async () => {
  db = await openEmptyDatabase();
};

const migrateUpTo = async (last: string) => {
  const all = migrationsFor(db);
  const before = Object.fromEntries(Object.entries(all).filter(([name]) => name <= last));
  const result = await new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => before },
  }).migrateToLatest();
  expect(result.error).toBeUndefined();
};

const storedValue = async (key: string) =>
  (await db.kysely.selectFrom('siteSetting').select('value').where('key', '=', key).executeTakeFirst())?.value;

describe('migration 0012: certification address and logo as site settings', () => {
  it('writes the built-in certification address and an empty logo into an existing database', async () => {
    await openEmpty();
    await migrateUpTo('0011_image_order_schedule');
    expect(await storedValue('certificationUrl')).toBeUndefined();
    await migrate(db);
    expect(await storedValue('certificationUrl')).toBe(DEFAULT_CERTIFICATION_URL);
    expect(await storedValue('logoImage')).toBe('');
    expect(await readSiteSettings(db.kysely)).toMatchObject({
      certificationUrl: DEFAULT_CERTIFICATION_URL,
      logoImage: '',
    });
  });

  it('keeps a value already stored under either key', async () => {
    await openEmpty();
    await migrateUpTo('0011_image_order_schedule');
    await db.kysely
      .insertInto('siteSetting')
      .values({ key: 'certificationUrl', value: 'https://cert.example.org/', updateTime: new Date().toISOString() })
      .execute();
    await migrate(db);
    expect(await storedValue('certificationUrl')).toBe('https://cert.example.org/');
    expect(await storedValue('logoImage')).toBe('');
  });
});
