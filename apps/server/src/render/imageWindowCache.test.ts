import { IMAGE_SORT } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageCache, PAGE_CACHE_MAX_AGE_MS } from '../cache/pages';
import { buildImage } from '../testing/factories';
import { createTestServer, type TestServer } from '../testing/testServer';
import { buildPortalForTests } from './testing';

let portalDist: string;
let server: TestServer;
/** The server's clock: the image windows and the page cache both read it. */
let clock = new Date('2026-11-23T02:00:00.000Z');

beforeAll(async () => {
  portalDist = await buildPortalForTests();
  server = await createTestServer({ portalDist }, () => clock);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const index = () => server.app.inject({ method: 'GET', url: '/index' });

describe('the page cache and the showing windows', () => {
  it('drops a cached page when a partner’s window opens or closes, though nothing was written', async () => {
    await buildImage(server.db, { belongSortid: IMAGE_SORT.partner, photoTitle: '常驻合作单位' });
    await buildImage(server.db, {
      belongSortid: IMAGE_SORT.partner,
      photoTitle: '定时合作单位',
      // Twenty seconds ahead and two minutes long: both edges fall inside the cache's own maximum age.
      showFrom: '2026-11-23T02:00:20.000Z',
      showUntil: '2026-11-23T02:02:20.000Z',
    });

    const before = await index();
    expect(before.body).toContain('alt="常驻合作单位"');
    expect(before.body).not.toContain('alt="定时合作单位"');
    expect(before.headers['x-page-cache']).toBe('miss');
    expect((await index()).headers['x-page-cache']).toBe('hit');

    clock = new Date('2026-11-23T02:00:20.000Z');
    const opened = await index();
    expect(opened.headers['x-page-cache']).toBe('miss');
    expect(opened.body).toContain('alt="定时合作单位"');
    expect((await index()).headers['x-page-cache']).toBe('hit');

    clock = new Date('2026-11-23T02:02:20.000Z');
    const closed = await index();
    expect(closed.headers['x-page-cache']).toBe('miss');
    expect(closed.body).not.toContain('alt="定时合作单位"');
  });
});

describe('createPageCache', () => {
  it('keeps an entry until its expiry instant, and without one for its maximum age', () => {
    let now = 1_000;
    const cache = createPageCache(() => now);
    const page = { status: 200, body: 'x', gzip: Buffer.from('x'), version: 1 };
    cache.set('edge', { ...page, expiresAt: 1_500 });
    cache.set('plain', page);
    now = 1_499;
    expect(cache.get('edge', 1)).toBeDefined();
    now = 1_500;
    expect(cache.get('edge', 1)).toBeUndefined();
    expect(cache.get('plain', 1)).toBeDefined();
    now = 1_000 + PAGE_CACHE_MAX_AGE_MS + 1;
    expect(cache.get('plain', 1)).toBeUndefined();
  });
});
