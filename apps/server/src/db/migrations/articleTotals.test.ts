import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../database';
import { migrate } from '../migrate';
import { articleTotals } from './0007_article_totals';

let db: Db;

const row = (typeId: number, published: number) => ({
  typeId,
  published,
  title: '标题',
  summary: '',
  body: '',
  publishTime: '2026-01-01T00:00:00.000Z',
  source: '',
  author: '',
  coverImage: '',
  attachments: '[]',
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
});

beforeAll(async () => {
  db = openDatabase(':memory:', '');
  await migrate(db);
});
afterAll(() => db.destroy());

describe('migration 0007_article_totals', () => {
  it('counts the articles that were there before it ran', async () => {
    // Back to the state before the migration, with articles already written.
    for (const trigger of ['article_total_insert', 'article_total_delete', 'article_total_update']) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db.kysely);
    }
    await db.kysely.schema.dropTable('article_total').execute();
    await db.kysely
      .insertInto('article')
      .values([row(1, 1), row(1, 1), row(1, 0), row(2, 1)])
      .execute();

    await articleTotals('sqlite').up(db.kysely as unknown as Kysely<unknown>);

    const totals = await db.kysely
      .selectFrom('articleTotal')
      .select(['typeId', 'published', 'n'])
      .orderBy('typeId')
      .orderBy('published')
      .execute();
    expect(totals).toEqual([
      { typeId: 1, published: 0, n: 1 },
      { typeId: 1, published: 1, n: 2 },
      { typeId: 2, published: 1, n: 1 },
    ]);
    await db.kysely.insertInto('article').values(row(2, 1)).execute();
    const second = await db.kysely
      .selectFrom('articleTotal')
      .select('n')
      .where('typeId', '=', 2)
      .executeTakeFirstOrThrow();
    expect(second.n).toBe(2);
  });
});
