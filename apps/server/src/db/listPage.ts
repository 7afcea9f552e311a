import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from './schema';

/** Makes `%`, `_` and `\` in a user's text match themselves inside a LIKE pattern with `escape '\'`. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** `%text%` for a "contains" search, the text's wildcards escaped. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** True where any of `columns` contains `text`, the text's wildcards matching themselves. */
export const anyContains = (columns: readonly string[], text: string): Expression<SqlBool> => {
  const pattern = containsPattern(text);
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`${sql.ref(column)} like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
};

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
export const listPage = async <DB, T extends keyof DB, Row>(
  filtered: () => SelectQueryBuilder<DB, T, object>,
  shape: (builder: SelectQueryBuilder<DB, T, object>) => SelectQueryBuilder<DB, T, Row>,
  page: Page,
): Promise<{ rows: Row[]; total: number }> => {
  const [rows, count] = await Promise.all([
    shape(filtered()).limit(page.limit).offset(page.offset).execute(),
    // PostgreSQL answers count(*) as a string.
    filtered().select(sql<string | number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as Row[], total: Number((count as { total: string | number }).total) };
};

/** The console's list query: `sort` is a field the contract allows and a direction, `range` inclusive. */
export interface ConsoleListQuery {
  sort: readonly [string, 'ASC' | 'DESC'];
  range: readonly [number, number];
}

/**
 * One page of a console list, whole rows, in the order `sort` asks; rows equal in that field follow their id
 * (`ties`), so that neighbouring pages never share or skip a row.
 */
export const consoleListPage = <T extends keyof Database & string>(
  filtered: () => SelectQueryBuilder<Database, T, object>,
  query: ConsoleListQuery,
  ties: 'asc' | 'desc' = 'asc',
) => {
  const [field, direction] = query.sort;
  return listPage(
    filtered,
    (builder) =>
      builder
        .selectAll()
        .orderBy(sql.ref(field), direction === 'ASC' ? 'asc' : 'desc')
        .orderBy(sql.ref('id'), ties),
    pageOfRange(query.range),
  );
};

/**
 * One page of the rows a filter selects, newest id first, and how many it selects in all: the page's ids come
 * from the filtered table alone, and `rowsOf` reads those rows (with whatever they join) by id, so the joins
 * never run over rows outside the page.
 */
export const pageByIds = async <DB, T extends keyof DB, Row>(
  filtered: () => SelectQueryBuilder<DB, T, object>,
  idColumn: string,
  page: Page,
  rowsOf: (ids: number[]) => Promise<Row[]>,
) => {
  const { rows: ids, total } = await listPage(
    filtered,
    (builder) =>
      builder
        .select(sql<number>`${sql.ref(idColumn)}`.as('id'))
        .orderBy(sql.ref(idColumn), 'desc')
        .$castTo<{ id: number }>(),
    page,
  );
  return { rows: ids.length === 0 ? [] : await rowsOf(ids.map((row) => row.id)), total };
};
