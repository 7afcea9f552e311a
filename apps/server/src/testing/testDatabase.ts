import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensurePostgresTemplate } from './migratedTemplate';

/** Set by the `server-pg` test project: every test server then gets a PostgreSQL database of its own. */
export const TEST_DATABASE_ENV = 'LIANMENG_TEST_DATABASE';

/** The maintenance database the fresh ones are created from (trust auth on 127.0.0.1 here and in CI). */
export const postgresAdminUrl = () => process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const testsUsePostgres = () => process.env[TEST_DATABASE_ENV] === 'postgres';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** Runs `work` on a connection to the maintenance database, closed after it. */
export const withAdmin = <T>(work: (client: pg.Client) => Promise<T>) => withClient(postgresAdminUrl(), work);

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

/** The run's tag (testing/postgresRun.ts): the databases this run keeps for reuse carry it, to be dropped at its end. */
export const POSTGRES_RUN_KEY = 'postgresRunTag';
export const REUSABLE_PREFIX = 'lianmeng_r_';
/** The comment a database kept for reuse carries, with the time it was made. */
export const REUSABLE_NOTE = 'reusable since ';

declare module 'vitest' {
  export interface ProvidedContext {
    [POSTGRES_RUN_KEY]: string;
  }
}

const runTag = async () => {
  const { inject } = await import('vitest');
  return inject(POSTGRES_RUN_KEY) ?? 'x';
};

/** Where a migrated database kept for reuse stands: the schema it must still have, and the rows to put back. */
interface TemplateState {
  schema: string;
  rows: { table: string; json: string }[];
  sequences: { name: string; lastValue: string | null; startValue: string }[];
  tables: string[];
}

/** Tables whose rows are the migrations' own bookkeeping, left as they are between uses. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** The schema's columns, constraints and indexes in one text: a test that changed any of them changes it. */
const schemaOf = async (client: pg.Client) => {
  const result = await client.query<{ schema: string }>(`
    select concat_ws('|',
      (select string_agg(concat_ws(':', table_name, column_name, data_type, column_default, is_nullable), ','
                         order by table_name, ordinal_position)
         from information_schema.columns where table_schema = 'public'),
      (select string_agg(conrelid::regclass::text || ':' || pg_get_constraintdef(oid), ',' order by conrelid::regclass::text, conname)
         from pg_constraint where connamespace = 'public'::regnamespace),
      (select string_agg(indexdef, ',' order by indexname) from pg_indexes where schemaname = 'public')
    ) as schema`);
  return result.rows[0]?.schema ?? '';
};

const readTemplateState = async (client: pg.Client): Promise<TemplateState> => {
  const tables = (
    await client.query<{ name: string }>(
      `select quote_ident(table_name) as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).rows
    .map((row) => row.name)
    .filter((table) => !MIGRATION_TABLES.has(table));
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const result = await client.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`);
    const json = result.rows[0]?.json;
    if (json) rows.push({ table, json });
  }
  const sequences = (
    await client.query<{ name: string; lastValue: string | null; startValue: string }>(
      `select quote_ident(sequencename) as name, last_value::text as "lastValue", start_value::text as "startValue"
         from pg_sequences where schemaname = 'public'`,
    )
  ).rows;
  return { schema: await schemaOf(client), rows, sequences, tables };
};

/**
 * Puts a used database back as the template left it: every table emptied, the rows the migrations wrote put
 * back, every sequence where it stood. False when a test changed the schema: that database is not used again.
 */
const resetToTemplate = (name: string, state: TemplateState) =>
  withClient(urlOf(name), async (client) => {
    if ((await schemaOf(client)) !== state.schema) return false;
    await client.query('begin');
    try {
      // Row by row, with the foreign-key checks off for the transaction: for a few small tables DELETE costs
      // PostgreSQL about a fiftieth of what TRUNCATE does (which makes new files for every table and index).
      await client.query('set local session_replication_role = replica');
      for (const table of state.tables) await client.query(`delete from ${table}`);
      for (const { table, json } of state.rows) {
        await client.query(
          `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1::json)`,
          [json],
        );
      }
      for (const { name: sequence, lastValue, startValue } of state.sequences) {
        await client.query(lastValue === null ? 'select setval($1, $2, false)' : 'select setval($1, $2, true)', [
          sequence,
          lastValue ?? startValue,
        ]);
      }
      await client.query('commit');
      return true;
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  });

/** This process's migrated databases waiting for their next test server, and the template state they return to. */
const reusable: string[] = [];
let templateState: Promise<TemplateState> | undefined;

const createMigrated = async (name: string) => {
  const create = async () => {
    const source = await migratedTemplate();
    await withAdmin(async (client) => {
      await client.query(`create database ${name} template ${source}`);
      await client.query(`comment on database ${name} is '${REUSABLE_NOTE}${Date.now()}'`);
    });
  };
  await create().catch(async (error) => {
    // Another checkout's run dropped the template this worker remembered: build it again.
    if ((error as { code?: string }).code !== UNDEFINED_DATABASE) throw error;
    template = undefined;
    await create();
  });
};

/**
 * A migrated database for one test server. Creating one from the template and dropping it again cost
 * PostgreSQL about half a core-second (a drop forces a checkpoint), and the server suite starts about 140 test
 * servers; so when a test server is done with its database, the database is put back as the template left it
 * and kept for the next one in this process. testing/postgresRun.ts drops them when the run ends.
 */
const takeMigrated = async (): Promise<ScratchDatabase> => {
  let name = reusable.pop();
  if (name === undefined) {
    name = `${REUSABLE_PREFIX}${await runTag()}_${randomBytes(6).toString('hex')}`;
    await createMigrated(name);
  }
  // Read from the first copy, not the template itself: while anyone is connected to a template, PostgreSQL
  // refuses to copy it.
  templateState ??= withClient(urlOf(name), readTemplateState);
  const state = await templateState.catch((error: unknown) => {
    templateState = undefined;
    throw error;
  });
  return {
    url: urlOf(name),
    drop: async () => {
      const reset = await resetToTemplate(name, state).catch(() => false);
      if (reset) reusable.push(name);
      else await dropDatabase(name);
    },
  };
};

/**
 * A database for a test: with `migrated`, one as the migrated template has it (made once and put back after
 * each use, see `takeMigrated`); otherwise an empty CREATE DATABASE lianmeng_t_<random>. `drop()` ends its
 * use: it removes an empty one, ending any connection left open.
 */
export const createScratchPostgres = async ({ migrated = false } = {}): Promise<ScratchDatabase> => {
  if (migrated) return takeMigrated();
  const name = `lianmeng_t_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  return { url: urlOf(name), drop: () => dropDatabase(name) };
};
