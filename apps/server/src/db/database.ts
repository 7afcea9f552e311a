import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { registerSearchFunctions } from './searchGrams';

export type Dialect = 'sqlite' | 'postgres';

/**
 * How a write transaction makes what it read the thing it writes. A read-then-write (an audit entry's
 * `from`, a rule judged on the stored row) is only right if no other writer can change the row between
 * the read and the write. SQLite's write transaction holds the whole database from its first statement,
 * so both are no-ops there; PostgreSQL's read-committed transactions hold nothing until they write, so
 * there the row is locked as it is read, and a thing that may have no row yet is locked by name.
 */
export interface WriteLocks {
  /** The select, made to lock the rows it reads until the transaction ends. */
  forUpdate<Q extends { forUpdate(): Q }>(query: Q): Q;
  /** Waits until no other transaction holds `name`, then holds it until this one ends. */
  named(name: string): Promise<void>;
}

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * Runs `work` in a transaction; its reads through `locks` are not changed by anyone else before it
   * commits (on SQLite the whole transaction holds the write lock from its first statement).
   */
  writeTransaction<T>(work: (trx: Kysely<Database>, locks: WriteLocks) => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
  /** PostgreSQL's connection pool as it stands (for the metrics); SQLite has one connection and no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

const plugins = [new CamelCasePlugin()];

const sqliteLocks: WriteLocks = { forUpdate: (query) => query, named: async () => {} };

const postgresLocks = (trx: Kysely<Database>): WriteLocks => ({
  forUpdate: (query) => query.forUpdate(),
  named: async (name) => {
    await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
  },
});

/** How many compiled SQLite statements a connection keeps: the server's distinct queries number a few hundred. */
const KEPT_STATEMENTS = 500;

/**
 * The SQLite connection as Kysely sees it, keeping each compiled statement by its text. Kysely asks for a
 * statement on every query, and compiling one costs more than running a primary-key read; the server's
 * queries are a few hundred distinct texts (values travel as parameters), run again and again. Kysely runs
 * one query at a time on its one SQLite connection, and better-sqlite3 runs nothing else while a statement is
 * iterated, so a kept statement is never asked for while in use. SQLite recompiles a kept statement by
 * itself when the schema changed since (a migration).
 */
export const keepingStatements = (database: BetterSqlite3.Database): SqliteDatabase => {
  const kept = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(text) {
      let statement = kept.get(text);
      if (statement) {
        // Most recently used last: the first in the map is the one dropped when it is full.
        kept.delete(text);
      } else {
        statement = database.prepare(text);
        if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value as string);
      }
      kept.set(text, statement);
      return statement;
    },
  };
};

const openSqlite = (file: string): Db => {
  if (file !== ':memory:') {
    // Owner-only: the file holds password hashes and pupils' records, and SQLite gives its -wal and -shm
    // files the mode of the database file.
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(file, 'a', 0o600));
  }
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  registerSearchFunctions(database);
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: keepingStatements(database) }),
    plugins,
  });
  return {
    kysely,
    dialect: 'sqlite',
    // Kysely opens SQLite transactions with a plain BEGIN; a write that reads first can then fail with
    // SQLITE_BUSY under concurrency, so the write lock is taken up front.
    writeTransaction: (work) =>
      kysely.connection().execute(async (connection) => {
        await sql`begin immediate`.execute(connection);
        try {
          const result = await work(connection, sqliteLocks);
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
  // A pooled connection the server cuts (a restart, a failover, an administrator) is reported here; unheard,
  // it would end the process. The pool drops it, the next query opens a new one, and the readiness probe
  // says 503 while none can be opened.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  return {
    kysely,
    dialect: 'postgres',
    writeTransaction: (work) => kysely.transaction().execute((trx) => work(trx, postgresLocks(trx))),
    destroy: () => kysely.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
};

/** The SQLite file in DATA_DIR when no DATABASE_URL is set. */
export const SQLITE_FILE_NAME = 'lianmeng.sqlite';

export const openDatabase = (databaseUrl: string | undefined, dataDir: string): Db => {
  if (!databaseUrl) return openSqlite(path.join(dataDir, SQLITE_FILE_NAME));
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
