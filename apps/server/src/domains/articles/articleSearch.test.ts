import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCache } from '../../cache/cache';
import { type Db, openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import type { NewArticle } from '../../db/schema';
import { createSiteVersion } from '../../db/siteVersion';
import { queryPlan } from '../../testing/queryPlan';
import { createScratchPostgres, type ScratchDatabase, testsUsePostgres } from '../../testing/testDatabase';
import { type ArticleQuery, articleListQueries, listArticles } from './articleRepository';
import { keywordSearch, keywordTotal } from './articleSearch';

/**
 * The indexed keyword search must find exactly what a plain substring search finds: title or summary
 * contains the keyword (ASCII case folded, `%` and `_` plain), newest first, drafts hidden unless asked
 * for, on a corpus written from a small alphabet so that keywords of every length hit often.
 */

const ALPHABET = Array.from('机器人运动编程研学赛AbcXy%_ 1');
const CORPUS_SIZE = 400;

/** A small deterministic generator, so a failure names a corpus that can be made again. */
const random = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 2 ** 32;
  };
};
const next = random(Number(process.env.SEARCH_SEED ?? 7));
const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
const text = (min: number, max: number) =>
  Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, () => pick(ALPHABET)).join('');

const START = Date.UTC(2026, 0, 1);
const articleAt = (): NewArticle => {
  // Several articles share a second, and some share the very millisecond: ties fall back to the id.
  const at = new Date(START + Math.floor(next() * 50) * 1000 + pick([0, 0, 1, 999])).toISOString();
  return {
    typeId: 1 + Math.floor(next() * 3),
    title: text(1, 14),
    summary: text(0, 24),
    body: '',
    source: '',
    author: '',
    coverImage: '',
    attachments: '[]',
    publishTime: at,
    published: next() < 0.8 ? 1 : 0,
    createTime: at,
    updateTime: at,
  };
};

type Row = { id: number; typeId: number; title: string; summary: string; publishTime: string; published: number };

/** ASCII letters folded, the others as they are: what SQLite's LIKE compares. */
const foldCase = (value: string) => value.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** What a substring search answers, computed without the database. */
const expected = (rows: Row[], query: ArticleQuery) => {
  const keyword = foldCase(query.keyword ?? '');
  const found = rows
    .filter((row) => query.includeDrafts || row.published === 1)
    .filter((row) => query.typeId === undefined || row.typeId === query.typeId)
    .filter((row) => foldCase(row.title).includes(keyword) || foldCase(row.summary).includes(keyword))
    .sort((a, b) => (a.publishTime === b.publishTime ? b.id - a.id : a.publishTime < b.publishTime ? 1 : -1));
  const start = (query.pageNum - 1) * query.pageSize;
  return { ids: found.slice(start, start + query.pageSize).map((row) => row.id), total: found.length };
};

let db: Db;
let dataDir: string;
let scratch: ScratchDatabase | null = null;

const allRows = async () =>
  (
    await db.kysely
      .selectFrom('article')
      .select(['id', 'typeId', 'title', 'summary', 'publishTime', 'published'])
      .execute()
  ).map((row) => ({ ...row, id: Number(row.id), typeId: Number(row.typeId), published: Number(row.published) }));

/** Keywords of one to six characters: drawn from the alphabet, and cut from texts that exist. */
const keywordsFrom = (rows: Row[]) => {
  const keywords = new Set<string>(['%', '_', '研学', 'ab', 'AB', '机器人', ' ', '1%', '_b']);
  for (let index = 0; index < 80; index++) {
    const length = 1 + Math.floor(next() * 6);
    if (index % 2 === 0) keywords.add(text(length, length));
    else {
      const source = pick(rows).title;
      const from = Math.floor(next() * source.length);
      keywords.add(source.slice(from, from + length) || source);
    }
  }
  return [...keywords].filter((keyword) => keyword.length > 0);
};

const compareAll = async () => {
  const rows = await allRows();
  let hits = 0;
  for (const keyword of keywordsFrom(rows)) {
    for (const query of [
      { keyword, pageNum: 1, pageSize: 10 },
      { keyword, pageNum: 2, pageSize: 7, typeId: 2 },
      { keyword, pageNum: 1, pageSize: 50, includeDrafts: true },
    ] satisfies ArticleQuery[]) {
      const want = expected(rows, query);
      const got = await listArticles(db.kysely, query);
      expect({ ids: got.list.map((item) => item.id), total: got.total }, JSON.stringify(query)).toEqual(want);
      hits += want.total;
    }
  }
  // The corpus must make the comparison mean something: most keywords are found, many times over.
  expect(hits).toBeGreaterThan(500);
};

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-search-'));
  scratch = testsUsePostgres() ? await createScratchPostgres() : null;
  db = openDatabase(scratch?.url, dataDir);
  await migrate(db);
  await db.kysely
    .insertInto('article')
    .values(Array.from({ length: CORPUS_SIZE }, articleAt))
    .execute();
});
afterAll(async () => {
  await db.destroy();
  await scratch?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('keyword search by index', () => {
  it('finds what a substring search finds, in the same order, with the same total', async () => {
    await compareAll();
  });

  it('stays in step with every write: edits, unpublishing, moves, new publish times, deletions', async () => {
    const rows = await allRows();
    for (const row of rows.slice(0, 60)) {
      await db.kysely
        .updateTable('article')
        .set({
          title: text(1, 14),
          published: row.published === 1 ? 0 : 1,
          typeId: 1 + (row.typeId % 3),
          publishTime: new Date(START + Math.floor(next() * 50) * 1000).toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
    }
    await db.kysely
      .deleteFrom('article')
      .where(
        'id',
        'in',
        rows.slice(60, 90).map((row) => row.id),
      )
      .execute();
    await db.kysely
      .insertInto('article')
      .values(Array.from({ length: 40 }, articleAt))
      .execute();
    await compareAll();
  });

  it('is answered by the index, not by reading the rows', async () => {
    const query = { keyword: '机器人', pageNum: 1, pageSize: 10 };
    if (db.dialect === 'sqlite') {
      const search = keywordSearch(query);
      for (const statement of [search.count, search.pageIds]) {
        const steps = await queryPlan(db, { compile: () => statement.compile(db.kysely) });
        expect(steps).toMatch(/VIRTUAL TABLE INDEX/);
        expect(steps).not.toMatch(/SCAN article\b/);
      }
      return;
    }
    // A table this small may be read whole, or walked in date order, by choice; with those choices taken
    // away, the search indexes must be able to serve the keyword alone.
    for (const keyword of ['机器人', '研学', '机']) {
      const statement = articleListQueries(db.kysely, { ...query, keyword, includeDrafts: true }).count;
      const steps = await queryPlan(db, statement, ['enable_seqscan', 'enable_indexscan']);
      expect(steps, keyword).toMatch(keyword.length >= 3 ? /article_(title|summary)_trgm/ : /short_grams/);
    }
  });
});

describe('keyword totals', () => {
  it('are counted once per site version, and again after any write to the articles', async () => {
    const query: ArticleQuery = { keyword: '机器', pageNum: 1, pageSize: 10 };
    const siteVersion = createSiteVersion(db);
    const totals = { cache: createCache().section<number>('keywordTotal'), version: () => siteVersion.current() };
    let counted = 0;
    const count = async () => {
      counted += 1;
      return Number((await articleListQueries(db.kysely, query).count.executeTakeFirstOrThrow())?.total ?? 0);
    };
    const first = await keywordTotal(totals, query, count);
    expect(await keywordTotal(totals, query, count)).toBe(first);
    // Another column, drafts or keyword is another total.
    await keywordTotal(totals, { ...query, typeId: 1 }, count);
    await keywordTotal(totals, { ...query, includeDrafts: true }, count);
    expect(counted).toBe(3);
    await db.kysely
      .insertInto('article')
      .values({ ...articleAt(), title: '机器人新闻', published: 1 })
      .execute();
    // As after a write through this process: the version is read again, and the trigger has bumped it.
    siteVersion.invalidate();
    expect(await keywordTotal(totals, query, count)).toBe(first + 1);
    expect(counted).toBe(4);
    expect((await listArticles(db.kysely, query, totals)).total).toBe(first + 1);
  });
});
