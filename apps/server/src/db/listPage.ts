import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from './schema';

/** Makes `%`, `_` and `\` in a user's text match themselves inside a LIKE pattern with `escape '\'`. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** `%text%` for a "contains" search, the text's wildcards escaped. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** A page as offset and limit; `range` (the console's) is inclusive on both ends. */
export interface Page {
  offset: number;
  limit: number;
}

export const pageOfRange = (range: readonly [number, number]): Page => ({
  offset: range[0],
  limit: range[1] - range[0] + 1,
});

export const pageOfNumber = (page: { pageNum: number; pageSize: number }): Page => ({
  offset: (page.pageNum - 1) * page.pageSize,
  limit: page.pageSize,
});

/**
 * One page of the rows a filter selects, and how many it selects in all. `filtered` builds the filter
 * afresh for each of the two statements; `shape` picks the columns and the order of the page.
 */
export const listPage = async <T extends keyof Database, Row>(
  filtered: () => SelectQueryBuilder<Database, T, object>,
  shape: (builder: SelectQueryBuilder<Database, T, object>) => SelectQueryBuilder<Database, T, Row>,
  page: Page,
): Promise<{ rows: Row[]; total: number }> => {
  const [rows, count] = await Promise.all([
    shape(filtered()).limit(page.limit).offset(page.offset).execute(),
    // PostgreSQL answers count(*) as a string.
    filtered().select(sql<string | number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as Row[], total: Number((count as { total: string | number }).total) };
};
