import { IMAGE_SORT } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteVersion } from '../db/siteVersion';
import { DEFAULT_SITE_SETTINGS } from '../domains/settings/siteSettingsRepository';
import { buildArticle, buildImage } from '../testing/factories';
import { createTestServer, type TestServer } from '../testing/testServer';
import { createPublicAnswers, PUBLIC_ANSWERS_MAX_ENTRIES } from './publicAnswers';

let server: TestServer;
let editor: string;
let staff: string;
let admin: string;

const PARTNERS = {
  method: 'POST' as const,
  url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999',
  payload: { belongSortid: IMAGE_SORT.partner },
};
const BANNERS = {
  method: 'POST' as const,
  url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999',
  payload: { belongSortid: IMAGE_SORT.banner, isOpen: 1 },
};

const titles = async (call: { method: 'POST'; url: string; payload: object }) =>
  (await server.app.inject(call)).json().data.seachList.map((item: { photoTitle: string }) => item.photoTitle);

/** Counts the statements the server sends to the database while `run` runs. */
const countQueries = async (run: () => Promise<unknown>) => {
  const executor = server.db.kysely.getExecutor();
  const original = executor.executeQuery.bind(executor);
  let count = 0;
  executor.executeQuery = ((...args: Parameters<typeof original>) => {
    count += 1;
    return original(...args);
  }) as typeof executor.executeQuery;
  try {
    await run();
  } finally {
    executor.executeQuery = original;
  }
  return count;
};

beforeAll(async () => {
  server = await createTestServer();
  const now = Date.now();
  for (let index = 0; index < 3; index += 1) {
    await buildImage(server.db, {
      belongSortid: IMAGE_SORT.partner,
      photoTitle: `合作单位 ${index + 1}`,
      createdAt: new Date(now - index * 60_000),
    });
  }
  await buildImage(server.db, { belongSortid: IMAGE_SORT.banner, isOpen: 1, photoTitle: '开着的横幅' });
  await buildArticle(server.db, { typeId: 1, title: '第一篇', published: 1 });
  editor = await server.signIn('editor');
  staff = await server.signIn('staff');
  admin = await server.signIn('admin');
});
afterAll(() => server.close());

describe('kept public answers', () => {
  it('answer a repeated public read without asking the database for the rows again', async () => {
    const first = await server.app.inject(PARTNERS);
    expect(first.json().data.total).toBe(3);
    // Within the version read interval a repeated read costs no statement at all.
    const queries = await countQueries(async () => {
      const again = await server.app.inject(PARTNERS);
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
    });
    expect(queries).toBe(0);
  });

  it('change after an editor inserts, updates and deletes an image', async () => {
    expect(await titles(PARTNERS)).not.toContain('新伙伴');
    const inserted = await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgInsert',
      payload: { belongSortid: IMAGE_SORT.partner, isOpen: 1, photoAddress: '/uploads/x.png', photoTitle: '新伙伴' },
    });
    expect(inserted.statusCode).toBe(200);
    expect(await titles(PARTNERS)).toContain('新伙伴');

    const id = inserted.json().data.id;
    await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgUpdate',
      payload: { id, photoTitle: '改名的伙伴' },
    });
    expect(await titles(PARTNERS)).toContain('改名的伙伴');

    await server.consoleInject(editor, { method: 'GET', url: `/lianmeng/img/imageMsgDel?id=${id}` });
    expect(await titles(PARTNERS)).not.toContain('改名的伙伴');
  });

  it('change after a staff member closes an image, and a console session never gets the kept answer', async () => {
    const [banner] = await server.db.kysely
      .selectFrom('imageMessage')
      .selectAll()
      .where('belongSortid', '=', IMAGE_SORT.banner)
      .execute();
    expect(await titles(BANNERS)).toEqual(['开着的横幅']);
    const toggled = await server.consoleInject(staff, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgUpdate',
      payload: { id: banner?.id, isOpen: 0 },
    });
    expect(toggled.statusCode).toBe(200);
    expect(await titles(BANNERS)).toEqual([]);
    // The console asks for closed items too: its answer is its own, never the one kept for the public.
    const all = await server.consoleInject(staff, { method: 'POST', url: BANNERS.url, payload: { belongSortid: 2 } });
    expect(all.json().data.seachList.map((item: { photoTitle: string }) => item.photoTitle)).toEqual(['开着的横幅']);
    expect(await titles({ ...BANNERS, payload: { belongSortid: 2 } })).toEqual([]);
  });

  it('change after an editor clears a sort', async () => {
    expect((await titles(PARTNERS)).length).toBeGreaterThan(0);
    const cleared = await server.consoleInject(editor, {
      method: 'GET',
      url: `/lianmeng/img/imageSortClear?belongSortid=${IMAGE_SORT.partner}`,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await titles(PARTNERS)).toEqual([]);
  });

  it('change after an editor writes an article and an administrator the site settings', async () => {
    const list = async () =>
      (await server.app.inject({ url: '/api/content/articles?typeId=1&pageNum=1&pageSize=10' })).json().data;
    expect((await list()).total).toBe(1);
    const created = await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/api/articles',
      payload: {
        typeId: 1,
        title: '新文章',
        body: '<p>正文</p>',
        publishTime: new Date().toISOString(),
        published: true,
      },
    });
    expect(created.json()).toMatchObject({ status: 200 });
    const id = created.json().data.id;
    expect((await list()).total).toBe(2);
    const detail = async () => (await server.app.inject({ url: `/api/content/articles/${id}` })).json();
    expect((await detail()).data.title).toBe('新文章');

    await server.consoleInject(editor, {
      method: 'PUT',
      url: `/lianmeng/api/articles/${id}`,
      payload: { id, title: '改过的文章' },
    });
    expect((await detail()).data.title).toBe('改过的文章');
    expect((await list()).list[0].title).toBe('改过的文章');

    await server.consoleInject(editor, { method: 'DELETE', url: `/lianmeng/api/articles/${id}` });
    expect((await detail()).status).toBe(404);
    expect((await list()).total).toBe(1);

    const settings = async () => (await server.app.inject({ url: '/api/site/settings' })).json().data.hotline;
    expect(await settings()).not.toBe('010-1234 5678');
    const saved = await server.consoleInject(admin, {
      method: 'PUT',
      url: '/lianmeng/api/settings/site',
      payload: { ...DEFAULT_SITE_SETTINGS, hotline: '010-1234 5678' },
    });
    expect(saved.statusCode).toBe(200);
    expect(await settings()).toBe('010-1234 5678');
  });

  it('keep their ETag and 304 when served from the kept copy', async () => {
    const url = '/api/site/settings';
    const first = await server.app.inject({ url });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    const again = await server.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('the kept answers store', () => {
  it('holds no more than its bound of entries, the oldest dropped first', async () => {
    const answers = createPublicAnswers(createSiteVersion(server.db));
    const { version } = await answers.get('warm');
    for (let index = 0; index <= PUBLIC_ANSWERS_MAX_ENTRIES; index += 1) answers.set(`key ${index}`, version, '{}');
    expect(answers.size).toBe(PUBLIC_ANSWERS_MAX_ENTRIES);
    expect((await answers.get('key 0')).body).toBeNull();
    expect((await answers.get(`key ${PUBLIC_ANSWERS_MAX_ENTRIES}`)).body).toBe('{}');
  });

  it('does not keep an answer built under a version that is no longer current', async () => {
    const answers = createPublicAnswers(createSiteVersion(server.db));
    const { version } = await answers.get('warm');
    answers.set('stale', version - 1, '{"old":true}');
    expect((await answers.get('stale')).body).toBeNull();
  });
});
