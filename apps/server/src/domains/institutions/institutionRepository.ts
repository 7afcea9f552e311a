import {
  INSTITUTION_KIND_LABELS,
  type Institution,
  type InstitutionKind,
  type InstitutionStatus,
  type institutionFilter,
  type MyInstitution,
} from '@lianmeng/core';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import { anyContains, type ConsoleListQuery, consoleListPage } from '../../db/listPage';
import type { Database, InstitutionTable } from '../../db/schema';
import { notFound } from '../../http/apiError';

export type InstitutionRow = Selectable<InstitutionTable>;
export const INSTITUTION_NOT_FOUND = '机构不存在';

export const toInstitution = (row: InstitutionRow, accountCount: number): Institution => ({
  id: Number(row.id),
  code: row.code,
  name: row.name,
  kind: row.kind as InstitutionKind,
  province: row.province,
  city: row.city,
  county: row.county,
  status: row.status as InstitutionStatus,
  accountCount,
  createTime: row.createTime,
  updateTime: row.updateTime,
});

export const toMyInstitution = (row: InstitutionRow): MyInstitution => ({
  id: Number(row.id),
  code: row.code,
  name: row.name,
  kind: row.kind as InstitutionKind,
  kindLabel: INSTITUTION_KIND_LABELS[row.kind as InstitutionKind] ?? row.kind,
  province: row.province,
  city: row.city,
  county: row.county,
});

export const findInstitutionRow = (db: Kysely<Database>, id: number) =>
  db.selectFrom('institution').selectAll().where('id', '=', id).executeTakeFirst();

/** Every active institution's id, name and code, by name: what a form offers to pick from. */
export const activeInstitutionNames = (db: Kysely<Database>) =>
  db
    .selectFrom('institution')
    .select(['id', 'name', 'code'])
    .where('status', '=', 'active')
    .orderBy('name')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, id: Number(row.id) })));

export const findInstitutionsByCode = (db: Kysely<Database>, codes: string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : db.selectFrom('institution').select(['id', 'code']).where('code', 'in', codes).execute();

const accountCounts = async (db: Kysely<Database>, ids: number[]) => {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('cardHolder')
    .select(['institutionId', sql<string | number>`count(*)`.as('n')])
    .where('institution', '=', 1)
    .where('institutionId', 'in', ids)
    .groupBy('institutionId')
    .execute();
  return new Map(rows.map((row) => [Number(row.institutionId), Number(row.n)]));
};

export const findInstitution = async (db: Kysely<Database>, id: number): Promise<Institution> => {
  const row = await findInstitutionRow(db, id);
  if (!row) throw notFound(INSTITUTION_NOT_FOUND);
  return toInstitution(row, (await accountCounts(db, [id])).get(id) ?? 0);
};

type Filter = z.output<typeof institutionFilter>;

export const listInstitutions = async (db: Kysely<Database>, query: ConsoleListQuery & { filter: Filter }) => {
  const { filter } = query;
  const filtered = () => {
    let builder = db.selectFrom('institution');
    if (filter.id) builder = builder.where('id', 'in', filter.id.length ? filter.id : [-1]);
    if (filter.kind) builder = builder.where('kind', '=', filter.kind);
    if (filter.status) builder = builder.where('status', '=', filter.status);
    if (filter.province) builder = builder.where('province', '=', filter.province);
    if (filter.q) builder = builder.where(anyContains(['code', 'name'], filter.q));
    return builder;
  };
  const { rows, total } = await consoleListPage(filtered, query, 'desc');
  const counts = await accountCounts(
    db,
    rows.map((row) => Number(row.id)),
  );
  return { list: rows.map((row) => toInstitution(row, counts.get(Number(row.id)) ?? 0)), total };
};
