// What the benchmarks that measure the real routes on both databases share: a run on a fresh SQLite file and
// then on a fresh PostgreSQL database (created and dropped here), the server built on it, its card tokens,
// and the timing, percentile and resident-memory arithmetic.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createServer, type ServerDeps } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Db, openDatabase } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import type { AccessGuards } from '../apps/server/src/http/access';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MB = 1024 * 1024;

const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

/** `databaseUrl`: the PostgreSQL run's database, for a server process started on it (none: SQLite in dataDir). */
type Measure<T> = (label: 'SQLite' | 'PostgreSQL', db: Db, dataDir: string, databaseUrl?: string) => Promise<T>;

/**
 * Runs `measure` on a migrated SQLite database, then on a migrated PostgreSQL database made for the run and
 * dropped after it. Without a PostgreSQL server the second run is skipped with a warning (`onPostgres` is
 * then undefined).
 */
export const onBothDatabases = async <T>(measure: Measure<T>) => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-bench-'));
  try {
    const sqlite = openDatabase(undefined, dataDir);
    const onSqlite = await migrate(sqlite)
      .then(() => measure('SQLite', sqlite, dataDir))
      .finally(() => sqlite.destroy());

    const name = `lianmeng_bench_${randomBytes(5).toString('hex')}`;
    try {
      await admin(`create database ${name}`);
    } catch (error) {
      console.warn(`PostgreSQL skipped: no PostgreSQL at ${new URL(ADMIN_URL).host} (${(error as Error).message})`);
      return { onSqlite, onPostgres: undefined };
    }
    try {
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      const postgres = openDatabase(url.toString(), dataDir);
      const onPostgres = await migrate(postgres)
        .then(() => measure('PostgreSQL', postgres, dataDir, url.toString()))
        .finally(() => postgres.destroy());
      return { onSqlite, onPostgres };
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
};

/** The server on `db`, silent, with no captcha and no load shedding: the bench measures the work, not the guards. */
export const benchServer = (db: Db, dataDir: string, deps: Omit<ServerDeps, 'db'> = {}) =>
  createServer(
    loadConfig(
      {},
      { dataDir, logLevel: 'silent', portalDist: dataDir, adminDist: dataDir, captcha: false, maxEventLoopDelayMs: 0 },
    ),
    { db, ...deps },
  );

/** The server's card tokens (bench/ may resolve its own copy of fastify's types, without the server's decorations). */
export const tokensOf = (app: unknown) => (app as { accessGuards: AccessGuards }).accessGuards.cardTokens;

/** The value below which the share `p` of the sorted timings fall. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

/** "median … ms, p99 … ms" of sorted timings. */
export const medianAndP99 = (sorted: number[]) =>
  `median ${percentile(sorted, 0.5).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms`;

/** Times `count` calls of `request`, one after another, after `warmUp` untimed ones: the timings in ms, sorted. */
export const oneAtATime = async (count: number, request: (index: number) => Promise<unknown>, warmUp = 50) => {
  const timings: number[] = [];
  for (let index = 0; index < warmUp + count; index += 1) {
    const started = performance.now();
    await request(index);
    if (index >= warmUp) timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
};

/** Runs `work`, sampling the resident memory every 10 ms: time taken and the peak rise over the start. */
export const timed = async <T>(work: () => Promise<T>) => {
  global.gc?.();
  const start = process.memoryUsage.rss();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { result, ms, seconds: ms / 1000, rssRiseMb: (peak - start) / MB };
};
