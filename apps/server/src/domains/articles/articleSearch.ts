import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { CacheSection } from '../../cache/cache';
import type { ServerCache } from '../../cache/publicReads';
import type { Database } from '../../db/schema';
import { keywordMatch, SEARCH_ID_MASK } from '../../db/searchGrams';
import type { ArticleQuery } from './articleRepository';

/** Whether the search table can answer `query`: it holds the published articles of SQLite databases. */
export const searchTableServes = (db: Kysely<Database>, query: ArticleQuery) =>
  Boolean(query.keyword) && !query.includeDrafts && !(db.getExecutor().adapter instanceof PostgresAdapter);

/**
 * A keyword search on SQLite, answered by the search table alone (migration 0009): the keyword and the
 * column are one FTS5 query, its count is counted inside the index, and the page is
 * read newest first by walking the table's rowids backwards.
 */
export const keywordSearch = (query: ArticleQuery) => {
  const terms = [keywordMatch(query.keyword ?? '') ?? '""'];
  if (query.typeId !== undefined) terms.push(`facets : "t${query.typeId}"`);
  const match = terms.join(' AND ');
  return {
    count: sql<{ total: number }>`select count(*) as total from article_fts where article_fts match ${match}`,
    pageIds: sql<{ id: number }>`select rowid & ${sql.lit(SEARCH_ID_MASK)} as id from article_fts
      where article_fts match ${match} order by rowid desc
      limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`,
  };
};

/** Where keyword totals are cached: a section of the server's cache, and the site version they follow. */
export interface KeywordTotals {
  cache: CacheSection<number>;
  version: () => Promise<number>;
}

export const keywordTotalsIn = ({ store, siteVersion }: ServerCache): KeywordTotals => ({
  cache: store.section<number>('keywordTotal'),
  version: () => siteVersion.current(),
});

/**
 * A keyword's total, counted once per site version. Counting is what makes a frequent keyword slow: every
 * match is walked, while its first page stops after a page's worth. Every write to the articles bumps the
 * site version in the same transaction (database triggers), so a total cached under the version read first
 * is what counting again would give; the version is read before counting, so a write landing in between can
 * only leave a total newer than its version, never an older one. Without a cache, it counts every time.
 */
export const keywordTotal = async (
  totals: KeywordTotals | undefined,
  query: ArticleQuery,
  count: () => Promise<number>,
) => {
  if (!query.keyword || !totals) return count();
  const key = `${query.typeId ?? ''}\u0000${query.includeDrafts ? 'drafts' : 'published'}\u0000${query.keyword}`;
  const version = await totals.version();
  const cached = totals.cache.get(key, version);
  if (cached) return cached.value;
  const total = await count();
  totals.cache.set(key, { value: total, version, expiresAt: null, bytes: key.length * 2 + 16 });
  return total;
};
