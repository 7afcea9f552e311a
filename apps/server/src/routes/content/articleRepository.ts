import type { Article, ArticleSummary } from '@lianmeng/core';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { ArticlePatch, ArticleRow, Database, NewArticle } from '../../db/schema';
import { keywordSearch, searchTableServes } from './articleSearch';

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
    const keyword = query.keyword;
    const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (onPostgres && Array.from(keyword).length <= 2) {
      // Trigrams cannot serve one or two characters: these are looked up among each text's characters
      // and pairs (an index over the same expression, migration 0009).
      const gram = keyword.toLowerCase();
      builder = builder.where((eb) =>
        eb.or([
          sql<boolean>`lm_short_grams(title) @> array[${gram}]::text[]`,
          sql<boolean>`lm_short_grams(summary) @> array[${gram}]::text[]`,
        ]),
      );
    } else {
      const pattern = `%${escapeLike(keyword)}%`;
      // SQLite's like already ignores ASCII case; PostgreSQL needs ilike, which its trigram indexes serve.
      const like = sql.raw(onPostgres ? 'ilike' : 'like');
      builder = builder.where((eb) =>
        eb.or([
          sql<boolean>`title ${like} ${pattern} escape '\\'`,
          sql<boolean>`summary ${like} ${pattern} escape '\\'`,
        ]),
      );
    }
  }
  return builder;
};

const SUMMARY_COLUMNS = ['id', 'typeId', 'title', 'summary', 'publishTime', 'source', 'coverImage'] as const;

/** A list without a keyword takes its total from the trigger-kept table: one row, whatever the size. */
const storedTotal = (db: Kysely<Database>, query: Omit<ArticleQuery, 'pageNum' | 'pageSize'>) => {
  let builder = db.selectFrom('articleTotal');
  if (!query.includeDrafts) builder = builder.where('published', '=', 1);
  if (query.typeId !== undefined) builder = builder.where('typeId', '=', query.typeId);
  return builder.select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('total'));
};

/**
 * The statements behind a list page; separate so a test can ask SQLite how it runs them. The page is found
 * as ids first, from the index alone (skipping `offset` entries there, not whole rows), then those rows.
 */
export const articleListQueries = (db: Kysely<Database>, query: ArticleQuery) => ({
  pageIds: filtered(db, query)
    .select('id')
    .orderBy('publishTime', 'desc')
    .orderBy('id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize),
  count: query.keyword ? filtered(db, query).select((eb) => eb.fn.countAll().as('total')) : storedTotal(db, query),
  rows: (ids: number[]) => db.selectFrom('article').select(SUMMARY_COLUMNS).where('id', 'in', ids),
});

/** A page's ids and the total: from the search index for a keyword on SQLite, from the list indexes otherwise. */
const findPage = async (db: Kysely<Database>, query: ArticleQuery): Promise<{ ids: number[]; total: number }> => {
  const search = searchTableServes(db, query) ? keywordSearch(query) : null;
  const list = articleListQueries(db, query);
  const counted = search ? (await search.count.execute(db)).rows[0] : await list.count.executeTakeFirstOrThrow();
  const total = Number(counted?.total ?? 0);
  // Past the end (or nothing found) the page would be a second full search for nothing.
  if ((query.pageNum - 1) * query.pageSize >= total) return { ids: [], total };
  const rows = search ? (await search.pageIds.execute(db)).rows : await list.pageIds.execute();
  return { ids: rows.map((row) => Number(row.id)), total };
};

export const listArticles = async (db: Kysely<Database>, query: ArticleQuery) => {
  const { ids, total } = await findPage(db, query);
  const queries = articleListQueries(db, query);
  if (ids.length === 0) return { list: [], total };
  const byId = new Map((await queries.rows(ids).execute()).map((row) => [Number(row.id), row]));
  const list = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toArticleSummary(row)] : [];
  });
  return { list, total };
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
