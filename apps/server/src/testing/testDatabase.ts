import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

/** CREATE DATABASE lianmeng_t_<random>; `drop()` removes it, ending any connection left open. */
export const createScratchPostgres = async (): Promise<ScratchDatabase> => {
  const name = `lianmeng_t_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
};
