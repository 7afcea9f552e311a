import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/testServer';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({}, undefined, { demoData: true });
});
afterAll(() => server.close());

const PARTNERS = {
  method: 'POST' as const,
  url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999',
  payload: { belongSortid: 3 },
};
const ARTICLES = '/api/content/articles?typeId=1&pageNum=1&pageSize=20';

const varies = (vary: string | string[] | number | undefined) =>
  String(vary ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim())
    .includes('accept-encoding');

describe('compression', () => {
  it('sends API JSON above 1 KB in brotli or gzip as the client accepts, decoding to the same JSON', async () => {
    for (const request of [PARTNERS, { method: 'GET' as const, url: ARTICLES }]) {
      const plain = await server.app.inject({ ...request, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
      const json = plain.json();
      expect(json.status).toBe(200);

      const brotli = await server.app.inject({ ...request, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(varies(brotli.headers.vary)).toBe(true);
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(json);

      const gzip = await server.app.inject({ ...request, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(varies(gzip.headers.vary)).toBe(true);
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);
    }
  });

  it('serves a repeated cached read compressed once, and a changed one freshly', async () => {
    const headers = { 'accept-encoding': 'br;q=1, gzip;q=0.5' };
    const first = await server.app.inject({ ...PARTNERS, headers });
    const second = await server.app.inject({ ...PARTNERS, headers });
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(String(second.headers.vary).match(/accept-encoding/gi)).toHaveLength(1);
    expect(Number(second.headers['content-length'])).toBe(second.rawPayload.length);

    const id = JSON.parse(brotliDecompressSync(first.rawPayload).toString()).data.seachList[0].id;
    await server.db.kysely.updateTable('imageMessage').set({ photoTitle: '改名的伙伴' }).where('id', '=', id).execute();
    // Written beside the server, not through it: skip the wait for its next read of the site version.
    server.app.cache.siteVersion.invalidate();
    const changed = await server.app.inject({ ...PARTNERS, headers });
    const decoded = JSON.parse(brotliDecompressSync(changed.rawPayload).toString());
    expect(decoded.data.seachList.find((item: { id: number }) => item.id === id).photoTitle).toBe('改名的伙伴');
    expect(decoded).toEqual((await server.app.inject(PARTNERS)).json());

    const gzip = await server.app.inject({ ...PARTNERS, headers: { 'accept-encoding': 'gzip;q=1, br;q=0.1' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(decoded);
  });

  it('sends nothing compressed to a client that accepts no coding', async () => {
    const response = await server.app.inject(PARTNERS);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().data.total).toBeGreaterThan(0);
  });

  it('leaves answers under 1 KB and images as they are', async () => {
    const health = await server.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe(200);
    const image = await server.app.inject({ url: '/uploads/demo-partner-1.png', headers: { 'accept-encoding': 'br' } });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('validators on the public reads', () => {
  const firstArticleId = async () => (await server.app.inject({ url: ARTICLES })).json().data.list[0].id as number;

  it('answers a repeated read with 304 and no body, in any coding, until the content changes', async () => {
    const id = await firstArticleId();
    const url = `/api/content/articles/${id}`;
    const first = await server.app.inject({ url });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await server.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const compressed = await server.app.inject({ url, headers: { 'if-none-match': etag, 'accept-encoding': 'br' } });
    expect(compressed.statusCode).toBe(304);
    expect(compressed.rawPayload.length).toBe(0);
    const amongOthers = await server.app.inject({ url, headers: { 'if-none-match': `"other", ${etag}` } });
    expect(amongOthers.statusCode).toBe(304);

    await server.db.kysely.updateTable('article').set({ title: '改过的标题' }).where('id', '=', id).execute();
    // Written beside the server, not through it: skip the wait for its next read of the site version.
    server.app.cache.siteVersion.invalidate();
    const changed = await server.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.title).toBe('改过的标题');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('covers the article list, the site settings and one image by id', async () => {
    const image = (await server.app.inject(PARTNERS)).json().data.seachList[0].id;
    for (const url of [ARTICLES, '/api/site/settings', `/lianmeng/img/imageMsgSearchOne?id=${image}`]) {
      const first = await server.app.inject({ url });
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toBeTruthy();
      const again = await server.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
    const one = await server.app.inject({ url: `/lianmeng/img/imageMsgSearchOne?id=${image}` });
    expect(one.headers['cache-control']).toBe('private, no-cache');
  });

  it('gives no validator to writes, searches by POST, refusals and card holders’ reads', async () => {
    expect((await server.app.inject(PARTNERS)).headers.etag).toBeUndefined();
    const missing = await server.app.inject({ url: '/api/content/articles/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect((await server.app.inject({ url: '/api/uc/user/info' })).headers.etag).toBeUndefined();
  });
});
