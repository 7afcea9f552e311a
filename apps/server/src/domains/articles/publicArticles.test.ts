import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewArticle } from '../../db/schema';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { deleteArticle, insertArticle, listArticles, updateArticle } from './articleRepository';

/** Columns of their own, far from the demo content's typeIds, so the demo seed cannot disturb the counts. */
const COLUMN = 901;
const OTHER_COLUMN = 902;
const WILDCARD_COLUMN = 903;

let server: TestServer;
const ids: Record<string, number> = {};

const article = (key: string, overrides: Partial<NewArticle>): NewArticle => ({
  typeId: COLUMN,
  title: `标题${key}`,
  summary: `摘要${key}`,
  body: '<p>正文</p>',
  publishTime: '2026-01-01T00:00:00.000Z',
  source: '联盟秘书处',
  author: '编辑部',
  coverImage: '',
  attachments: '[]',
  published: 1,
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const FIXTURES: [string, Partial<NewArticle>][] = [
  ['oldest', { title: '春季赛事回顾', publishTime: '2026-03-01T02:00:00.000Z' }],
  ['middle', { title: '夏令营开营', summary: '营地里来了一台巡线机器人', publishTime: '2026-04-01T02:00:00.000Z' }],
  ['draft', { title: '草稿：秋季赛程', published: 0, publishTime: '2026-04-15T02:00:00.000Z' }],
  ['sameTimeA', { title: '同一时刻甲', publishTime: '2026-05-01T07:45:00.000Z' }],
  ['sameTimeB', { title: '同一时刻乙', publishTime: '2026-05-01T07:45:00.000Z' }],
  ['newest', { title: 'Robot Cup 报名开始', publishTime: '2026-06-01T07:45:00.000Z' }],
  ['otherColumn', { typeId: OTHER_COLUMN, title: '另一栏目的夏令营', publishTime: '2026-04-20T02:00:00.000Z' }],
  ['percent', { typeId: WILDCARD_COLUMN, title: '达标率 100% 的学校', publishTime: '2026-02-01T00:00:00.000Z' }],
  ['underscore', { typeId: WILDCARD_COLUMN, title: '文件名 robot_cup 说明', publishTime: '2026-02-02T00:00:00.000Z' }],
  ['plain', { typeId: WILDCARD_COLUMN, title: '达标率一百 robotxcup', publishTime: '2026-02-03T00:00:00.000Z' }],
];

beforeAll(async () => {
  server = await createTestServer();
  for (const [key, overrides] of FIXTURES) {
    ids[key] = (await insertArticle(server.db.kysely, article(key, overrides))).id;
  }
});
afterAll(() => server.close());

const get = (url: string) => server.app.inject({ method: 'GET', url });
const list = async (query: string) => {
  const response = await get(`/api/content/articles?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as { list: { id: number; title: string }[]; total: number };
};
const titles = (data: { list: { title: string }[] }) => data.list.map((item) => item.title);

describe('GET /api/content/articles', () => {
  it("lists one column's published articles newest first, with the summary fields only", async () => {
    const response = await get(`/api/content/articles?typeId=${COLUMN}`);
    expect(response.json()).toMatchObject({ status: 200, message: '操作成功' });
    const data = response.json().data;
    expect(titles(data)).toEqual(['Robot Cup 报名开始', '同一时刻乙', '同一时刻甲', '夏令营开营', '春季赛事回顾']);
    expect(data.total).toBe(5);
    expect(Object.keys(data.list[0]).sort()).toEqual(
      ['coverImage', 'id', 'publishTime', 'source', 'summary', 'title', 'typeId'].sort(),
    );
    expect(data.list[0]).toMatchObject({ id: ids.newest, typeId: COLUMN, publishTime: '2026-06-01T07:45:00.000Z' });
  });

  it('pages with pageNum and pageSize and keeps the total', async () => {
    const second = await list(`typeId=${COLUMN}&pageNum=2&pageSize=2`);
    expect(titles(second)).toEqual(['同一时刻甲', '夏令营开营']);
    expect(second.total).toBe(5);
    const last = await list(`typeId=${COLUMN}&pageNum=3&pageSize=2`);
    expect(titles(last)).toEqual(['春季赛事回顾']);
  });

  it('answers an empty page past the end, and the largest page size', async () => {
    const beyond = await list(`typeId=${COLUMN}&pageNum=100000&pageSize=999`);
    expect(beyond).toEqual({ list: [], total: 5 });
    const all = await list(`typeId=${COLUMN}&pageSize=999`);
    expect(all.list).toHaveLength(5);
  });

  it('defaults to the first page of ten', async () => {
    const withoutPaging = await list(`typeId=${COLUMN}`);
    const explicit = await list(`typeId=${COLUMN}&pageNum=1&pageSize=10`);
    expect(withoutPaging).toEqual(explicit);
  });

  it('lists every column when no typeId is given, drafts still excluded', async () => {
    const data = await list('pageSize=999');
    const found = data.list.map((item) => item.id);
    expect(found).toEqual(expect.arrayContaining([ids.newest, ids.otherColumn, ids.percent]));
    expect(found).not.toContain(ids.draft);
    const count = await server.db.kysely
      .selectFrom('article')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('published', '=', 1)
      .executeTakeFirstOrThrow();
    expect(data.total).toBe(Number(count.n));
  });

  it('finds a keyword in the title and in the summary, within the column', async () => {
    expect(titles(await list(`typeId=${COLUMN}&keyword=${encodeURIComponent('夏令营')}`))).toEqual(['夏令营开营']);
    expect(titles(await list(`typeId=${COLUMN}&keyword=${encodeURIComponent('巡线')}`))).toEqual(['夏令营开营']);
    const everywhere = await list(`keyword=${encodeURIComponent('夏令营')}&pageSize=999`);
    expect(titles(everywhere)).toEqual(expect.arrayContaining(['夏令营开营', '另一栏目的夏令营']));
  });

  it('matches a keyword regardless of letter case', async () => {
    expect(titles(await list(`typeId=${COLUMN}&keyword=robot%20cup`))).toEqual(['Robot Cup 报名开始']);
  });

  it('never finds a draft by keyword', async () => {
    expect(await list(`keyword=${encodeURIComponent('秋季赛程')}`)).toEqual({ list: [], total: 0 });
  });

  it('treats % and _ in a keyword as plain characters', async () => {
    expect(titles(await list(`typeId=${WILDCARD_COLUMN}&keyword=${encodeURIComponent('100%')}`))).toEqual([
      '达标率 100% 的学校',
    ]);
    expect(titles(await list(`typeId=${WILDCARD_COLUMN}&keyword=${encodeURIComponent('%')}`))).toEqual([
      '达标率 100% 的学校',
    ]);
    expect(titles(await list(`typeId=${WILDCARD_COLUMN}&keyword=robot_cup`))).toEqual(['文件名 robot_cup 说明']);
    expect(titles(await list(`typeId=${WILDCARD_COLUMN}&keyword=${encodeURIComponent('\\')}`))).toEqual([]);
  });

  it('ignores a keyword of blanks only', async () => {
    expect(await list(`typeId=${COLUMN}&keyword=%20%20`)).toEqual(await list(`typeId=${COLUMN}`));
  });

  it('answers an unknown column with an empty list', async () => {
    expect(await list('typeId=99999')).toEqual({ list: [], total: 0 });
  });

  it.each([
    ['pageNum=0', '页码'],
    ['pageNum=-1', '页码'],
    ['pageNum=abc', '页码'],
    ['pageNum=1.5', '页码'],
    ['pageNum=100001', '页码'],
    ['pageSize=0', '每页条数'],
    ['pageSize=1000', '每页条数'],
    ['pageSize=99999999999999999999', '每页条数'],
    ['typeId=0', '栏目'],
    ['typeId=abc', '栏目'],
    ['typeId=1e3', '栏目'],
    ['typeId=1&typeId=2', '栏目'],
    [`keyword=${'字'.repeat(51)}`, '关键词'],
    ['keyword=a&keyword=b', '关键词'],
    ['keyword=a%00b', '关键词'],
    ['keyword=%0A', '关键词'],
  ])('refuses %s with a Chinese 400 naming the field', async (query, field) => {
    const response = await get(`/api/content/articles?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it.each([
    'keyword=%00',
    `keyword=${encodeURIComponent("' or 1=1 --")}`,
    `keyword=${encodeURIComponent('<script>')}`,
    'keyword=%F0%9F%A4%96',
    'typeId=%20',
    'pageNum=',
    'unknown=1',
  ])('never answers %s with a server error', async (query) => {
    const response = await get(`/api/content/articles?${query}`);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().status).toBe(response.statusCode);
  });
});

describe('GET /api/content/articles/:id', () => {
  it('answers the whole article with the previous (newer) and next (older) of its column', async () => {
    const response = await get(`/api/content/articles/${ids.middle}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      id: ids.middle,
      typeId: COLUMN,
      title: '夏令营开营',
      summary: '营地里来了一台巡线机器人',
      body: '<p>正文</p>',
      source: '联盟秘书处',
      author: '编辑部',
      attachments: [],
      // The draft between them and the other column's article in between are skipped.
      previous: { id: ids.sameTimeA, title: '同一时刻甲' },
      next: { id: ids.oldest, title: '春季赛事回顾' },
    });
    expect(data).not.toHaveProperty('published');
  });

  it('orders articles published at the same moment by id, so neighbours never loop', async () => {
    const a = (await get(`/api/content/articles/${ids.sameTimeA}`)).json().data;
    const b = (await get(`/api/content/articles/${ids.sameTimeB}`)).json().data;
    expect(a.previous).toEqual({ id: ids.sameTimeB, title: '同一时刻乙' });
    expect(b.next).toEqual({ id: ids.sameTimeA, title: '同一时刻甲' });
  });

  it('has no previous for the newest and no next for the oldest', async () => {
    expect((await get(`/api/content/articles/${ids.newest}`)).json().data.previous).toBeNull();
    expect((await get(`/api/content/articles/${ids.oldest}`)).json().data.next).toBeNull();
  });

  it('walks the whole column from newest to oldest, in list order', async () => {
    const order: number[] = [];
    let id: number | undefined = ids.newest;
    while (id !== undefined) {
      order.push(id);
      id = (await get(`/api/content/articles/${id}`)).json().data.next?.id;
    }
    expect(order).toEqual((await list(`typeId=${COLUMN}`)).list.map((item) => item.id));
  });

  it('returns attachments as stored', async () => {
    const attachments = [{ name: '报名表.csv', url: '/uploads/form.csv', size: 120 }];
    const withFiles = await insertArticle(
      server.db.kysely,
      article('files', { typeId: 904, attachments: JSON.stringify(attachments) }),
    );
    expect((await get(`/api/content/articles/${withFiles.id}`)).json().data.attachments).toEqual(attachments);
  });

  it('answers a draft exactly like a missing article: 404 in Chinese', async () => {
    const draft = await get(`/api/content/articles/${ids.draft}`);
    const missing = await get('/api/content/articles/99999999');
    expect(draft.statusCode).toBe(404);
    expect(draft.json()).toEqual({ status: 404, message: '该文章不存在或尚未发布' });
    expect(missing.json()).toEqual(draft.json());
  });

  it.each(['0', '-1', 'abc', '1.5', '99999999999999999999', '%20'])(
    'refuses the id %s with a Chinese 400',
    async (id) => {
      const response = await get(`/api/content/articles/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('编号');
    },
  );
});

describe('the kept totals', () => {
  /** What a list's total must be: the articles counted one by one. */
  const counted = async (typeId: number, includeDrafts = false) => {
    let query = server.db.kysely.selectFrom('article').where('typeId', '=', typeId);
    if (!includeDrafts) query = query.where('published', '=', 1);
    const row = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const totals = async (typeId: number) => ({
    published: (await listArticles(server.db.kysely, { typeId, pageNum: 1, pageSize: 1 })).total,
    all: (await listArticles(server.db.kysely, { typeId, pageNum: 1, pageSize: 1, includeDrafts: true })).total,
  });
  const expectTotalsMatch = async (...typeIds: number[]) => {
    for (const typeId of typeIds) {
      expect(await totals(typeId), `typeId ${typeId}`).toEqual({
        published: await counted(typeId),
        all: await counted(typeId, true),
      });
    }
  };

  it('follow inserts, publishing, moves between columns and deletes', async () => {
    const [from, to] = [905, 906];
    const first = await insertArticle(server.db.kysely, article('t1', { typeId: from }));
    const draft = await insertArticle(server.db.kysely, article('t2', { typeId: from, published: 0 }));
    await expectTotalsMatch(from, to);
    expect(await totals(from)).toEqual({ published: 1, all: 2 });

    await updateArticle(server.db.kysely, draft.id, { published: 1 });
    await expectTotalsMatch(from, to);
    await updateArticle(server.db.kysely, first.id, { typeId: to, published: 0 });
    await expectTotalsMatch(from, to);
    expect(await totals(to)).toEqual({ published: 0, all: 1 });
    await updateArticle(server.db.kysely, first.id, { title: '只改标题' });
    await expectTotalsMatch(from, to);

    await deleteArticle(server.db.kysely, draft.id);
    await deleteArticle(server.db.kysely, first.id);
    await expectTotalsMatch(from, to);
    expect(await totals(from)).toEqual({ published: 0, all: 0 });
  });

  it('match the articles of every column and of all columns', async () => {
    const typeIds = (await server.db.kysely.selectFrom('article').select('typeId').distinct().execute()).map((row) =>
      Number(row.typeId),
    );
    await expectTotalsMatch(...typeIds);
    const all = await server.db.kysely
      .selectFrom('article')
      .where('published', '=', 1)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect((await listArticles(server.db.kysely, { pageNum: 1, pageSize: 1 })).total).toBe(Number(all.n));
  });
});
