import { api } from '@lianmeng/core';
import { createHttpClient } from '@lianmeng/core/http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAdapter } from './injectAdapter';

/** What the routes below were asked, as they saw it. */
const seen: { url: string; headers: Record<string, unknown>; body: unknown }[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  // Never listening: an answer can only come through `inject`.
  app = Fastify();
  app.post('/lianmeng/img/imageMsgSearch', async (request, reply) => {
    seen.push({ url: request.url, headers: request.headers, body: request.body });
    return reply
      .header('Content-Range', 'images 0-0/1')
      .header('Set-Cookie', 'XSRF-TOKEN=minted-for-this-call; Path=/')
      .send({ status: 200, message: '操作成功', data: { seachList: [], total: 0, pageNum: 1, pageSize: 10 } });
  });
  app.get('/api/site/settings', async (_request, reply) => reply.code(503).send({ status: 503, message: '服务繁忙' }));
  await app.ready();
});
afterAll(() => app.close());

describe('the axios adapter over inject', () => {
  it('answers a call from the same server, with its path, query, body and answer headers', async () => {
    const client = createHttpClient({ adapter: injectAdapter(app), cleanParameters: true });
    const result = await client.call(api.img.search, {
      query: { pageNum: 1, pageSize: 10 },
      body: { belongSortid: 2, photoTitle: ' 年会 ' },
    });
    expect(result).toMatchObject({ ok: true, data: { total: 0 }, headers: { 'content-range': 'images 0-0/1' } });
    expect(seen[0]?.url).toBe('/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=10');
    expect(seen[0]?.body).toEqual({ belongSortid: 2, photoTitle: '年会' });
  });

  it('hands the loader no cookie and no clock of the call: its answer is kept in pages every visitor gets', async () => {
    const result = await createHttpClient({ adapter: injectAdapter(app) }).call(api.img.search, { body: {} });
    if (!result.ok) throw new Error(result.message);
    expect(Object.keys(result.headers).sort()).toEqual(['content-range', 'content-type']);
  });

  it('sends no cookie and no anti-forgery token: the page is rendered as anyone would see it', async () => {
    seen.length = 0;
    await createHttpClient({ adapter: injectAdapter(app) }).call(api.img.search, { body: {} });
    expect(seen[0]?.headers).not.toHaveProperty('cookie');
    expect(seen[0]?.headers).not.toHaveProperty('x-xsrf-token');
  });

  it('passes a refusal on as the body’s status and message, whatever the HTTP status', async () => {
    const result = await createHttpClient({ adapter: injectAdapter(app) }).call(api.site.settings);
    expect(result).toEqual({ ok: false, status: 503, message: '服务繁忙', network: false });
  });
});
