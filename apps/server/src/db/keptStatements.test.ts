import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { keepingStatements } from './database';

const opened: BetterSqlite3.Database[] = [];
afterEach(() => {
  for (const database of opened.splice(0)) database.close();
});

/** An in-memory database whose compilations are counted. */
const counted = () => {
  const database = new BetterSqlite3(':memory:');
  opened.push(database);
  database.exec('create table t (n integer)');
  database.exec('insert into t values (1), (2), (3)');
  let compiled = 0;
  const prepare = database.prepare.bind(database);
  database.prepare = ((text: string) => {
    compiled += 1;
    return prepare(text);
  }) as typeof database.prepare;
  const kysely = new Kysely<{ t: { n: number } }>({
    dialect: new SqliteDialect({ database: keepingStatements(database) }),
  });
  return { kysely, compiled: () => compiled };
};

describe('SQLite statements kept by their text', () => {
  it('compiles a query once however often it runs with other values', async () => {
    const { kysely, compiled } = counted();
    for (const n of [1, 2, 3, 1]) {
      expect(await kysely.selectFrom('t').select('n').where('n', '=', n).executeTakeFirst()).toEqual({ n });
    }
    expect(compiled()).toBe(1);
  });

  it('runs a statement again after a stream over it was broken off', async () => {
    const { kysely, compiled } = counted();
    const query = kysely.selectFrom('t').select('n').orderBy('n');
    for await (const row of query.stream()) {
      expect(row).toEqual({ n: 1 });
      break;
    }
    expect(await query.execute()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(compiled()).toBe(1);
  });

  it('keeps at most 500 statements, the least recently used dropped first', async () => {
    const { kysely, compiled } = counted();
    const byAlias = (alias: string) =>
      kysely
        .selectFrom('t')
        .select(`n as ${alias}` as 'n')
        .limit(1)
        .execute();
    await byAlias('first');
    for (let index = 0; index < 499; index += 1) await byAlias(`a${index}`);
    await byAlias('first');
    expect(compiled()).toBe(500);
    await byAlias('one_more');
    // 'a0' was the least recently used: it was dropped and is compiled again; 'first' was kept.
    await byAlias('first');
    await byAlias('a0');
    expect(compiled()).toBe(502);
  });

  it('runs a kept statement again after the schema changed', async () => {
    const { kysely } = counted();
    const count = () =>
      kysely
        .selectFrom('t')
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .executeTakeFirst();
    expect(await count()).toEqual({ c: 3 });
    await sql`alter table t add column m integer`.execute(kysely);
    await sql`insert into t (n, m) values (4, 4)`.execute(kysely);
    expect(await count()).toEqual({ c: 4 });
  });
});
