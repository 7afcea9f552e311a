import fs from 'node:fs/promises';
import path from 'node:path';
import { COLUMNS, type ColumnLayout, UPLOAD_LIMITS } from '@lianmeng/core';
import { sanitizeArticleHtml } from '@lianmeng/core/articleHtml';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORPHAN_MAX_AGE_MS, sweepOrphanUploads } from '../../domains/uploads/sweepOrphanUploads';
import { createTestServer, type TestServer } from '../../testing/testServer';
import type { ArticleRow } from '../schema';
import { demoDataComplete } from '.';
import { CONTENT_SEED_MARK, demoPublishTime, seedDemoContent } from './demoContent';

const DAY_MS = 24 * 3600_000;
const MINIMUM: Record<ColumnLayout, number> = { list: 6, single: 1, care: 20, files: 6 };

let server: TestServer;
let articles: ArticleRow[];
let seededAt: Date;

const ofColumn = (typeId: number) => articles.filter((article) => article.typeId === typeId);
const ageInDays = (article: ArticleRow) => (seededAt.getTime() - Date.parse(article.publishTime)) / DAY_MS;
const typeIdOf = (key: string) => {
  const column = COLUMNS.find((candidate) => candidate.key === key);
  if (!column) throw new Error(`no column ${key}`);
  return column.typeId;
};

beforeAll(async () => {
  server = await createTestServer({}, undefined, { demoData: true });
  articles = await server.db.kysely.selectFrom('article').selectAll().execute();
  const mark = await server.db.kysely
    .selectFrom('appMeta')
    .select('value')
    .where('key', '=', CONTENT_SEED_MARK)
    .executeTakeFirstOrThrow();
  seededAt = new Date(mark.value);
});
afterAll(() => server.close());

describe('the demo content', () => {
  it.each(COLUMNS.map((column) => [column.title, column.typeId, MINIMUM[column.layout]] as const))(
    '%s (typeId %i) has at least %i published items',
    (_title, typeId, minimum) => {
      const items = ofColumn(typeId);
      expect(items.length).toBeGreaterThanOrEqual(minimum);
      expect(items.every((item) => item.published === 1)).toBe(true);
    },
  );

  it('dates every item, in the past, with a source, an author, a summary and a cover', () => {
    for (const article of articles) {
      expect(Number.isNaN(Date.parse(article.publishTime)), article.title).toBe(false);
      expect(Date.parse(article.publishTime)).toBeLessThanOrEqual(seededAt.getTime());
      expect(article.source.trim(), article.title).not.toBe('');
      expect(article.author.trim(), article.title).not.toBe('');
      expect(article.summary.trim().length, article.title).toBeGreaterThan(5);
      expect(article.coverImage).toMatch(/^\/uploads\/demo-cover-[a-zA-Z]+(-\d+)?\.png$/);
    }
  });

  it('stores only sanitised bodies with text in them', () => {
    for (const article of articles) {
      expect(sanitizeArticleHtml(article.body), article.title).toBe(article.body);
      expect(article.body).toMatch(/^<p>[^<]+/);
    }
  });

  it('keeps the news fresh: the newest within two days, all within two weeks', () => {
    const news = ofColumn(typeIdOf('news'));
    expect(Math.min(...news.map(ageInDays))).toBeLessThanOrEqual(2);
    expect(Math.max(...news.map(ageInDays))).toBeLessThanOrEqual(14);
  });

  it('keeps notices, policies and match notices within six months', () => {
    for (const key of ['announcements', 'policies', 'matchNotices']) {
      expect(Math.max(...ofColumn(typeIdOf(key)).map(ageInDays)), key).toBeLessThanOrEqual(183);
    }
  });

  it('opens every news item with the place and the reporter, and shows a captioned photo in most', () => {
    const news = ofColumn(typeIdOf('news'));
    for (const item of news) {
      expect(item.body, item.title).toMatch(/^<p>[\u4e00-\u9fa5]{2,6}讯（通讯员 [\u4e00-\u9fa5]{2,4}）/);
    }
    const photos = news.filter((item) =>
      /<figure><img src="\/uploads\/[^"]+" alt="[^"]+" width="\d+" height="\d+" \/><figcaption>/.test(item.body),
    );
    expect(photos.length).toBeGreaterThan(news.length / 2);
  });

  it('has no two items with the same title in one column', () => {
    for (const column of COLUMNS) {
      const titles = ofColumn(column.typeId).map((item) => item.title);
      expect(new Set(titles).size, column.title).toBe(titles.length);
    }
  });

  it('gives the introduction an English version', () => {
    expect(ofColumn(typeIdOf('introduction'))[0]?.body).toMatch(/<h2>English version<\/h2><p>[A-Za-z]/);
  });

  it('gives every care entry a name, a title or unit, and a message', () => {
    for (const entry of ofColumn(typeIdOf('care'))) {
      expect(entry.title).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
      expect(entry.source.length).toBeGreaterThan(2);
      expect(entry.body).toContain(`<p>${entry.summary}</p>`);
    }
  });

  it('attaches real files to every item of the files column, served under /uploads/', async () => {
    for (const item of ofColumn(typeIdOf('files'))) {
      const attachments: { name: string; url: string; size: number }[] = JSON.parse(item.attachments);
      expect(attachments.length, item.title).toBeGreaterThan(0);
      for (const attachment of attachments) {
        const stored = await fs.readFile(path.join(server.dataDir, 'uploads', path.basename(attachment.url)));
        expect(stored.length).toBe(attachment.size);
        const response = await server.app.inject({ url: attachment.url });
        expect(response.statusCode, attachment.url).toBe(200);
        expect(response.rawPayload.equals(stored)).toBe(true);
      }
    }
  });

  it('writes well-formed PDFs whose cross-reference table points at their objects', async () => {
    const pdfs = articles
      .flatMap((item) => JSON.parse(item.attachments) as { url: string }[])
      .filter((attachment) => attachment.url.endsWith('.pdf'));
    expect(pdfs.length).toBeGreaterThan(0);
    for (const { url } of pdfs) {
      const text = (await fs.readFile(path.join(server.dataDir, 'uploads', path.basename(url)))).toString('latin1');
      expect(text.startsWith('%PDF-1.4\n')).toBe(true);
      expect(text.endsWith('%%EOF\n')).toBe(true);
      const startXref = Number(text.match(/startxref\n(\d+)\n/)?.[1]);
      expect(text.slice(startXref, startXref + 4)).toBe('xref');
      const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
      offsets.forEach((offset, index) => {
        expect(text.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true);
      });
    }
  });

  it('serves every cover picture', async () => {
    for (const cover of new Set(articles.map((article) => article.coverImage))) {
      const response = await server.app.inject({ url: cover });
      expect(response.statusCode, cover).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
    }
  });

  it("gives every pictorial item a cover of its own, listed with its small image and that image's size", async () => {
    for (const key of ['news', 'exchangeAchievements']) {
      const response = await server.app.inject({ url: `/api/content/articles?typeId=${typeIdOf(key)}&pageSize=50` });
      const list: { coverImage: string; coverSmall?: string; coverWidth?: number; coverHeight?: number }[] =
        response.json().data.list;
      expect(new Set(list.map((item) => item.coverImage)).size, key).toBe(list.length);
      for (const item of list) {
        expect(item.coverSmall, item.coverImage).toMatch(/^\/uploads\/demo-cover-[a-zA-Z]+(-\d+)?-small\.png$/);
        const small = await server.app.inject({ url: item.coverSmall });
        expect(small.statusCode).toBe(200);
        const meta = await sharp(small.rawPayload).metadata();
        expect([item.coverWidth, item.coverHeight]).toEqual([meta.width, meta.height]);
        expect(meta.width).toBeLessThanOrEqual(UPLOAD_LIMITS.small.widthPx);
        expect(meta.height).toBeLessThanOrEqual(UPLOAD_LIMITS.small.heightPx);
      }
    }
  });

  it('is found through the public API, newest news first', async () => {
    const response = await server.app.inject({ url: `/api/content/articles?typeId=${typeIdOf('news')}&pageSize=3` });
    const data = response.json().data;
    expect(data.total).toBe(ofColumn(typeIdOf('news')).length);
    const times = data.list.map((item: { publishTime: string }) => item.publishTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('is never swept as unreferenced, however old its pictures and files get', async () => {
    const uploadDir = path.join(server.dataDir, 'uploads');
    const demo = (await fs.readdir(uploadDir)).filter((name) => name.startsWith('demo-'));
    expect(demo.length).toBeGreaterThan(0);
    const longAgo = new Date(Date.now() - ORPHAN_MAX_AGE_MS - 3600_000);
    for (const name of demo) await fs.utimes(path.join(uploadDir, name), longAgo, longAgo);
    expect(await sweepOrphanUploads({ db: server.db.kysely, uploadDir, now: new Date() })).toEqual([]);
  });

  it('seeds once: a second run adds nothing', async () => {
    const again = await seedDemoContent(server.db, { dataDir: server.dataDir, now: new Date() });
    expect(again).toBe(false);
    const count = await server.db.kysely
      .selectFrom('article')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(articles.length);
  });
});

describe('demoPublishTime', () => {
  const now = new Date('2026-11-22T07:30:00.000Z'); // 15:30 in Beijing

  it('reads the time of day as Beijing time', () => {
    expect(demoPublishTime(now, 1, '15:45')).toBe('2026-11-21T07:45:00.000Z');
    expect(demoPublishTime(now, 3, '09:00')).toBe('2026-11-19T01:00:00.000Z');
  });

  it('never dates an item after the first start', () => {
    expect(demoPublishTime(now, 0, '15:45')).toBe('2026-11-21T07:45:00.000Z');
    expect(demoPublishTime(now, 0, '10:00')).toBe('2026-11-22T02:00:00.000Z');
  });

  it('follows the Beijing calendar across UTC midnight', () => {
    const lateEvening = new Date('2026-11-22T17:00:00.000Z'); // 01:00 on the 23rd in Beijing
    expect(demoPublishTime(lateEvening, 1, '00:30')).toBe('2026-11-21T16:30:00.000Z');
  });
});

describe('a start on a database that holds the demo data already', () => {
  it('finds it complete, so it starts no seeding process; an empty database is not', async () => {
    expect(await demoDataComplete(server.db)).toBe(true);
    const empty = await createTestServer();
    try {
      expect(await demoDataComplete(empty.db)).toBe(false);
    } finally {
      await empty.close();
    }
  });
});
