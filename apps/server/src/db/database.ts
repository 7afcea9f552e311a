import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { registerSearchFunctions } from './searchGrams';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** Runs `work` in a transaction that holds the write lock from its first statement. */
  writeTransaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
}

const plugins = [new CamelCasePlugin()];

const openSqlite = (file: string): Db => {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  registerSearchFunctions(database);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }), plugins });
  return {
    kysely,
    dialect: 'sqlite',
    // Kysely opens SQLite transactions with a plain BEGIN; a write that reads first can then fail with
    // SQLITE_BUSY under concurrency, so the write lock is taken up front.
    writeTransaction: (work) =>
      kysely.connection().execute(async (connection) => {
        await sql`begin immediate`.execute(connection);
        try {
          const result = await work(connection);
          await sql`commit`.execute(connection);
          return result;
        } catch (error) {
          await sql`rollback`.execute(connection);
          throw error;
        }
      }),
    destroy: () => kysely.destroy(),
  };
};

const openPostgres = (url: string): Db => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  return {
    kysely,
    dialect: 'postgres',
    writeTransaction: (work) => kysely.transaction().execute(work),
    destroy: () => kysely.destroy(),
  };
};

export const openDatabase = (databaseUrl: string | undefined, dataDir: string): Db => {
  if (!databaseUrl) return openSqlite(path.join(dataDir, 'lianmeng.sqlite'));
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return openPostgres(databaseUrl);
  if (databaseUrl === ':memory:') return openSqlite(':memory:');
  if (databaseUrl.startsWith('sqlite:')) return openSqlite(path.resolve(dataDir, databaseUrl.slice('sqlite:'.length)));
  throw new Error('DATABASE_URL must start with postgres:// or sqlite:');
};

/** Whether the database answers a trivial query (the health check). */
export const isReachable = (db: Db) =>
  sql`select 1`
    .execute(db.kysely)
    .then(() => true)
    .catch(() => false);
