import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCall, signIn } from '../harness/consoleApi';
import { createScratchDatabase, postgresSkipReason, type ScratchDatabase } from '../harness/postgres';
import type { RunningSite } from '../harness/site';
import { useTwoSites } from '../harness/suite';

interface Image {
  id: number;
  isOpen: number;
  photoTitle: string;
}
interface SearchResult {
  seachList: Image[];
  total: number;
}

const publicSearch = (site: RunningSite, body: Record<string, unknown>) =>
  consoleCall<SearchResult>(site, undefined, '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999', { body });

const POSTGRES_SKIP = await postgresSkipReason();

describe.skipIf(POSTGRES_SKIP)('two server processes on one PostgreSQL database behave as one', () => {
  let database: ScratchDatabase;
  beforeAll(async () => {
    database = await createScratchDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  // Started at the same moment on an empty database: both migrate and both try to seed.
  const two = useTwoSites(() => ({ DATABASE_URL: database.url }), { concurrently: true });

  it('both answer on PostgreSQL, with the schema migrated once and the demo data seeded once', async () => {
    const [a, b] = two.sites;
    for (const site of [a, b]) {
      const health = await (await fetch(`${site.url}/healthz`)).json();
      expect(health.data).toEqual({ database: 'ok', dialect: 'postgres' });
    }
    const migrations = await database.query<{ name: string }>('select name from kysely_migration');
    expect(new Set(migrations.map((row) => row.name)).size).toBe(migrations.length);
    expect(migrations.map((row) => row.name)).toContain('0001_initial');
    const users = await database.query<{ username: string }>('select username from console_user order by username');
    expect(users.map((row) => row.username)).toEqual(['admin', 'editor', 'staff']);
    const marks = await database.query<{ key: string }>("select key from app_meta where key like 'seed:%'");
    expect(new Set(marks.map((row) => row.key)).size).toBe(marks.length);
    const banners = await publicSearch(a, { belongSortid: 2, isOpen: 1 });
    expect(banners.body.data.total).toBe(1);
  });

  it('accepts on one process a console session made on the other, and ends it everywhere at sign-out', async () => {
    const [a, b] = two.sites;
    const session = await signIn(a, 'editor');
    const onB = await consoleCall<{ username: string }>(b, session, '/lianmeng/auth/me');
    expect(onB.status).toBe(200);
    expect(onB.body.data.username).toBe('editor');

    expect((await consoleCall(b, session, '/lianmeng/auth/logout', { body: {} })).status).toBe(200);
    expect((await consoleCall(a, session, '/lianmeng/auth/me')).status).toBe(401);
  });

  it("shows in one process's public search what was written through the other", async () => {
    const [a, b] = two.sites;
    const session = await signIn(a, 'editor');
    const title = `双进程写入 ${Date.now()}`;
    const inserted = await consoleCall<Image>(a, session, '/lianmeng/img/imageMsgInsert', {
      body: { belongSortid: 3, isOpen: 1, photoAddress: 'https://partner.example.org/logo.png', photoTitle: title },
    });
    expect(inserted.status).toBe(200);
    const seen = await publicSearch(b, { belongSortid: 3, isOpen: 1 });
    expect(seen.body.data.seachList.map((item) => item.photoTitle)).toContain(title);
    expect(typeof seen.body.data.total).toBe('number');
  });
});

describe('two server processes on one SQLite file', () => {
  let shared: string;
  beforeAll(async () => {
    shared = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-shared-sqlite-'));
  });
  afterAll(async () => {
    await fs.rm(shared, { recursive: true, force: true });
  });
  const two = useTwoSites(() => ({ DATABASE_URL: `sqlite:${path.join(shared, 'lianmeng.sqlite')}` }));

  // Each toggle reads the row, then writes it, in a transaction that takes the write lock first; the other
  // process waits (busy_timeout) instead of failing. The deterministic form of this is in dialectTraps.test.ts.
  it('takes twenty concurrent read-then-write toggles split over both processes without one failing', async () => {
    const [a, b] = two.sites;
    const sessions = { a: await signIn(a, 'staff'), b: await signIn(b, 'staff') };
    const partners = await consoleCall<SearchResult>(
      a,
      sessions.a,
      '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999',
      { body: {} },
    );
    const images = partners.body.data.seachList;
    expect(images.length).toBeGreaterThanOrEqual(10);
    const targets = Array.from({ length: 20 }, (_, index) => images[index % 10] as Image);
    // Each image gets two writes at once, one through each process.
    const results = await Promise.all(
      targets.map((image, index) => {
        const [site, session] = index < 10 ? [a, sessions.a] : [b, sessions.b];
        return consoleCall<Image>(site, session, '/lianmeng/img/imageMsgUpdate', {
          body: { id: image.id, isOpen: index < 10 ? 1 - image.isOpen : image.isOpen },
        });
      }),
    );
    expect(results.map((result) => result.body.message ?? result.status)).toEqual(targets.map(() => '操作成功'));
  });
});
