import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensurePostgresTemplate } from './migratedTemplate';

/** Set by the `server-pg` test project: every test server then gets its own fresh PostgreSQL database. */
export const TEST_DATABASE_ENV = 'LIANMENG_TEST_DATABASE';

/** The maintenance database the fresh ones are created from (trust auth on 127.0.0.1 here and in CI). */
export const postgresAdminUrl = () => process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const testsUsePostgres = () => process.env[TEST_DATABASE_ENV] === 'postgres';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

const withAdmin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const OBJECT_IN_USE = '55006';

/**
 * A pool's connections close a moment after `destroy()` resolves. Forcing the drop at once would
 * terminate one that is still saying goodbye, and its client reports that as an unhandled error. A plain
 * DROP waits up to five seconds for them to go; only what is still there then is forced out.
 */
const dropDatabase = (name: string) =>
  withAdmin(async (client) => {
    try {
      await client.query(`drop database if exists ${name}`);
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
      await client.query(`drop database if exists ${name} with (force)`);
    }
  });

const urlOf = (name: string) => {
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

let template: Promise<string> | undefined;
const migratedTemplate = () => {
  template ??= withAdmin((client) => ensurePostgresTemplate({ client, urlOf, drop: dropDatabase }));
  // A failed build is tried again by the next test server rather than failing every one after it.
  template.catch(() => {
    template = undefined;
  });
  return template;
};

const UNDEFINED_DATABASE = '3D000';

/**
 * CREATE DATABASE lianmeng_t_<random>, empty or, with `migrated`, a copy of the migrated template;
 * `drop()` removes it, ending any connection left open.
 */
export const createScratchPostgres = async ({ migrated = false } = {}): Promise<ScratchDatabase> => {
  const name = `lianmeng_t_${randomBytes(6).toString('hex')}`;
  if (!migrated) {
    await withAdmin((client) => client.query(`create database ${name}`));
  } else {
    const create = async () => {
      const source = await migratedTemplate();
      await withAdmin((client) => client.query(`create database ${name} template ${source}`));
    };
    await create().catch(async (error) => {
      // Another checkout's run dropped the template this worker remembered: build it again.
      if ((error as { code?: string }).code !== UNDEFINED_DATABASE) throw error;
      template = undefined;
      await create();
    });
  }
  return { url: urlOf(name), drop: () => dropDatabase(name) };
};
