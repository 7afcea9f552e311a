import {
  type Article,
  type ArticleSummary,
  type articleCreateBody,
  type articleFilter,
  type ConsoleArticle,
  type ConsoleUser,
  columnByTypeId,
  UPLOAD_LIMITS,
} from '@lianmeng/core';
import { sanitizeArticleHtml } from '@lianmeng/core/articleHtml';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { z } from 'zod';
import type { Db, WriteLocks } from '../../db/database';
import { containsPattern, listPage, pageOfRange } from '../../db/listPage';
import type { ArticlePatch, ArticleRow, Database, NewArticle } from '../../db/schema';
import { badRequest, notFound } from '../../http/apiError';
import { auditTarget } from '../audit/auditRepository';
import { type KeywordTotals, keywordSearch, keywordTotal, searchTableServes } from './articleSearch';

const SUMMARY_COLUMNS = ['id', 'typeId', 'title', 'summary', 'publishTime', 'source', 'coverImage'] as const;

export interface ArticleQuery {
  typeId?: number;
  keyword?: string;
  pageNum: number;
  pageSize: number;
  /** The portal sees published articles only; the console sees drafts too. */
  includeDrafts?: boolean;
}

/** The attachment list is stored as JSON text; anything unreadable reads as no attachments. */
export const parseAttachments = (text: string): Article['attachments'] => {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
};

type SummaryRow = Pick<ArticleRow, (typeof SUMMARY_COLUMNS)[number]>;

export const toArticleSummary = (row: SummaryRow): ArticleSummary => ({
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
      const pattern = containsPattern(keyword);
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
const findPage = async (
  db: Kysely<Database>,
  query: ArticleQuery,
  totals: KeywordTotals | undefined,
): Promise<{ ids: number[]; total: number }> => {
  const search = searchTableServes(db, query) ? keywordSearch(query) : null;
  const list = articleListQueries(db, query);
  const total = await keywordTotal(totals, query, async () => {
    const counted = search ? (await search.count.execute(db)).rows[0] : await list.count.executeTakeFirstOrThrow();
    return Number(counted?.total ?? 0);
  });
  // Past the end (or nothing found) the page would be a second full search for nothing.
  if ((query.pageNum - 1) * query.pageSize >= total) return { ids: [], total };
  const rows = search ? (await search.pageIds.execute(db)).rows : await list.pageIds.execute();
  return { ids: rows.map((row) => Number(row.id)), total };
};

const UPLOAD_PREFIX = '/uploads/';

/** The size sharp gives the small image: fitted inside the small box, never enlarged. */
export const smallImageSize = (width: number, height: number) => {
  const scale = Math.min(1, UPLOAD_LIMITS.small.widthPx / width, UPLOAD_LIMITS.small.heightPx / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
};

/**
 * The small image and its size of each cover that is a recorded upload, by cover address: one indexed
 * lookup per page. Covers the upload table does not know (an outside address, a file put there by hand)
 * are left out, and the list shows the cover as it is.
 */
const smallCovers = async (db: Kysely<Database>, covers: string[]) => {
  const files = [
    ...new Set(covers.filter((cover) => cover.startsWith(UPLOAD_PREFIX)).map((c) => c.slice(UPLOAD_PREFIX.length))),
  ];
  const found = new Map<string, { coverSmall: string; coverWidth: number; coverHeight: number }>();
  if (files.length === 0) return found;
  const rows = await db
    .selectFrom('upload')
    .select(['photoFile', 'smallFile', 'width', 'height'])
    .where('photoFile', 'in', files)
    .execute();
  for (const row of rows) {
    const size = smallImageSize(Number(row.width), Number(row.height));
    found.set(`${UPLOAD_PREFIX}${row.photoFile}`, {
      coverSmall: `${UPLOAD_PREFIX}${row.smallFile}`,
      coverWidth: size.width,
      coverHeight: size.height,
    });
  }
  return found;
};

export const listArticles = async (db: Kysely<Database>, query: ArticleQuery, totals?: KeywordTotals) => {
  const { ids, total } = await findPage(db, query, totals);
  if (ids.length === 0) return { list: [], total };
  const rows = await articleListQueries(db, query).rows(ids).execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const small = await smallCovers(
    db,
    rows.map((row) => row.coverImage),
  );
  const list = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...toArticleSummary(row), ...small.get(row.coverImage) }] : [];
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
  const step = (comparison: '>' | '<', direction: 'asc' | 'desc') =>
    base
      .where(({ eb, refTuple, tuple }) =>
        eb(refTuple('publishTime', 'id'), comparison, tuple(article.publishTime, article.id)),
      )
      .orderBy('publishTime', direction)
      .orderBy('id', direction)
      .limit(1);
  return { previous: step('>', 'asc'), next: step('<', 'desc') };
};

export const findNeighbours = async (db: Kysely<Database>, article: Neighbour) => {
  const queries = neighbourQueries(db, article);
  const [previous, next] = await Promise.all([queries.previous.executeTakeFirst(), queries.next.executeTakeFirst()]);
  const shape = (row: { id: number; title: string } | undefined) =>
    row ? { id: Number(row.id), title: row.title } : null;
  return { previous: shape(previous), next: shape(next) };
};

/** Row-level writes; the console's commands below wrap them with the audit entry in one transaction. */
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

/** Many rows at once, in batches a statement's parameter limit allows (the demo seed). */
export const insertArticles = async (db: Kysely<Database>, rows: NewArticle[]) => {
  for (let start = 0; start < rows.length; start += 50) {
    await db
      .insertInto('article')
      .values(rows.slice(start, start + 50))
      .execute();
  }
};

/** Covers that name an uploaded file, for the sweep of unreferenced uploads. */
export const uploadedCoverAddresses = async (db: Kysely<Database>) =>
  (
    await db.selectFrom('article').select('coverImage').where('coverImage', 'like', '/uploads/%').distinct().execute()
  ).map((row) => row.coverImage);

/** Whether any article body or attachment list holds text matching one of the LIKE patterns. */
export const articleTextMentions = async (db: Kysely<Database>, patterns: string[]) => {
  const hit = await db
    .selectFrom('article')
    .select(sql<number>`1`.as('hit'))
    .where((eb) =>
      eb.or(patterns.flatMap((pattern) => [eb('body', 'like', pattern), eb('attachments', 'like', pattern)])),
    )
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
};

// The console's side: every column, drafts included.

type ArticleFilter = z.output<typeof articleFilter>;
type ArticleInput = Partial<z.output<typeof articleCreateBody>>;
type Actor = ConsoleUser | null;
const auditArticle = auditTarget('article');

const ARTICLE_NOT_FOUND = () => notFound('这篇文章不存在');
const SUMMARY_LENGTH = 120;

/** The console's view of a row: the public article's fields, the draft flag and the row's own times. */
export const toConsoleArticle = (row: ArticleRow): ConsoleArticle => ({
  ...toArticle(row),
  createTime: row.createTime,
  updateTime: row.updateTime,
});

const consoleFiltered = (db: Kysely<Database>, filter: ArticleFilter) => {
  let builder = db.selectFrom('article');
  if (filter.id) builder = builder.where('id', 'in', filter.id.length ? filter.id : [-1]);
  if (filter.typeId !== undefined) builder = builder.where('typeId', '=', filter.typeId);
  if (filter.published !== undefined) builder = builder.where('published', '=', filter.published ? 1 : 0);
  if (filter.q) {
    const pattern = containsPattern(filter.q.toLowerCase());
    builder = builder.where(sql<boolean>`lower(title) like ${pattern} escape '\\'`);
  }
  return builder;
};

/** The console's list: drafts included, bodies left out. */
export const listConsoleArticles = async (
  db: Kysely<Database>,
  query: { sort: [string, 'ASC' | 'DESC']; range: [number, number]; filter: ArticleFilter },
) => {
  const direction = query.sort[1] === 'ASC' ? 'asc' : 'desc';
  const { rows, total } = await listPage(
    () => consoleFiltered(db, query.filter),
    (builder) =>
      builder
        .selectAll()
        .orderBy(query.sort[0] as 'id', direction)
        .orderBy('id', direction),
    pageOfRange(query.range),
  );
  return {
    list: rows.map((row) => {
      const { body: _body, ...rest } = toConsoleArticle(row);
      return rest;
    }),
    total,
  };
};

/** One article row; with `locks`, the row stays as read until the write transaction ends. */
export const findArticleRow = (db: Kysely<Database>, id: number, locks?: WriteLocks) => {
  const query = db.selectFrom('article').selectAll().where('id', '=', id);
  return (locks ? locks.forUpdate(query) : query).executeTakeFirst();
};

export const findConsoleArticle = async (db: Kysely<Database>, id: number) => {
  const row = await findArticleRow(db, id);
  if (!row) throw ARTICLE_NOT_FOUND();
  return toConsoleArticle(row);
};

/** The summary an editor leaves empty is the start of the body's text. */
const summaryFrom = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SUMMARY_LENGTH);

/** The columns of the row an input changes; bodies are sanitised on the way in. */
const toRowValues = (input: ArticleInput) => {
  if (input.typeId !== undefined && !columnByTypeId(input.typeId)) throw badRequest('栏目：没有这个栏目');
  const body = input.body === undefined ? undefined : sanitizeArticleHtml(input.body);
  return {
    ...(input.typeId !== undefined ? { typeId: input.typeId } : {}),
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(input.summary !== undefined ? { summary: input.summary.trim() } : {}),
    ...(input.publishTime !== undefined ? { publishTime: new Date(input.publishTime).toISOString() } : {}),
    ...(input.source !== undefined ? { source: input.source } : {}),
    ...(input.author !== undefined ? { author: input.author } : {}),
    ...(input.coverImage !== undefined ? { coverImage: input.coverImage } : {}),
    ...(input.attachments !== undefined ? { attachments: JSON.stringify(input.attachments) } : {}),
    ...(input.published !== undefined ? { published: input.published ? 1 : 0 } : {}),
  };
};

/** Writes a new article and its audit entry in one transaction. */
export const createArticle = async (
  db: Db,
  input: z.output<typeof articleCreateBody>,
  actor: Actor,
  now: Date,
): Promise<ConsoleArticle> => {
  const at = now.toISOString();
  const values = toRowValues(input);
  const row = await db.writeTransaction(async (trx) => {
    const inserted = await trx
      .insertInto('article')
      .values({
        typeId: input.typeId,
        title: input.title,
        body: values.body ?? '',
        summary: input.summary.trim() || summaryFrom(values.body ?? ''),
        publishTime: values.publishTime ?? at,
        source: input.source,
        author: input.author,
        coverImage: input.coverImage,
        attachments: JSON.stringify(input.attachments),
        published: input.published ? 1 : 0,
        createTime: at,
        updateTime: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditArticle(trx, { user: actor, at: now }, 'insert', inserted.id, {
      title: inserted.title,
      typeId: inserted.typeId,
      published: inserted.published,
    });
    return inserted;
  });
  return toConsoleArticle(row);
};

/** Changes what differs from the stored article; an update that changes nothing writes nothing and audits nothing. */
export const changeArticle = async (
  db: Db,
  id: number,
  input: ArticleInput,
  actor: Actor,
  now: Date,
): Promise<ConsoleArticle> => {
  const at = now.toISOString();
  const values = toRowValues(input);
  const row = await db.writeTransaction(async (trx, locks) => {
    const current = await findArticleRow(trx, id, locks);
    if (!current) throw ARTICLE_NOT_FOUND();
    const changed = Object.entries(values)
      .filter(([key, value]) => current[key as keyof typeof current] !== value)
      .map(([key]) => key);
    if (changed.length === 0) return current;
    const updated = await trx
      .updateTable('article')
      .set({ ...values, updateTime: at })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditArticle(trx, { user: actor, at: now }, 'update', current.id, { changed, title: updated.title });
    return updated;
  });
  return toConsoleArticle(row);
};

export const removeArticle = (db: Db, id: number, actor: Actor, now: Date) =>
  db.writeTransaction(async (trx, locks) => {
    const current = await findArticleRow(trx, id, locks);
    if (!current) throw ARTICLE_NOT_FOUND();
    await trx.deleteFrom('article').where('id', '=', current.id).execute();
    await auditArticle(trx, { user: actor, at: now }, 'delete', current.id, { title: current.title });
    return { id: Number(current.id) };
  });
