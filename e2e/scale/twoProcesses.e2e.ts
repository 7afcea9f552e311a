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

interface AuditRow {
  id: number;
  targetId: string;
  detail: string;
}

/**
 * Half the writes go through each process, all at once, to the same two items: thirty toggles and
 * thirty renames each. Every audit entry's `from` must be what its write replaced, so read in order
 * each item's entries form one unbroken chain ending at the stored value.
 */
const expectAuditChainsUnderConcurrentWrites = async (a: RunningSite, b: RunningSite) => {
  const staff = { a: await signIn(a, 'staff'), b: await signIn(b, 'staff') };
  const editor = { a: await signIn(a, 'editor'), b: await signIn(b, 'editor') };
  const partners = await consoleCall<SearchResult>(a, editor.a, '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999', {
    body: { belongSortid: 3 },
  });
  const [toggled, renamed] = partners.body.data.seachList as [Image, Image];
  const writes = () =>
    Array.from({ length: 60 }, (_, index) => {
      const [site, sessions] = index % 2 === 0 ? [a, 'a' as const] : [b, 'b' as const];
      const body =
        index < 30
          ? { id: toggled.id, isOpen: index % 4 < 2 ? 1 - toggled.isOpen : toggled.isOpen }
          : { id: renamed.id, photoTitle: `并发改名 ${index}` };
      return consoleCall<Image>(site, index < 30 ? staff[sessions] : editor[sessions], '/lianmeng/img/imageMsgUpdate', {
        body,
      });
    });

  const admin = await signIn(b, 'admin');
  const entries = async (image: Image, action: string) => {
    const filter = encodeURIComponent(JSON.stringify({ targetType: 'image', action }));
    const range = encodeURIComponent(JSON.stringify([0, 998]));
    const sort = encodeURIComponent(JSON.stringify(['id', 'ASC']));
    const audit = await consoleCall<AuditRow[]>(
      a,
      admin,
      `/lianmeng/api/audit?filter=${filter}&range=${range}&sort=${sort}`,
    );
    expect(audit.status).toBe(200);
    return audit.body.data.filter((row) => row.targetId === String(image.id));
  };
  // Entries of earlier writes to the same items are not part of this burst's chain.
  const earlier = new Set([
    ...(await entries(toggled, 'toggle')).map((row) => row.id),
    ...(await entries(renamed, 'update')).map((row) => row.id),
  ]);
  const results = await Promise.all(writes());
  expect(results.map((result) => result.body.message ?? result.status)).toEqual(results.map(() => '操作成功'));

  const chain = async (image: Image, action: string, field: 'isOpen' | 'photoTitle') => {
    const steps = (await entries(image, action))
      .filter((row) => !earlier.has(row.id))
      .map((row) => (JSON.parse(row.detail) as Record<string, { from: unknown; to: unknown }>)[field]);
    const stored = await consoleCall<Image>(b, admin, `/lianmeng/img/imageMsgSearchOne?id=${image.id}`);
    let value: unknown = image[field];
    for (const [index, step] of steps.entries()) {
      expect(step?.from, `${field} entry ${index} starts where the one before it ended`).toEqual(value);
      value = step?.to;
    }
    expect(value).toEqual(stored.body.data[field]);
    return steps.length;
  };
  expect(await chain(toggled, 'toggle', 'isOpen')).toBeGreaterThan(0);
  expect(await chain(renamed, 'update', 'photoTitle')).toBe(30);
};

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

  // Each process caches its public reads until the site version (bumped by triggers on every write) changes,
  // reading it at most every quarter second: a write through one is public on the other within a second.
  it("shows in the other process's cached public reads, within a second, what was written through one", async () => {
    const [a, b] = two.sites;
    const session = await signIn(a, 'editor');
    const admin = await signIn(a, 'admin');
    const withinOneSecond = async (read: () => Promise<boolean>) => {
      const started = Date.now();
      while (!(await read())) {
        if (Date.now() - started > 1000) throw new Error('the other process still answers the old content after 1 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return Date.now() - started;
    };

    const title = `双进程写入 ${Date.now()}`;
    const partnerTitles = async () =>
      (await publicSearch(b, { belongSortid: 3 })).body.data.seachList.map((item) => item.photoTitle);
    // Read twice first, so B answers from its cache when the write lands.
    expect(await partnerTitles()).not.toContain(title);
    expect(await partnerTitles()).not.toContain(title);
    const inserted = await consoleCall<Image>(a, session, '/lianmeng/img/imageMsgInsert', {
      body: { belongSortid: 3, isOpen: 1, photoAddress: 'https://partner.example.org/logo.png', photoTitle: title },
    });
    expect(inserted.status).toBe(200);
    await withinOneSecond(async () => (await partnerTitles()).includes(title));

    const hotline = async () => (await (await fetch(`${b.url}/api/site/settings`)).json()).data.hotline as string;
    const before = await hotline();
    const next = before === '010-1234 5678' ? '010-8765 4321' : '010-1234 5678';
    const current = await consoleCall<Record<string, string>>(a, admin, '/lianmeng/api/settings/site');
    const { id: _id, ...settings } = current.body.data;
    const saved = await consoleCall(a, admin, '/lianmeng/api/settings/site', {
      method: 'PUT',
      body: { ...settings, hotline: next },
    });
    expect(saved.status).toBe(200);
    await withinOneSecond(async () => (await hotline()) === next);
  });

  it('keeps every audit chain unbroken under concurrent toggles and renames through both processes', async () => {
    const [a, b] = two.sites;
    await expectAuditChainsUnderConcurrentWrites(a, b);
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

  it('keeps every audit chain unbroken under concurrent toggles and renames through both processes', async () => {
    const [a, b] = two.sites;
    await expectAuditChainsUnderConcurrentWrites(a, b);
  });
});
