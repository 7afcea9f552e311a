import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../../app';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { createScratchPostgres, testsUsePostgres, withAdmin } from '../../testing/testDatabase';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { DATABASE_DOWN_MESSAGE } from './healthRoute';

const probe = async (server: TestServer, url: string) => {
  const response = await server.app.inject({ url });
  return { status: response.statusCode, body: response.json(), cacheControl: response.headers['cache-control'] };
};

describe('the probes with the database up', () => {
  let server: TestServer;
  afterEach(() => server.close());

  it('answer 200: /livez, /readyz and /healthz, never cached', async () => {
    server = await createTestServer();
    const dialect = testsUsePostgres() ? 'postgres' : 'sqlite';
    expect(await probe(server, '/livez')).toEqual({
      status: 200,
      body: { status: 200, message: '进程运行中' },
      cacheControl: 'no-store',
    });
    expect(await probe(server, '/readyz')).toEqual({
      status: 200,
      body: { status: 200, message: '可以接收请求', data: { database: 'ok', dialect } },
      cacheControl: 'no-store',
    });
    const health = await probe(server, '/healthz');
    expect(health.status).toBe(200);
    expect(health.body.data).toEqual({ database: 'ok', dialect });
    expect(health.cacheControl).toBe('no-store');
  });
});

const expectDown = async (server: TestServer) => {
  for (const url of ['/readyz', '/healthz']) {
    const answer = await probe(server, url);
    expect(answer.status, url).toBe(503);
    expect(answer.body, url).toEqual({ status: 503, message: DATABASE_DOWN_MESSAGE });
    expect(answer.cacheControl, url).toBe('no-store');
  }
  // The process itself still answers: an orchestrator must not restart it for the database's sake.
  expect((await probe(server, '/livez')).status).toBe(200);
};

describe.runIf(!testsUsePostgres())('the probes with the SQLite database unusable', () => {
  it('answer 503 on /readyz and /healthz, 200 on /livez', async () => {
    const server = await createTestServer();
    // A handle that fails every statement, as a lost or broken file does (an open SQLite file cannot be made
    // unreadable under a process that already holds it).
    const closed = new BetterSqlite3(':memory:');
    closed.close();
    const broken: Db = {
      ...server.db,
      kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database: closed }) }),
    };
    const app = await createServer(server.config, { db: broken });
    try {
      await expectDown({ ...server, app });
    } finally {
      await app.close();
      await server.close();
    }
  });
});

describe.runIf(testsUsePostgres())('the probes with PostgreSQL refusing connections', () => {
  it('answer 503 while the database is unreachable, and 200 again once it is back', async () => {
    const scratch = await createScratchPostgres();
    const name = new URL(scratch.url).pathname.slice(1);
    const server = await createTestServer({ databaseUrl: scratch.url });
    const refuse = (allowed: boolean) =>
      withAdmin(async (client) => {
        await client.query(`alter database ${name} allow_connections ${allowed}`);
        if (!allowed) {
          await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
        }
      });
    try {
      expect((await probe(server, '/readyz')).status).toBe(200);
      // As a stopped server looks to the pool: its open connections are cut and new ones refused.
      await refuse(false);
      await expectDown(server);
      await refuse(true);
      expect((await probe(server, '/readyz')).status).toBe(200);
      expect((await probe(server, '/healthz')).status).toBe(200);
    } finally {
      await refuse(true);
      await server.close();
      await scratch.drop();
    }
  });
});
