import type { articleFilter, ConsoleArticle } from '@lianmeng/core';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { ArticleRow, Database } from '../../../db/schema';
import { pageOf } from '../contentRange';

type ArticleFilter = z.output<typeof articleFilter>;

const parseAttachments = (text: string): ConsoleArticle['attachments'] => {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
};

export const toConsoleArticle = (row: ArticleRow): ConsoleArticle => ({
  id: Number(row.id),
  typeId: Number(row.typeId),
  title: row.title,
  summary: row.summary,
  body: row.body,
  publishTime: row.publishTime,
  source: row.source,
  author: row.author,
  coverImage: row.coverImage,
  attachments: parseAttachments(row.attachments),
  published: Number(row.published) === 1,
  createTime: row.createTime,
  updateTime: row.updateTime,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const filtered = (db: Kysely<Database>, filter: ArticleFilter) => {
  let builder = db.selectFrom('article');
  if (filter.id) builder = builder.where('id', 'in', filter.id.length ? filter.id : [-1]);
  if (filter.typeId !== undefined) builder = builder.where('typeId', '=', filter.typeId);
  if (filter.published !== undefined) builder = builder.where('published', '=', filter.published ? 1 : 0);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
    builder = builder.where(sql<boolean>`lower(title) like ${pattern} escape '\\'`);
  }
  return builder;
};

/** The console's list: drafts included, bodies left out. */
export const listConsoleArticles = async (
  db: Kysely<Database>,
  query: { sort: [string, 'ASC' | 'DESC']; range: [number, number]; filter: ArticleFilter },
) => {
  const { offset, limit } = pageOf(query.range);
  const direction = query.sort[1] === 'ASC' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    filtered(db, query.filter)
      .selectAll()
      .orderBy(query.sort[0] as 'id', direction)
      .orderBy('id', direction)
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, query.filter)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => {
      const { body: _body, ...rest } = toConsoleArticle(row);
      return rest;
    }),
    total: Number(count.total),
  };
};

export const findArticleRow = (db: Kysely<Database>, id: number) =>
  db.selectFrom('article').selectAll().where('id', '=', id).executeTakeFirst();
