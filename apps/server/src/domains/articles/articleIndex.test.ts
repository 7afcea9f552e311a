import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import { queryPlan } from '../../testing/queryPlan';
import { articleListQueries, neighbourQueries } from './articleRepository';

let db: Db;

beforeAll(async () => {
  db = openDatabase(':memory:', '');
  await migrate(db);
  const at = '2026-01-01T00:00:00.000Z';
  const rows = Array.from({ length: 2000 }, (_, index) => ({
    typeId: (index % 20) + 1,
    title: `第${index}篇`,
    summary: '摘要',
    body: '',
    source: '',
    author: '',
    coverImage: '',
    attachments: '[]',
    publishTime: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
    published: index % 10 === 0 ? 0 : 1,
    createTime: at,
    updateTime: at,
  }));
  await db.kysely.insertInto('article').values(rows).execute();
});
afterAll(() => db.destroy());

/** SQLite's plan for a statement, one line per step. */
const planOf = async (query: Parameters<typeof queryPlan>[1]) => (await queryPlan(db, query)).split('\n');

/** SEARCH starts at the column's first entry; SCAN (even of an index) reads every entry; a temp b-tree sorts. */
const expectIndexWalk = (plan: string[], index: string, covering = false) => {
  expect(plan.join('\n')).toContain(`SEARCH article USING ${covering ? 'COVERING ' : ''}INDEX ${index}`);
  expect(plan.filter((step) => step.startsWith('SCAN'))).toEqual([]);
  expect(plan.join('\n')).not.toContain('TEMP B-TREE');
};

describe('the article list at any size', () => {
  it("finds a column's page of ids from the column index alone, newest first, without sorting", async () => {
    const { pageIds } = articleListQueries(db.kysely, { typeId: 3, pageNum: 5, pageSize: 20 });
    expectIndexWalk(await planOf(pageIds), 'article_type_published_time', true);
  });

  it("reads a column's total from one row of the kept totals, not by counting articles", async () => {
    const { count } = articleListQueries(db.kysely, { typeId: 3, pageNum: 1, pageSize: 20 });
    const plan = await planOf(count);
    expect(plan).toEqual([
      expect.stringMatching(/^SEARCH article_total USING INDEX .*\(type_id=\? AND published=\?\)/),
    ]);
  });

  it('fetches the rows of a page by primary key', async () => {
    const { rows } = articleListQueries(db.kysely, { typeId: 3, pageNum: 1, pageSize: 20 });
    const plan = await planOf(rows([1, 2, 3]));
    expect(plan.join('\n')).toMatch(/SEARCH article USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(plan.filter((step) => step.startsWith('SCAN'))).toEqual([]);
  });

  it('walks the publish-time index for the list of all columns', async () => {
    const { pageIds, count } = articleListQueries(db.kysely, { pageNum: 1, pageSize: 20 });
    expectIndexWalk(await planOf(pageIds), 'article_published_time', true);
    // At most two rows per column: reading them all costs nothing at any number of articles.
    expect((await planOf(count)).join('\n')).not.toMatch(/\barticle\b/);
  });

  it('searches title and summary in the search index, never in the rows with their bodies', async () => {
    for (const typeId of [3, undefined]) {
      const index = typeId ? 'article_type_search' : 'article_search';
      const { pageIds, count } = articleListQueries(db.kysely, { typeId, keyword: '篇', pageNum: 1, pageSize: 20 });
      expectIndexWalk(await planOf(pageIds), index, true);
      expectIndexWalk(await planOf(count), index, true);
    }
  });

  it('finds the previous and next article by seeking in the column index', async () => {
    const { previous, next } = neighbourQueries(db.kysely, {
      id: 101,
      typeId: 2,
      publishTime: '2026-01-01T01:40:00.000Z',
    });
    for (const query of [previous, next]) {
      const plan = (await planOf(query)).join('\n');
      expect(plan).toMatch(
        /SEARCH article USING (COVERING )?INDEX article_type_(published_time|search) \(type_id=\? AND published=\? AND (\(publish_time,id\)|publish_time)[<>]\?\)/,
      );
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });
});
