import type { Article, ArticleSummary } from '@lianmeng/core';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { ArticlePatch, ArticleRow, Database, NewArticle } from '../../db/schema';

export interface ArticleQuery {
  typeId?: number;
  keyword?: string;
  pageNum: number;
  pageSize: number;
  /** The portal sees published articles only; the console sees drafts too. */
  includeDrafts?: boolean;
}

const parseAttachments = (text: string): Article['attachments'] => {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
};

export const toArticleSummary = (row: Pick<ArticleRow, keyof ArticleSummary>): ArticleSummary => ({
  id: Number(row.id),
  typeId: Number(row.typeId),
  title: row.title,
  summary: row.summary,
  publishTime: row.publishTime,
  source: row.source,
  coverImage: row.coverImage,
});

export const toArticle = (row: ArticleRow): Article & { published: boolean } => ({
  ...toArticleSummary(row),
  author: row.author,
  body: row.body,
  attachments: parseAttachments(row.attachments),
  published: Number(row.published) === 1,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const filtered = (db: Kysely<Database>, query: Omit<ArticleQuery, 'pageNum' | 'pageSize'>) => {
  let builder = db.selectFrom('article');
  if (!query.includeDrafts) builder = builder.where('published', '=', 1);
  if (query.typeId !== undefined) builder = builder.where('typeId', '=', query.typeId);
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword)}%`;
    // SQLite's like already ignores ASCII case (all lower() does there too); PostgreSQL needs ilike.
    // Skipping lower() on SQLite saves a function call per row on a search that reads every row.
    const like = sql.raw(db.getExecutor().adapter instanceof PostgresAdapter ? 'ilike' : 'like');
    builder = builder.where((eb) =>
      eb.or([sql<boolean>`title ${like} ${pattern} escape '\\'`, sql<boolean>`summary ${like} ${pattern} escape '\\'`]),
    );
  }
  return builder;
};

const SUMMARY_COLUMNS = ['id', 'typeId', 'title', 'summary', 'publishTime', 'source', 'coverImage'] as const;

/** The two statements behind a list page; separate so a test can ask SQLite how it runs them. */
export const articleListQueries = (db: Kysely<Database>, query: ArticleQuery) => ({
  page: filtered(db, query)
    .select(SUMMARY_COLUMNS)
    .orderBy('publishTime', 'desc')
    .orderBy('id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize),
  count: filtered(db, query).select((eb) => eb.fn.countAll().as('total')),
});

export const listArticles = async (db: Kysely<Database>, query: ArticleQuery) => {
  const { page, count } = articleListQueries(db, query);
  const total = Number((await count.executeTakeFirstOrThrow()).total);
  // Past the end (or nothing found) the page would be a second full search for nothing.
  const offset = (query.pageNum - 1) * query.pageSize;
  const rows = offset < total ? await page.execute() : [];
  return { list: rows.map(toArticleSummary), total };
};

export const findArticle = async (db: Kysely<Database>, id: number) => {
  const row = await db.selectFrom('article').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toArticle(row) : undefined;
};

type Neighbour = { id: number; typeId: number; publishTime: string };

/** The published articles of the same column just newer and just older than this one. */
export const neighbourQueries = (db: Kysely<Database>, article: Neighbour) => {
  const base = db
    .selectFrom('article')
    .select(['id', 'title'])
    .where('typeId', '=', article.typeId)
    .where('published', '=', 1);
  // Row values keep each neighbour a single step along the column's index.
  return {
    previous: base
      .where(({ eb, refTuple, tuple }) =>
        eb(refTuple('publishTime', 'id'), '>', tuple(article.publishTime, article.id)),
      )
      .orderBy('publishTime', 'asc')
      .orderBy('id', 'asc')
      .limit(1),
    next: base
      .where(({ eb, refTuple, tuple }) =>
        eb(refTuple('publishTime', 'id'), '<', tuple(article.publishTime, article.id)),
      )
      .orderBy('publishTime', 'desc')
      .orderBy('id', 'desc')
      .limit(1),
  };
};

export const findNeighbours = async (db: Kysely<Database>, article: Neighbour) => {
  const queries = neighbourQueries(db, article);
  const [previous, next] = await Promise.all([queries.previous.executeTakeFirst(), queries.next.executeTakeFirst()]);
  const shape = (row: { id: number; title: string } | undefined) =>
    row ? { id: Number(row.id), title: row.title } : null;
  return { previous: shape(previous), next: shape(next) };
};

export const insertArticle = async (db: Kysely<Database>, values: NewArticle) => {
  const row = await db.insertInto('article').values(values).returningAll().executeTakeFirstOrThrow();
  return toArticle(row);
};

export const updateArticle = async (db: Kysely<Database>, id: number, patch: ArticlePatch) => {
  const row = await db.updateTable('article').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
  return row ? toArticle(row) : undefined;
};

export const deleteArticle = async (db: Kysely<Database>, id: number) => {
  const result = await db.deleteFrom('article').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
};
