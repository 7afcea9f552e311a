/**
 * How the portal's article list scales: the same queries against 1,000 and 100,000 articles, in one run.
 * Run with `npm run bench` (or `npx tsx bench/articleList.ts`). Prints the median latency of each query at
 * both sizes and their ratio; an index walk keeps the ratio near 1, a scan would make it near 100.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import type { NewArticle } from '../apps/server/src/db/schema';
import {
  type ArticleQuery,
  articleListQueries,
  listArticles,
} from '../apps/server/src/domains/articles/articleRepository';
import { keywordSearch, searchTableServes } from '../apps/server/src/domains/articles/articleSearch';

const BASELINE = 1_000;
const LARGE = 100_000;
const RUNS = 200;
const COLUMNS = 26;
const NEWS = 1;

const WORDS = ['机器人', '编程', '赛事', '交流', '课程', '教材', '器材', '培训', '研学', '联赛', '测评', '校园'];

/** About 1 KB of UTF-8, like a short real article: a search that reads rows reads bodies' pages too. */
const BODY_TEXT = '机器人运动进校园，学生在动手实践中学习编程与合作。'.repeat(14);

/** News holds 40% of everything (the busiest column); the rest spreads over the other columns. */
const articleAt = (index: number, start: number): NewArticle => {
  const typeId = index % 5 < 2 ? NEWS : 2 + (index % (COLUMNS - 1));
  const at = new Date(start - index * 37_000).toISOString();
  return {
    typeId,
    title: `${WORDS[index % WORDS.length]}${WORDS[(index * 7) % WORDS.length]}第${index}期`,
    summary: `第${index}条摘要，${WORDS[(index * 3) % WORDS.length]}相关。 robot-${index % 97}`,
    body: `<p>${BODY_TEXT}${index}</p>`,
    publishTime: at,
    source: '全国学校体育联盟（机器人运动）',
    author: '联盟秘书处',
    coverImage: '',
    attachments: '[]',
    published: index % 50 === 0 ? 0 : 1,
    createTime: at,
    updateTime: at,
  };
};

const seed = async (count: number) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-bench-'));
  const db = openDatabase(undefined, dir);
  await migrate(db);
  const start = Date.UTC(2026, 0, 1);
  const BATCH = 1_000;
  for (let offset = 0; offset < count; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - offset) }, (_, i) => articleAt(offset + i, start));
    await db.writeTransaction((trx) => trx.insertInto('article').values(rows).execute());
  }
  return {
    db,
    close: async () => {
      await db.destroy();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
};

type Kysely = Awaited<ReturnType<typeof seed>>['db']['kysely'];

/** What the API runs (the page and the total), or the page statement alone to show what the count costs. */
const fullList = (query: ArticleQuery) => (db: Kysely) => listArticles(db, query);
const pageOnly = (query: ArticleQuery) => (db: Kysely) => articleListQueries(db, query).pageIds.execute();
/** A keyword's total is counted once per site version; this is what that first count costs. */
const countOnly = (query: ArticleQuery) => (db: Kysely) =>
  searchTableServes(db, query) ? keywordSearch(query).count.execute(db) : articleListQueries(db, query).count.execute();

const CASES: { name: string; run: (db: Kysely) => Promise<unknown> }[] = [
  { name: 'news column, page 1 of 20, ids only', run: pageOnly({ typeId: NEWS, pageNum: 1, pageSize: 20 }) },
  { name: 'all columns, page 1 of 20, ids only', run: pageOnly({ pageNum: 1, pageSize: 20 }) },
  { name: 'news column, page 1 of 20', run: fullList({ typeId: NEWS, pageNum: 1, pageSize: 20 }) },
  { name: 'small column, page 1 of 20', run: fullList({ typeId: 7, pageNum: 1, pageSize: 20 }) },
  { name: 'all columns, page 1 of 20', run: fullList({ pageNum: 1, pageSize: 20 }) },
  { name: 'news column, page 10 of 20', run: fullList({ typeId: NEWS, pageNum: 10, pageSize: 20 }) },
  // Keyword searches (title or summary contains it), by length and by how often they hit: 研学 is in about
  // one title in six, 机器人 likewise, 课程教材 in one in 144, robot-4 in one summary in nine.
  { name: 'search, 2 Chinese characters', run: fullList({ keyword: '研学', pageNum: 1, pageSize: 20 }) },
  { name: 'search, 3 Chinese characters', run: fullList({ keyword: '机器人', pageNum: 1, pageSize: 20 }) },
  { name: 'search, 4 Chinese characters', run: fullList({ keyword: '课程教材', pageNum: 1, pageSize: 20 }) },
  { name: 'search, Latin', run: fullList({ keyword: 'robot-4', pageNum: 1, pageSize: 20 }) },
  { name: 'search, 2 characters in news', run: fullList({ typeId: NEWS, keyword: '研学', pageNum: 1, pageSize: 20 }) },
  { name: 'first count per version, 3 characters', run: countOnly({ keyword: '机器人', pageNum: 1, pageSize: 20 }) },
  { name: 'first count per version, Latin', run: countOnly({ keyword: 'robot-4', pageNum: 1, pageSize: 20 }) },
];

const measure = async (count: number) => {
  const seeding = performance.now();
  const { db, close } = await seed(count);
  const seededIn = performance.now() - seeding;
  const results = new Map<string, { median: number; p99: number }>();
  for (const { name, run } of CASES) {
    for (let i = 0; i < 20; i++) await run(db.kysely); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await run(db.kysely);
      times.push(performance.now() - started);
    }
    results.set(name, { median: median(times), p99: percentile(times, 0.99) });
  }
  await close();
  return { results, seededIn };
};

const baseline = await measure(BASELINE);
const large = await measure(LARGE);

const print = (line: string) => process.stdout.write(`${line}\n`);
print(`article list: median of ${RUNS} runs per query (rows + total unless marked), SQLite file in a temp folder`);
print(`seeded ${BASELINE} in ${baseline.seededIn.toFixed(0)} ms, ${LARGE} in ${large.seededIn.toFixed(0)} ms`);
print(
  `${'query'.padEnd(40)} ${`${BASELINE} ms`.padStart(10)} ${`${LARGE} ms`.padStart(10)} ${`${LARGE} p99`.padStart(10)} ${'ratio'.padStart(7)}  (${LARGE} ÷ ${BASELINE}; no goal: near 1 is an index walk, near 100 a scan)`,
);
for (const { name } of CASES) {
  const small = baseline.results.get(name)?.median ?? Number.NaN;
  const big = large.results.get(name) ?? { median: Number.NaN, p99: Number.NaN };
  print(
    `${name.padEnd(40)} ${small.toFixed(3).padStart(10)} ${big.median.toFixed(3).padStart(10)} ${big.p99.toFixed(3).padStart(10)} ${(big.median / small).toFixed(2).padStart(7)}`,
  );
}
const columnPage = large.results.get('news column, page 1 of 20')?.median ?? Number.NaN;
print(
  `\nat ${LARGE}: keyword search (its total counted once per site version) against a column's first page (${columnPage.toFixed(3)} ms), goal ≤ 3.00×`,
);
for (const { name } of CASES.filter((item) => item.name.startsWith('search'))) {
  const ratio = (large.results.get(name)?.median ?? Number.NaN) / columnPage;
  print(`${name.padEnd(40)} ${ratio.toFixed(2).padStart(7)}× (goal ≤ 3.00×) ${ratio <= 3 ? 'ok' : 'over the goal'}`);
}
