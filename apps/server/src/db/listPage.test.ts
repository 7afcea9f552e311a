import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSchools } from '../testing/bulkRows';
import { createTestServer, type TestServer } from '../testing/testServer';
import { anyContains, consoleListPage, pageByIds } from './listPage';

let server: TestServer;
const at = '2026-01-01T00:00:00.000Z';

beforeAll(async () => {
  server = await createTestServer();
  // Five schools; two of them share a province, so a sort by province has a tie to break.
  const ids = await insertSchools(server.db.kysely, { count: 5, codePrefix: 'LP', namePrefix: '列表学校', at });
  await server.db.kysely
    .updateTable('institution')
    .set({ name: '百分之百_学校' })
    .where('id', '=', ids[4] ?? 0)
    .execute();
  await server.db.kysely
    .updateTable('institution')
    .set({ province: '天津市' })
    .where('id', 'in', ids.slice(0, 2))
    .execute();
});
afterAll(() => server.close());

const schools = () => server.db.kysely.selectFrom('institution').where('code', 'like', 'LP-%');

describe('the shared list queries', () => {
  it('match `%` and `_` in a search as themselves, in any of the columns named', async () => {
    const named = (text: string) =>
      schools()
        .where(anyContains(['code', 'name'], text))
        .select('code')
        .orderBy('code')
        .execute();
    expect(await named('%')).toEqual([]);
    expect(await named('_学')).toEqual([{ code: 'LP-4' }]);
    expect(await named('LP-3')).toEqual([{ code: 'LP-3' }]);
    expect((await named('列表')).map((row) => row.code)).toEqual(['LP-0', 'LP-1', 'LP-2', 'LP-3']);
  });

  it('page a console list in the asked order, ties broken by id, with the total of the filter', async () => {
    const page = (range: [number, number], ties?: 'asc' | 'desc') =>
      consoleListPage(schools, { sort: ['province', 'DESC'], range }, ties);
    const first = await page([0, 2]);
    expect(first.total).toBe(5);
    expect(first.rows.map((row) => row.province)).toEqual(['天津市', '天津市', '北京市']);
    expect(first.rows.map((row) => row.code)).toEqual(['LP-0', 'LP-1', 'LP-2']);
    expect((await page([0, 1], 'desc')).rows.map((row) => row.code)).toEqual(['LP-1', 'LP-0']);
    expect((await page([3, 9])).rows.map((row) => row.code)).toEqual(['LP-3', 'LP-4']);
  });

  it('page by ids, newest first, reading the rows of that page only', async () => {
    const asked: number[][] = [];
    const rowsOf = (ids: number[]) => {
      asked.push(ids);
      return server.db.kysely
        .selectFrom('institution')
        .select('code')
        .where('id', 'in', ids)
        .orderBy('id', 'desc')
        .execute();
    };
    const { rows, total } = await pageByIds(schools, 'id', { offset: 1, limit: 2 }, rowsOf);
    expect(total).toBe(5);
    expect(rows).toEqual([{ code: 'LP-3' }, { code: 'LP-2' }]);
    expect(asked).toHaveLength(1);
    const none = await pageByIds(schools, 'id', { offset: 10, limit: 2 }, rowsOf);
    expect(none).toEqual({ rows: [], total: 5 });
    expect(asked).toHaveLength(1);
  });
});
