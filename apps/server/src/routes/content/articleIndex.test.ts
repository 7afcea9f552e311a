import { CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import type { Database } from '../../db/schema';
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
const planOf = async (kysely: Kysely<Database>, query: { compile(): CompiledQuery }) => {
  const compiled = query.compile();
  const result = await kysely.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
  );
  return result.rows.map((row) => row.detail);
};

const expectIndexWalk = (plan: string[], index: string) => {
  expect(plan.join('\n')).toContain(`SEARCH article USING INDEX ${index}`);
  // SCAN (even of an index) reads every row; SEARCH starts at the column's first entry.
  expect(plan.filter((step) => step.startsWith('SCAN'))).toEqual([]);
  expect(plan.join('\n')).not.toContain('TEMP B-TREE');
};

describe('the article list at any size', () => {
  it("walks the column index for a column's page, newest first, without sorting", async () => {
    const { page } = articleListQueries(db.kysely, { typeId: 3, pageNum: 5, pageSize: 20 });
    expectIndexWalk(await planOf(db.kysely, page), 'article_type_published_time');
  });

  it("counts a column's articles from the index alone", async () => {
    const { count } = articleListQueries(db.kysely, { typeId: 3, pageNum: 1, pageSize: 20 });
    const plan = await planOf(db.kysely, count);
    expect(plan.join('\n')).toContain('USING COVERING INDEX article_type_published_time');
  });

  it('walks the publish-time index for the list of all columns', async () => {
    const { page, count } = articleListQueries(db.kysely, { pageNum: 1, pageSize: 20 });
    expectIndexWalk(await planOf(db.kysely, page), 'article_published_time');
    expect((await planOf(db.kysely, count)).join('\n')).toContain('COVERING INDEX');
  });

  it('keeps a keyword search inside the column index', async () => {
    const { page } = articleListQueries(db.kysely, { typeId: 3, keyword: '篇', pageNum: 1, pageSize: 20 });
    expectIndexWalk(await planOf(db.kysely, page), 'article_type_published_time');
  });

  it('finds the previous and next article by seeking in the column index', async () => {
    const { previous, next } = neighbourQueries(db.kysely, {
      id: 101,
      typeId: 2,
      publishTime: '2026-01-01T01:40:00.000Z',
    });
    for (const query of [previous, next]) {
      const plan = (await planOf(db.kysely, query)).join('\n');
      expect(plan).toMatch(
        /SEARCH article USING INDEX article_type_published_time \(type_id=\? AND published=\? AND (\(publish_time,id\)|publish_time)[<>]\?\)/,
      );
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });
});
