import Fastify, { type FastifyInstance } from 'fastify';
import { SaxesParser } from 'saxes';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/testServer';
import { registerSiteFiles } from '.';
import { sitemapXml, urlsetPieces } from './sitemap';

interface ParsedSitemap {
  root: string;
  namespace: string;
  /** `<url>` or `<sitemap>` entries with their children's text. */
  entries: Record<string, string>[];
}

/** A strict XML parser: anything that is not well-formed XML throws. */
const parseSitemap = (xml: string): ParsedSitemap => {
  const parser = new SaxesParser({ xmlns: true });
  const result: ParsedSitemap = { root: '', namespace: '', entries: [] };
  const stack: string[] = [];
  let text = '';
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    if (stack.length === 0) {
      result.root = tag.local;
      result.namespace = tag.uri;
    }
    if (stack.length === 1) result.entries.push({});
    stack.push(tag.local);
    text = '';
  });
  parser.on('text', (value) => {
    text += value;
  });
  parser.on('closetag', (tag) => {
    stack.pop();
    if (stack.length === 2) (result.entries.at(-1) as Record<string, string>)[tag.local] = text;
  });
  parser.write(xml).close();
  return result;
};

const PUBLISHED = 'https://lianmeng.example.org';
const W3C_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

let server: TestServer;
let draftId: number;
let publishedId: number;

beforeAll(async () => {
  server = await createTestServer({}, undefined, { demoData: true });
  const time = new Date().toISOString();
  const article = {
    typeId: 13,
    summary: '',
    body: '<p>正文</p>',
    publishTime: time,
    source: '',
    author: '',
    coverImage: '',
    attachments: '[]',
    createTime: time,
    updateTime: time,
  };
  const insert = (values: typeof article & { title: string; published: number }) =>
    server.db.kysely.insertInto('article').values(values).returning('id').executeTakeFirstOrThrow();
  draftId = Number((await insert({ ...article, title: '草稿不应出现', published: 0 })).id);
  publishedId = Number((await insert({ ...article, title: '赛事通知 & 新闻', published: 1 })).id);
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ url, headers: { host: 'lianmeng.example.org', 'x-forwarded-proto': 'https', ...headers } });

describe('robots.txt', () => {
  it('is plain text that keeps crawlers out of the console and the API and points to the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/admin/', '/lianmeng/', '/api/', '/card/']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toHaveLength(4);
    expect(lines).toContain('Sitemap: http://lianmeng.example.org/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists every list page and every published article with a W3C lastmod, and no draft', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const sitemap = parseSitemap(response.body);
    expect(sitemap.root).toBe('urlset');
    expect(sitemap.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = sitemap.entries.map((entry) => entry.loc);
    expect(new Set(locs).size).toBe(locs.length);

    const articles = await server.db.kysely
      .selectFrom('article')
      .select(['id', 'typeId'])
      .where('published', '=', 1)
      .execute();
    // The four single-article columns show their article on the column's page, not at a detail address.
    const singles = new Set([3, 4, 5, 8]);
    const detailCount = articles.filter((article) => !singles.has(Number(article.typeId))).length;
    expect(detailCount).toBeGreaterThan(50);
    expect(locs.filter((loc) => loc?.includes('/detail/'))).toHaveLength(detailCount);
    // /index, /education/index and one page per column.
    expect(locs.filter((loc) => !loc?.includes('/detail/'))).toHaveLength(2 + 26);

    for (const entry of sitemap.entries) {
      expect(entry.loc).toMatch(/^http:\/\/lianmeng\.example\.org\//);
      expect(entry.lastmod, entry.loc).toMatch(W3C_SECONDS);
    }
    expect(locs).toContain(`http://lianmeng.example.org/match/detail/${publishedId}`);
    expect(locs).toContain('http://lianmeng.example.org/news/list/2');
    expect(locs).toContain('http://lianmeng.example.org/care/index/7');
    expect(locs).toContain('http://lianmeng.example.org/alone/3');
    expect(locs).toContain('http://lianmeng.example.org/index');
    expect(locs.some((loc) => loc?.endsWith(`/detail/${draftId}`))).toBe(false);
  });

  it('dates a list page by the newest change among its published articles', async () => {
    const fresh = Fastify();
    registerSiteFiles(fresh, { db: server.db }, { sitemapKeepMs: 0 });
    const read = async () => parseSitemap((await fresh.inject({ url: '/sitemap.xml' })).body).entries;
    try {
      const later = '2099-01-02T03:04:05.678Z';
      await server.db.kysely.updateTable('article').set({ updateTime: later }).where('id', '=', draftId).execute();
      const before = await read();
      expect(before.find((entry) => entry.loc?.endsWith('/match/notice/13'))?.lastmod).not.toBe('2099-01-02T03:04:05Z');
      await server.db.kysely.updateTable('article').set({ updateTime: later }).where('id', '=', publishedId).execute();
      const after = await read();
      expect(after.find((entry) => entry.loc?.endsWith('/match/notice/13'))?.lastmod).toBe('2099-01-02T03:04:05Z');
      expect(after.find((entry) => entry.loc?.endsWith(`/match/detail/${publishedId}`))?.lastmod).toBe(
        '2099-01-02T03:04:05Z',
      );
      expect(after.find((entry) => entry.loc?.endsWith('/index'))?.lastmod).toBe('2099-01-02T03:04:05Z');

      // The server's own instance keeps what it rendered for a while: the change is not there yet.
      const kept = parseSitemap((await get('/sitemap.xml')).body).entries;
      expect(kept.find((entry) => entry.loc?.endsWith('/index'))?.lastmod).not.toBe('2099-01-02T03:04:05Z');
    } finally {
      await fresh.close();
    }
  });

  it('writes the same file whether rendered in pieces or not', () => {
    const urls = [{ path: '/a?b=1&c=2', lastmod: '2026-01-01T00:00:00Z' }, { path: '/d' }];
    expect(sitemapXml(urlsetPieces(urls), 'https://x.org')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>https://x.org/a?b=1&#38;c=2</loc><lastmod>2026-01-01T00:00:00Z</lastmod></url>\n' +
        '<url><loc>https://x.org/d</loc></url>\n</urlset>\n',
    );
    expect(parseSitemap(sitemapXml(urlsetPieces([]), 'https://x.org')).entries).toEqual([]);
  });

  it('takes the address from the proxy when it is trusted, and escapes it', async () => {
    const trusted = await createTestServer({ trustProxy: true }, undefined, { demoData: true });
    try {
      const response = await trusted.app.inject({
        url: '/sitemap.xml',
        headers: { 'x-forwarded-host': `${new URL(PUBLISHED).host}`, 'x-forwarded-proto': 'https' },
      });
      const sitemap = parseSitemap(response.body);
      expect(sitemap.entries[0]?.loc).toBe(`${PUBLISHED}/index`);
      const odd = await trusted.app.inject({
        url: '/sitemap.xml',
        headers: { 'x-forwarded-host': 'a&b<c>.example.org', 'x-forwarded-proto': 'https' },
      });
      expect(odd.body).toContain('https://a&#38;b&#60;c&#62;.example.org/index');
      expect(parseSitemap(odd.body).entries[0]?.loc).toBe('https://a&b<c>.example.org/index');
    } finally {
      await trusted.close();
    }
  });

  it("writes PUBLIC_URL, not the request's Host, into files shared caches keep; without it, keeps them private", async () => {
    const published = await createTestServer({ publicUrl: 'https://www.lianmeng.example.org' }, undefined, {
      demoData: true,
    });
    try {
      for (const url of ['/robots.txt', '/sitemap.xml']) {
        const response = await published.app.inject({ url, headers: { host: 'evil.example.net' } });
        expect(response.body).toContain('https://www.lianmeng.example.org/');
        expect(response.body).not.toContain('evil.example.net');
        expect(response.headers['cache-control']).toBe('public, max-age=3600');
      }
    } finally {
      await published.close();
    }
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      expect((await get(url)).headers['cache-control']).toBe('private, max-age=3600');
    }
  });

  describe('past the limit of one file', () => {
    let small: FastifyInstance;
    beforeAll(async () => {
      small = Fastify();
      registerSiteFiles(small, { db: server.db }, { sitemapUrlLimit: 10 });
      await small.ready();
    });
    afterAll(() => small.close());

    it('becomes an index of numbered files that together hold exactly the whole set', async () => {
      const whole = parseSitemap((await get('/sitemap.xml')).body).entries.map((entry) => entry.loc);
      const index = await small.inject({ url: '/sitemap.xml', headers: { host: 'lianmeng.example.org' } });
      expect(index.statusCode).toBe(200);
      const parsed = parseSitemap(index.body);
      expect(parsed.root).toBe('sitemapindex');
      const files = parsed.entries.map((entry) => entry.loc);
      expect(files).toHaveLength(Math.ceil(whole.length / 10));
      expect(files[0]).toBe('http://lianmeng.example.org/sitemap-1.xml');

      const fromFiles: (string | undefined)[] = [];
      for (const file of files) {
        const part = await small.inject({
          url: new URL(file ?? '').pathname,
          headers: { host: 'lianmeng.example.org' },
        });
        expect(part.statusCode, file).toBe(200);
        const urls = parseSitemap(part.body);
        expect(urls.root).toBe('urlset');
        expect(urls.entries.length).toBeLessThanOrEqual(10);
        fromFiles.push(...urls.entries.map((entry) => entry.loc));
      }
      expect(fromFiles).toEqual(whole);
      const beyond = await small.inject({ url: `/sitemap-${files.length + 1}.xml` });
      expect(beyond.statusCode).toBe(404);
      expect(beyond.json().status).toBe(404);
    });

    it('has no numbered files while one file holds everything', async () => {
      expect((await get('/sitemap-1.xml')).statusCode).toBe(404);
    });
  });
});

describe('icons', () => {
  it('serves a real ICO at /favicon.ico with 16, 32 and 48 pixel PNG images', async () => {
    const response = await get('/favicon.ico');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    const bytes = response.rawPayload;
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    const count = bytes.readUInt16LE(4);
    expect(count).toBe(3);
    for (let index = 0; index < count; index += 1) {
      const entry = 6 + index * 16;
      const size = bytes.readUInt8(entry);
      const length = bytes.readUInt32LE(entry + 8);
      const offset = bytes.readUInt32LE(entry + 12);
      const image = bytes.subarray(offset, offset + length);
      const meta = await sharp(image).metadata();
      expect(meta.format).toBe('png');
      expect([meta.width, meta.height]).toEqual([size, size]);
    }
  });

  it('serves PNG icons of the sizes their names promise, drawn in the site’s red', async () => {
    for (const [url, size] of [
      ['/icon-192.png', 192],
      ['/apple-touch-icon.png', 180],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const { data, info } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([size, size]);
      // A point on the red disc, left of the robot's face.
      const x = Math.round(size * 0.2);
      const y = Math.round(size / 2);
      const at = (y * info.width + x) * info.channels;
      expect([data[at], data[at + 1], data[at + 2]]).toEqual([0xb7, 0x1c, 0x1c]);
    }
  });

  it('serves the SVG mark as an SVG', async () => {
    const response = await get('/icon.svg');
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(parseSitemap(response.body).root).toBe('svg');
    expect(response.body).toContain('#b71c1c');
  });
});
