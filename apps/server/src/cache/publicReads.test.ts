import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { IMAGE_SORT } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../app';
import { type Db, openDatabase } from '../db/database';
import { buildArticle, buildImage } from '../testing/factories';
import { createTestServer, type TestServer } from '../testing/testServer';
import { etagMatches } from './publicReads';

let server: TestServer;
let editor: string;
let staff: string;
/** The server's clock: the showing windows and the cache's expiry both read it. */
let clock = new Date();

interface Search {
  method: 'POST';
  url: string;
  payload: { belongSortid: number; isOpen?: number };
}

const PARTNERS: Search = {
  method: 'POST',
  url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999',
  payload: { belongSortid: IMAGE_SORT.partner },
};
const BANNERS = { ...PARTNERS, payload: { belongSortid: IMAGE_SORT.banner, isOpen: 1 } };
const SETTINGS = '/api/site/settings';
const ARTICLES = '/api/content/articles?typeId=1&pageNum=1&pageSize=10';

const titles = async (app: FastifyInstance, call: Search) =>
  (await app.inject(call)).json().data.seachList.map((item: { photoTitle: string }) => item.photoTitle) as string[];

/**
 * Counts the statements the server sends to the database while `run` runs, but for the read of the site
 * version (once per quarter second, whatever is cached).
 */
const countQueries = async (run: () => Promise<unknown>) => {
  const executor = server.db.kysely.getExecutor();
  const original = executor.executeQuery.bind(executor);
  let count = 0;
  executor.executeQuery = ((...args: Parameters<typeof original>) => {
    if (!args[0].sql.includes('site_version')) count += 1;
    return original(...args);
  }) as typeof executor.executeQuery;
  try {
    await run();
  } finally {
    executor.executeQuery = original;
  }
  return count;
};

const varies = (vary: unknown) =>
  String(vary ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim())
    .includes('accept-encoding');

beforeAll(async () => {
  server = await createTestServer({}, () => clock);
  // Long enough titles that the partner list is worth compressing.
  for (let index = 0; index < 12; index += 1) {
    await buildImage(server.db, {
      belongSortid: IMAGE_SORT.partner,
      photoTitle: `合作单位 ${index + 1} 全国青少年机器人运动联盟成员学校`,
    });
  }
  await buildImage(server.db, { belongSortid: IMAGE_SORT.banner, isOpen: 1, photoTitle: '开着的横幅' });
  await buildArticle(server.db, { typeId: 1, title: '第一篇' });
  editor = await server.signIn('editor');
  staff = await server.signIn('staff');
});
afterAll(() => server.close());

describe('the cache of public reads', () => {
  it('answers a repeated read from the cache once the handler has answered it, without a statement', async () => {
    server.app.cache.store.clear();
    for (const call of [
      PARTNERS,
      { method: 'GET' as const, url: SETTINGS },
      { method: 'GET' as const, url: ARTICLES },
    ]) {
      let first: Awaited<ReturnType<typeof server.app.inject>> | undefined;
      expect(await countQueries(async () => (first = await server.app.inject(call)))).toBeGreaterThan(0);
      expect(first?.statusCode).toBe(200);
      const again = await server.app.inject(call);
      expect(await countQueries(() => server.app.inject(call))).toBe(0);
      expect(again.body).toBe(first?.body);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('keys a POST read by its parsed body, and a GET apart from a POST to the same URL', async () => {
    const partners = await titles(server.app, PARTNERS);
    const banners = await titles(server.app, BANNERS);
    expect(banners).toEqual(['开着的横幅']);
    expect(partners).not.toContain('开着的横幅');
    // The same body written differently is the same read.
    const spaced = await server.app.inject({
      ...PARTNERS,
      payload: `{ "belongSortid" : ${IMAGE_SORT.partner} }`,
      headers: { 'content-type': 'application/json' },
    });
    expect(spaced.json().data.total).toBe(12);
    // A bad body is refused by the handler's validation, never answered from the cache.
    const bad = await server.app.inject({ ...PARTNERS, payload: { belongSortid: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect((await server.app.inject({ method: 'GET', url: PARTNERS.url })).statusCode).not.toBe(200);
  });

  it('gives a GET read a weak ETag and answers a matching If-None-Match with 304, in any coding', async () => {
    const first = await server.app.inject({ url: SETTINGS });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(varies(first.headers.vary)).toBe(true);
    for (const headers of [{}, { 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip' }]) {
      const again = await server.app.inject({ url: SETTINGS, headers: { ...headers, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const amongOthers = await server.app.inject({ url: SETTINGS, headers: { 'if-none-match': `"other", ${etag}` } });
    expect(amongOthers.statusCode).toBe(304);
    const other = await server.app.inject({ url: SETTINGS, headers: { 'if-none-match': 'W/"other"' } });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).toBe(etag);
    // A POST read cannot be asked conditionally: it carries no validator, and the default Cache-Control.
    const post = await server.app.inject(PARTNERS);
    expect(post.headers.etag).toBeUndefined();
    expect(post.headers['cache-control']).toBe('no-store');
  });

  it('sends brotli and gzip as Accept-Encoding prefers, each made once per entry, decoding to the same JSON', async () => {
    server.app.cache.store.clear();
    const plain = await server.app.inject({ ...PARTNERS, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const bytesBefore = server.app.cache.store.bytes;

    const brotli = await server.app.inject({ ...PARTNERS, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(varies(brotli.headers.vary)).toBe(true);
    expect(String(brotli.headers.vary).match(/accept-encoding/gi)).toHaveLength(1);
    expect(Number(brotli.headers['content-length'])).toBe(brotli.rawPayload.length);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const withBrotli = server.app.cache.store.bytes;
    expect(withBrotli).toBe(bytesBefore + brotli.rawPayload.length);

    const brotliAgain = await server.app.inject({ ...PARTNERS, headers: { 'accept-encoding': 'br' } });
    expect(brotliAgain.rawPayload.equals(brotli.rawPayload)).toBe(true);
    expect(server.app.cache.store.bytes).toBe(withBrotli);

    const gzip = await server.app.inject({ ...PARTNERS, headers: { 'accept-encoding': 'gzip;q=1, br;q=0.1' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(varies(gzip.headers.vary)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(server.app.cache.store.bytes).toBe(withBrotli + gzip.rawPayload.length);

    // Under the threshold nothing is coded.
    const small = await server.app.inject({ ...BANNERS, headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.total).toBe(1);
  });

  it('answers a changed read after a console write at once, with a new ETag', async () => {
    const first = await server.app.inject({ url: ARTICLES });
    const etag = first.headers.etag as string;
    expect(first.json().data.total).toBe(1);
    const created = await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/api/articles',
      payload: { typeId: 1, title: '新文章', body: '<p>正文</p>', publishTime: clock.toISOString(), published: true },
    });
    expect(created.json()).toMatchObject({ status: 200 });
    const changed = await server.app.inject({ url: ARTICLES, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.total).toBe(2);
    expect(changed.headers.etag).not.toBe(etag);

    expect(await titles(server.app, PARTNERS)).not.toContain('新伙伴');
    await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgInsert',
      payload: { belongSortid: IMAGE_SORT.partner, isOpen: 1, photoAddress: '/uploads/x.png', photoTitle: '新伙伴' },
    });
    expect(await titles(server.app, PARTNERS)).toContain('新伙伴');
  });

  it('gives a console session that sees closed images its own answer, never the public one, and stores none', async () => {
    const [banner] = await server.db.kysely
      .selectFrom('imageMessage')
      .selectAll()
      .where('photoTitle', '=', '开着的横幅')
      .execute();
    expect(await titles(server.app, BANNERS)).toEqual(['开着的横幅']);
    const closed = await server.consoleInject(staff, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgUpdate',
      payload: { id: banner?.id, isOpen: 0 },
    });
    expect(closed.statusCode).toBe(200);
    const everyBanner = { ...BANNERS, payload: { belongSortid: IMAGE_SORT.banner } };
    expect(await titles(server.app, everyBanner)).toEqual([]);
    const console = await server.consoleInject(staff, everyBanner);
    expect(console.json().data.seachList.map((item: { photoTitle: string }) => item.photoTitle)).toEqual([
      '开着的横幅',
    ]);
    // After the console's answer the public still gets the public one.
    expect(await titles(server.app, everyBanner)).toEqual([]);
    await server.consoleInject(staff, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgUpdate',
      payload: { id: banner?.id, isOpen: 1 },
    });
  });

  it('drops a cached list when an image’s showing window closes, though nothing was written', async () => {
    const until = new Date(clock.getTime() + 20_000);
    await buildImage(server.db, {
      belongSortid: IMAGE_SORT.partner,
      photoTitle: '限时合作单位',
      showUntil: until.toISOString(),
    });
    // Built beside the server, not through it: skip the wait for its next read of the site version.
    server.app.cache.siteVersion.invalidate();
    expect(await titles(server.app, PARTNERS)).toContain('限时合作单位');
    expect(await countQueries(() => server.app.inject(PARTNERS))).toBe(0);
    clock = until;
    expect(await titles(server.app, PARTNERS)).not.toContain('限时合作单位');
    clock = new Date();
  });

  it('validates one image by id privately, and stores it nowhere', async () => {
    const [image] = await server.db.kysely.selectFrom('imageMessage').select('id').limit(1).execute();
    const url = `/lianmeng/img/imageMsgSearchOne?id=${image?.id}`;
    const first = await server.app.inject({ url });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etagMatches(etag, etag)).toBe(true);
    expect((await server.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect(await countQueries(() => server.app.inject({ url }))).toBeGreaterThan(0);
  });

  it('compares tags weakly, as If-None-Match is defined', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abd", W/"abx"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('two servers on one database', () => {
  let otherDb: Db;
  let other: FastifyInstance;
  beforeAll(async () => {
    otherDb = openDatabase(server.config.databaseUrl, server.dataDir);
    other = await createServer(server.config, { db: otherDb });
  });
  afterAll(async () => {
    await other.close();
    await otherDb.destroy();
  });

  it('each have their own cache, and a write through one is public through the other within a second', async () => {
    expect(other.cache).not.toBe(server.app.cache);
    const before = await titles(other, PARTNERS);
    expect(before).not.toContain('另一台的伙伴');
    await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgInsert',
      payload: {
        belongSortid: IMAGE_SORT.partner,
        isOpen: 1,
        photoAddress: '/uploads/y.png',
        photoTitle: '另一台的伙伴',
      },
    });
    await expect.poll(() => titles(other, PARTNERS), { interval: 20, timeout: 1000 }).toContain('另一台的伙伴');
  });
});
