import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The maintenance database scratch databases are created from (trust auth on 127.0.0.1 here and in CI). */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/**
 * '' when PostgreSQL answers; otherwise why the tests that need it are skipped. In CI PostgreSQL must be
 * there (.ci/run starts it), so its absence is a failure, never a silent skip.
 */
export const postgresSkipReason = async (): Promise<string> => {
  try {
    await withClient(POSTGRES_ADMIN_URL, (client) => client.query('select 1'));
    return '';
  } catch (error) {
    const reason = `no PostgreSQL at ${new URL(POSTGRES_ADMIN_URL).host} (${error instanceof Error ? error.message : String(error)}): PostgreSQL browser-side tests skipped`;
    if (process.env.CI) throw new Error(reason);
    console.warn(reason);
    return reason;
  }
};

export interface ScratchDatabase {
  url: string;
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

/** A fresh, empty database `lianmeng_e2e_<random>`, dropped (with any connection left) by `drop()`. */
export const createScratchDatabase = async (): Promise<ScratchDatabase> => {
  const name = `lianmeng_e2e_${randomBytes(6).toString('hex')}`;
  await withClient(POSTGRES_ADMIN_URL, (client) => client.query(`create database ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: (text, values) => withClient(url.toString(), async (client) => (await client.query(text, values)).rows),
    drop: async () => {
      await withClient(POSTGRES_ADMIN_URL, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
};
