import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';

let server: TestServer;
let admin: string;
let editor: string;
let staff: string;

const list = (cookie: string, filter: Record<string, unknown> = {}, range = [0, 99]) =>
  server.consoleInject(cookie, {
    method: 'GET',
    url: '/lianmeng/api/audit',
    query: { filter: JSON.stringify(filter), range: JSON.stringify(range), sort: JSON.stringify(['id', 'DESC']) },
  });

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.signIn('admin');
  editor = await server.signIn('editor');
  staff = await server.signIn('staff');
  // One change to find: the editor clears the partner sort.
  await server.consoleInject(editor, { method: 'GET', url: '/lianmeng/img/imageSortClear?belongSortid=3' });
});
afterAll(() => server.close());

describe('console audit log', () => {
  it('lists the entries newest first with a Content-Range for the administrator', async () => {
    const response = await list(admin);
    expect(response.statusCode).toBe(200);
    const entries = response.json().data as { id: number; action: string }[];
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries[0]?.action).toBe('sort-clear');
    expect(response.headers['content-range']).toBe(`audit 0-${entries.length - 1}/${entries.length}`);
    const ids = entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('pages with range and reports the whole total', async () => {
    const response = await list(admin, {}, [1, 2]);
    expect(response.json().data).toHaveLength(2);
    expect(response.headers['content-range']).toMatch(/^audit 1-2\/\d+$/);
  });

  it('filters by user, action and date', async () => {
    const byUser = (await list(admin, { username: 'editor' })).json().data as { username: string }[];
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((entry) => entry.username === 'editor')).toBe(true);
    const byAction = (await list(admin, { action: 'sign-in' })).json().data as { action: string }[];
    expect(byAction).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(admin, { createTime_gte: today, createTime_lte: today })).json().data.length).toBeGreaterThan(3);
    expect((await list(admin, { createTime_lte: '2000-01-01' })).json().data).toEqual([]);
  });

  it('reads one entry and answers 404 for a missing one', async () => {
    const [first] = (await list(admin)).json().data as { id: number }[];
    const one = await server.consoleInject(admin, { method: 'GET', url: `/lianmeng/api/audit/${first?.id}` });
    expect(one.json().data.id).toBe(first?.id);
    const missing = await server.consoleInject(admin, { method: 'GET', url: '/lianmeng/api/audit/999999' });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses editors, staff and anonymous callers', async () => {
    expect((await list(editor)).statusCode).toBe(403);
    expect((await list(staff)).statusCode).toBe(403);
    const anonymous = await server.app.inject({ method: 'GET', url: '/lianmeng/api/audit' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe(401);
  });

  it('refuses a malformed filter with a Chinese 400, never a 5xx', async () => {
    const response = await server.consoleInject(admin, {
      method: 'GET',
      url: '/lianmeng/api/audit',
      query: { filter: '{not json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/筛选/);
    const unknownField = await list(admin, { nope: 1 });
    expect(unknownField.statusCode).toBe(400);
    const badSort = await server.consoleInject(admin, {
      method: 'GET',
      url: '/lianmeng/api/audit',
      query: { sort: JSON.stringify(['detail; drop table', 'ASC']) },
    });
    expect(badSort.statusCode).toBe(400);
  });
});
