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
