// Image search latency on PostgreSQL against SQLite, measured in the same run through the real route
// (createServer + inject: validation, query, count, response check). Prints the ratio PostgreSQL / SQLite.
// Run: npx tsx bench/imageSearch.ts   (TEST_POSTGRES_URL overrides postgres://postgres@127.0.0.1:5432/test)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createServer } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Db, openDatabase } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import type { NewImageMessage } from '../apps/server/src/db/schema';

const IMAGES = 5000;
const WARM_UP = 50;
const REQUESTS = 500;
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const rows = (at: Date): NewImageMessage[] =>
  Array.from({ length: IMAGES }, (_, index) => {
    const time = new Date(at.getTime() - index * 60_000).toISOString();
    return {
      belongSortid: index % 2 === 0 ? 2 : 3,
      isOpen: index % 3 === 0 ? 0 : 1,
      photoAddress: `/uploads/bench-${index}.png`,
      smallPhotoAddress: `/uploads/bench-${index}-small.png`,
      photoTitle: `基准图片 ${index} 机器人运动`,
      urlAddress: '',
      createTime: time,
      updateTime: time,
    };
  });

const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

/** The three searches the product makes: the layout's banners and partners, and a console title search. */
const SEARCHES = [
  { url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999', payload: { belongSortid: 2, isOpen: 1 } },
  { url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=20', payload: { belongSortid: 3 } },
  { url: '/lianmeng/img/imageMsgSearch?pageNum=3&pageSize=20', payload: { photoTitle: '机器人' } },
];

const measure = async (label: string, db: Db, dataDir: string) => {
  await migrate(db);
  const data = rows(new Date());
  for (let start = 0; start < data.length; start += 500) {
    await db.kysely
      .insertInto('imageMessage')
      .values(data.slice(start, start + 500))
      .execute();
  }
  const config = loadConfig({}, { dataDir, logLevel: 'silent', portalDist: dataDir, adminDist: dataDir });
  const app = await createServer(config, { db });
  const timings: number[] = [];
  for (let index = 0; index < WARM_UP + REQUESTS; index += 1) {
    const search = SEARCHES[index % SEARCHES.length] as (typeof SEARCHES)[number];
    const started = performance.now();
    const response = await app.inject({ method: 'POST', ...search });
    if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
    if (index >= WARM_UP) timings.push(performance.now() - started);
  }
  await app.close();
  timings.sort((a, b) => a - b);
  const result = { median: percentile(timings, 0.5), p95: percentile(timings, 0.95) };
  console.info(`${label.padEnd(10)} median ${result.median.toFixed(2)} ms   p95 ${result.p95.toFixed(2)} ms`);
  return result;
};

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-bench-'));
console.info(`image search, ${IMAGES} image messages, ${REQUESTS} requests per database (after ${WARM_UP} warm-up)`);
try {
  const sqlite = openDatabase(undefined, dataDir);
  const onSqlite = await measure('SQLite', sqlite, dataDir).finally(() => sqlite.destroy());

  const name = `lianmeng_bench_${randomBytes(5).toString('hex')}`;
  try {
    await admin(`create database ${name}`);
  } catch (error) {
    console.warn(`PostgreSQL skipped: no PostgreSQL at ${new URL(ADMIN_URL).host} (${(error as Error).message})`);
    process.exit(0);
  }
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const postgres = openDatabase(url.toString(), dataDir);
    const onPostgres = await measure('PostgreSQL', postgres, dataDir).finally(() => postgres.destroy());
    console.info(
      `ratio PostgreSQL / SQLite: median ${(onPostgres.median / onSqlite.median).toFixed(2)}×, p95 ${(onPostgres.p95 / onSqlite.p95).toFixed(2)}× (no goal: a comparison of the two databases)`,
    );
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}
