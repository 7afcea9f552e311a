import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';

let server: TestServer;
let admin: string;
let editor: string;
let staff: string;

const ARTICLE = {
  typeId: 1,
  title: '机器人运动进校园',
  body: '<p>北京讯（通讯员 张三）本周举行……</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
  publishTime: '2026-11-20T08:00:00.000Z',
  source: '联盟秘书处',
  author: '张三',
  published: true,
};

const snapshot = async () => ({
  articles: await server.db.kysely.selectFrom('article').selectAll().orderBy('id').execute(),
  audit: await server.db.kysely.selectFrom('auditLog').select(['action', 'targetId']).orderBy('id').execute(),
});

beforeAll(async () => {
  server = await createTestServer();
  ({ admin, editor, staff } = await server.signInRoles());
});
afterAll(() => server.close());

describe('console articles', () => {
  let createdId = 0;

  it('lets an editor create an article: the body is sanitised, the summary derived, the change audited', async () => {
    const response = await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/api/articles',
      payload: ARTICLE,
    });
    expect(response.statusCode).toBe(200);
    const article = response.json().data;
    createdId = article.id;
    expect(article.body).not.toMatch(/script|onerror/);
    expect(article.body).toMatch(/北京讯/);
    expect(article.summary).toMatch(/^北京讯/);
    expect(article.published).toBe(true);
    const entry = await server.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('targetType', '=', 'article')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'insert', username: 'editor', targetId: String(createdId) });
  });

  it('lists by column with drafts, a Content-Range, and a title search', async () => {
    await server.consoleInject(admin, {
      method: 'POST',
      url: '/lianmeng/api/articles',
      payload: { ...ARTICLE, title: '草稿一篇', published: false },
    });
    const response = await server.consoleInject(admin, {
      method: 'GET',
      url: '/lianmeng/api/articles',
      query: { filter: JSON.stringify({ typeId: 1 }), range: '[0,49]', sort: '["publishTime","DESC"]' },
    });
    expect(response.statusCode).toBe(200);
    const list = response.json().data as { typeId: number; title: string; body?: string }[];
    expect(list.every((item) => item.typeId === 1)).toBe(true);
    expect(list.map((item) => item.title)).toContain('草稿一篇');
    expect(list[0]).not.toHaveProperty('body');
    expect(response.headers['content-range']).toMatch(/^articles 0-\d+\/\d+$/);
    const search = await server.consoleInject(admin, {
      method: 'GET',
      url: '/lianmeng/api/articles',
      query: { filter: JSON.stringify({ q: '草稿' }) },
    });
    expect(search.json().data.map((item: { title: string }) => item.title)).toEqual(['草稿一篇']);
  });

  it('updates, with the body sanitised again, and deletes', async () => {
    const update = await server.consoleInject(editor, {
      method: 'PUT',
      url: `/lianmeng/api/articles/${createdId}`,
      payload: { id: createdId, title: '改过的标题', body: '<p onclick="x()">新正文</p>' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().data).toMatchObject({ title: '改过的标题', body: '<p>新正文</p>' });
    const removal = await server.consoleInject(editor, {
      method: 'DELETE',
      url: `/lianmeng/api/articles/${createdId}`,
    });
    expect(removal.json().data).toEqual({ id: createdId });
    const gone = await server.consoleInject(editor, { method: 'GET', url: `/lianmeng/api/articles/${createdId}` });
    expect(gone.statusCode).toBe(404);
    const actions = await server.db.kysely
      .selectFrom('auditLog')
      .select('action')
      .where('targetType', '=', 'article')
      .where('targetId', '=', String(createdId))
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['insert', 'update', 'delete']);
  });

  it('lets staff read but refuses them every write, changing nothing', async () => {
    const [first] = await server.db.kysely.selectFrom('article').select('id').limit(1).execute();
    expect((await server.consoleInject(staff, { method: 'GET', url: '/lianmeng/api/articles' })).statusCode).toBe(200);
    const before = await snapshot();
    const writes = [
      { method: 'POST', url: '/lianmeng/api/articles', payload: ARTICLE },
      { method: 'PUT', url: `/lianmeng/api/articles/${first?.id}`, payload: { title: '运营改的' } },
      { method: 'DELETE', url: `/lianmeng/api/articles/${first?.id}` },
    ] as const;
    for (const call of writes) {
      expect((await server.consoleInject(staff, call)).statusCode).toBe(403);
      expect((await server.consoleInject(editor, { ...call, xsrf: false })).statusCode).toBe(403);
      expect((await server.app.inject(call)).statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an unknown column, an empty title and a javascript: cover with Chinese 400s', async () => {
    const before = await snapshot();
    for (const payload of [
      { ...ARTICLE, typeId: 9999 },
      { ...ARTICLE, title: '  ' },
      { ...ARTICLE, coverImage: 'javascript:alert(1)' },
    ]) {
      const response = await server.consoleInject(admin, { method: 'POST', url: '/lianmeng/api/articles', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/[栏目标题应为]/);
    }
    expect(await snapshot()).toEqual(before);
  });
});
