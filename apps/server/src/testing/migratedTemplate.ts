import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { openDatabase, SQLITE_FILE_NAME } from '../db/database';
import { migrate } from '../db/migrate';
import { digestOfFiles } from './fileDigest';

/**
 * Running every migration takes most of a test server's start. Each worker migrates one SQLite file once
 * and each test server starts from a copy of it; on PostgreSQL one template database per migration set is
 * migrated once and each test database is created from it.
 */

let sqliteTemplate: Promise<string> | undefined;

/** A migrated SQLite file private to this process, removed when it exits. */
export const migratedSqliteTemplate = (): Promise<string> => {
  sqliteTemplate ??= (async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const db = openDatabase(undefined, dir);
    await migrate(db);
    // Closing folds the write-ahead log back into the file, so the file alone is the whole database.
    await db.destroy();
    return path.join(dir, SQLITE_FILE_NAME);
  })();
  return sqliteTemplate;
};

const DB_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db');

/** What the migrated schema is made from: the migrations, the list that runs them, and what they import. */
const migrationSources = async () => {
  const migrations = (await fs.readdir(path.join(DB_FOLDER, 'migrations')))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort()
    .map((file) => path.join(DB_FOLDER, 'migrations', file));
  return [...migrations, path.join(DB_FOLDER, 'migrate.ts'), path.join(DB_FOLDER, 'searchGrams.ts')];
};

export const TEMPLATE_PREFIX = 'lianmeng_tpl_';

/** The template's name changes with any migration source, so a template of another migration set is never used. */
export const postgresTemplateName = async () =>
  `${TEMPLATE_PREFIX}${await digestOfFiles(await migrationSources(), DB_FOLDER)}`;

// Any fixed number: every process that builds or drops templates takes this lock first.
const TEMPLATE_LOCK = 7_402_311;
const READY = 'migrated at ';
// Another checkout's run may still be using a database it made; only those made this long ago are dropped.
const LEFT_BEHIND_AFTER_MS = 30 * 60 * 1000;

/**
 * Whether a test database whose comment reads `<notePrefix><time made>` was left long enough ago to be dropped
 * by another run; one without a readable time counts as left long ago.
 */
export const leftLongAgo = (note: string | null, notePrefix: string) => {
  const madeAt = Number(note?.startsWith(notePrefix) ? note.slice(notePrefix.length) : Number.NaN);
  return !Number.isFinite(madeAt) || Date.now() - madeAt > LEFT_BEHIND_AFTER_MS;
};

interface TemplateAdmin {
  client: pg.Client;
  urlOf(name: string): string;
  drop(name: string): Promise<void>;
}

/**
 * Makes sure the migrated template exists, building it if absent, and drops templates of other
 * migration sets left long enough. Under an advisory lock, so two workers never build at once; the
 * comment set after migrating tells a finished template from one whose build was interrupted.
 */
export const ensurePostgresTemplate = async ({ client, urlOf, drop }: TemplateAdmin): Promise<string> => {
  const name = await postgresTemplateName();
  await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const templates = await client.query<{ datname: string; note: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as note from pg_database where datname like $1`,
      [`${TEMPLATE_PREFIX}%`],
    );
    const current = templates.rows.find((row) => row.datname === name);
    if (!current?.note?.startsWith(READY)) {
      if (current) await drop(name);
      await client.query(`create database ${name}`);
      const db = openDatabase(urlOf(name), '');
      try {
        await migrate(db);
      } finally {
        await db.destroy();
      }
      await client.query(`comment on database ${name} is '${READY}${Date.now()}'`);
    }
    for (const row of templates.rows) {
      if (row.datname === name || !leftLongAgo(row.note, READY)) continue;
      // A template another run is copying right now cannot be dropped; it goes next time.
      await drop(row.datname).catch(() => undefined);
    }
    return name;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
};
