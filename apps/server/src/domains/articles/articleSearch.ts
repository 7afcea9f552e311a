import { type Kysely, PostgresAdapter, sql } from 'kysely';
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

/** Keyword totals kept per database, oldest dropped first: endless keywords cannot grow a process past it. */
export const KEYWORD_TOTALS_MAX = 1000;

interface KeptTotal {
  version: number;
  total: number;
}
const keptTotals = new WeakMap<Kysely<Database>, Map<string, KeptTotal>>();

const siteVersionOf = async (db: Kysely<Database>) => {
  const result = await sql<{ version: number | string }>`select version from site_version where id = 1`.execute(db);
  // pg answers bigint columns as text.
  return Number(result.rows[0]?.version ?? 0);
};

/**
 * A keyword's total, counted once per site version. Counting is what makes a frequent keyword slow: every
 * match is walked, while its first page stops after a page's worth. Every write to the articles bumps the
 * site version in the same transaction (database triggers), so a total kept under the version read first
 * is exactly what counting again would give; the version is read before counting, so a write landing in
 * between can only leave a total newer than its version, never an older one.
 */
export const keywordTotal = async (db: Kysely<Database>, query: ArticleQuery, count: () => Promise<number>) => {
  if (!query.keyword) return count();
  let totals = keptTotals.get(db);
  if (!totals) {
    totals = new Map();
    keptTotals.set(db, totals);
  }
  const key = `${query.typeId ?? ''}\u0000${query.includeDrafts ? 'drafts' : 'published'}\u0000${query.keyword}`;
  const version = await siteVersionOf(db);
  const kept = totals.get(key);
  if (kept?.version === version) return kept.total;
  const total = await count();
  totals.delete(key);
  totals.set(key, { version, total });
  for (const [oldKey, old] of totals) {
    if (totals.size <= KEYWORD_TOTALS_MAX && old.version === version) break;
    totals.delete(oldKey);
  }
  return total;
};
