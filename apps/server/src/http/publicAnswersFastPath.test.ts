import { createRequire } from 'node:module';
import { CONSOLE_SESSION_COOKIE, IMAGE_SORT, XSRF_COOKIE } from '@lianmeng/core';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildArticle, buildImage } from '../testing/factories';
import { createTestServer, TEST_XSRF, type TestServer } from '../testing/testServer';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';
import { publicAnswerKey } from './publicAnswers';

// Fastify's reply, whose methods every hook of the chain calls.
const Reply = createRequire(import.meta.url)('fastify/lib/reply.js') as { prototype: { headers: () => unknown } };

let server: TestServer;
let articleId: number;

const VISITOR = `${XSRF_COOKIE}=${TEST_XSRF}`;
const PARTNERS = {
  method: 'POST' as const,
  url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999',
  payload: { belongSortid: IMAGE_SORT.partner },
};

beforeAll(async () => {
  server = await createTestServer();
  // Enough partners and articles that their answers pass the compression threshold.
  for (let index = 0; index < 20; index += 1) {
    await buildImage(server.db, {
      belongSortid: IMAGE_SORT.partner,
      photoTitle: `合作单位第${index}家，全国学校体育联盟`,
    });
  }
  for (let index = 0; index < 12; index += 1) {
    const article = await buildArticle(server.db, { typeId: 1, summary: `第${index}篇的摘要，机器人运动进校园。` });
    articleId = Number(article.id);
  }
}, 60_000);
afterAll(() => server.close());

/** The headers that say the same thing whichever way an answer was sent. */
const comparable = (headers: Record<string, unknown>) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

/** Sends `request` twice: the first through the answer chain (nothing kept yet), the second from the kept copy. */
const chainThenKept = async (request: InjectOptions) => {
  server.app.publicAnswers.store.clear();
  const peek = vi.spyOn(server.app.publicAnswers, 'peek');
  try {
    const chain = await server.app.inject(request);
    expect(peek).toHaveBeenCalledTimes(1);
    const kept = await server.app.inject(request);
    // The route never ran: the kept answer went out before the handler.
    expect(peek).toHaveBeenCalledTimes(1);
    return { chain, kept };
  } finally {
    peek.mockRestore();
  }
};

describe('kept public answers sent without the answer chain', () => {
  // Functions: the article's id is known only once the rows are built.
  const cases: [string, () => InjectOptions][] = [
    ['the partners', () => PARTNERS],
    ['the article list', () => ({ method: 'GET', url: '/api/content/articles?typeId=1&pageNum=1&pageSize=20' })],
    ['an article', () => ({ method: 'GET', url: `/api/content/articles/${articleId}` })],
    ['the site settings', () => ({ method: 'GET', url: '/api/site/settings' })],
  ];
  for (const [name, request] of cases) {
    for (const coding of [undefined, 'br', 'gzip', 'gzip, deflate, br', '*']) {
      it(`carry the chain's bytes and headers: ${name}, Accept-Encoding ${coding ?? 'absent'}`, async () => {
        const headers = { cookie: VISITOR, ...(coding ? { 'accept-encoding': coding } : {}) };
        const { chain, kept } = await chainThenKept({ ...request(), headers });
        expect(chain.statusCode).toBe(200);
        expect(kept.statusCode).toBe(200);
        expect(kept.rawPayload.equals(chain.rawPayload)).toBe(true);
        expect(comparable(kept.headers)).toEqual(comparable(chain.headers));
      });
    }
  }

  it('covers answers above the compression threshold, coded as the client asks', async () => {
    const { kept } = await chainThenKept({ ...PARTNERS, headers: { cookie: VISITOR, 'accept-encoding': 'br' } });
    expect(kept.headers['content-encoding']).toBe('br');
    expect(Number(kept.headers['content-length'])).toBeLessThan(COMPRESSION_THRESHOLD_BYTES * 4);
  });

  it('answer 304 with the chain’s headers when the tag matches', async () => {
    const url = '/api/content/articles?typeId=1&pageNum=1&pageSize=20';
    const etag = (await server.app.inject({ url, headers: { cookie: VISITOR } })).headers.etag as string;
    const { chain, kept } = await chainThenKept({
      url,
      headers: { cookie: VISITOR, 'if-none-match': etag, 'accept-encoding': 'br' },
    });
    expect(chain.statusCode).toBe(304);
    expect(kept.statusCode).toBe(304);
    expect(kept.body).toBe('');
    // A 304 may carry a length only if it is the full answer's; the kept one carries none.
    expect(kept.headers['content-length']).toBeUndefined();
    const { 'content-length': _length, ...chainHeaders } = comparable(chain.headers);
    expect(comparable(kept.headers)).toEqual(chainHeaders);
  });

  it('leave to the chain a visitor without the anti-forgery cookie, and anyone with a console session', async () => {
    const url = '/api/site/settings';
    await server.app.inject({ url, headers: { cookie: VISITOR } });
    const peek = vi.spyOn(server.app.publicAnswers, 'peek');
    try {
      const newcomer = await server.app.inject({ url });
      expect(String(newcomer.headers['set-cookie'])).toContain(`${XSRF_COOKIE}=`);
      await server.app.inject({ url, headers: { cookie: `${VISITOR}; ${CONSOLE_SESSION_COOKIE}=x` } });
      await server.app.inject({ url, headers: { cookie: VISITOR, 'x-lianmeng-console': '1' } });
      expect(peek).toHaveBeenCalledTimes(3);
    } finally {
      peek.mockRestore();
    }
  });

  it('never answer a method the route does not take', async () => {
    const url = '/api/site/settings';
    await server.app.inject({ url, headers: { cookie: VISITOR } });
    await server.app.inject({ url, headers: { cookie: VISITOR } });
    const posted = await server.app.inject({ method: 'POST', url, headers: { cookie: VISITOR } });
    expect(posted.statusCode).toBe(404);
    await server.app.inject({ ...PARTNERS, headers: { cookie: VISITOR } });
    await server.app.inject({ ...PARTNERS, headers: { cookie: VISITOR } });
    const got = await server.app.inject({ url: PARTNERS.url, headers: { cookie: VISITOR } });
    expect(got.statusCode).toBe(404);
    expect(publicAnswerKey('GET', url, undefined)).not.toBe(publicAnswerKey('POST', url, undefined));
  });

  it('answer a kept POST from its body read before the chain, however its JSON is spaced', async () => {
    const { chain } = await chainThenKept({ ...PARTNERS, headers: { cookie: VISITOR } });
    // The security headers' hook, the first of the chain after the kept answers' own, sets its headers at once.
    const setHeaders = vi.spyOn(Reply.prototype, 'headers');
    try {
      const spaced = await server.app.inject({
        ...PARTNERS,
        payload: `{ "belongSortid" : ${IMAGE_SORT.partner} }`,
        headers: { cookie: VISITOR, 'content-type': 'application/json; charset=utf-8' },
      });
      expect(setHeaders).not.toHaveBeenCalled();
      expect(spaced.rawPayload.equals(chain.rawPayload)).toBe(true);
      await server.app.inject({
        ...PARTNERS,
        payload: { belongSortid: IMAGE_SORT.banner },
        headers: { cookie: VISITOR },
      });
      expect(setHeaders).toHaveBeenCalled();
    } finally {
      setHeaders.mockRestore();
    }
  });

  it('hand a body read before the chain on to it when nothing is kept for it, or it does not parse', async () => {
    await chainThenKept({ ...PARTNERS, headers: { cookie: VISITOR } });
    const other = await server.app.inject({
      ...PARTNERS,
      payload: { belongSortid: IMAGE_SORT.banner },
      headers: { cookie: VISITOR },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.total).toBe(0);
    const broken = await server.app.inject({
      ...PARTNERS,
      payload: '{"belongSortid":',
      headers: { cookie: VISITOR, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().status).toBe(400);
    const refused = await server.app.inject({
      ...PARTNERS,
      payload: { belongSortid: 'three' },
      headers: { cookie: VISITOR },
    });
    expect(refused.json().status).toBe(400);
    // Above the size read early: the chain reads it, and the kept answer still goes out after parsing.
    const long = await server.app.inject({
      ...PARTNERS,
      payload: `{"belongSortid":${IMAGE_SORT.partner}${' '.repeat(2048)}}`,
      headers: { cookie: VISITOR, 'content-type': 'application/json' },
    });
    expect(long.json().data.total).toBe(20);
  });

  it('leave a POST without the anti-forgery cookie to the chain, which gives it one', async () => {
    await chainThenKept({ ...PARTNERS, headers: { cookie: VISITOR } });
    const newcomer = await server.app.inject(PARTNERS);
    expect(newcomer.statusCode).toBe(200);
    expect(String(newcomer.headers['set-cookie'])).toContain(`${XSRF_COOKIE}=`);
  });

  it('stop being sent once an editor writes', async () => {
    const list = '/api/content/articles?typeId=1&pageNum=1&pageSize=20';
    const before = (await server.app.inject({ url: list, headers: { cookie: VISITOR } })).json().data.total;
    await server.app.inject({ url: list, headers: { cookie: VISITOR } });
    await buildArticle(server.db, { typeId: 1, title: '新写的一篇' });
    // Another process's write shows once this process reads the version again.
    server.app.publicAnswers.invalidate();
    const after = await server.app.inject({ url: list, headers: { cookie: VISITOR } });
    expect(after.json().data.total).toBe(before + 1);
  });
});
