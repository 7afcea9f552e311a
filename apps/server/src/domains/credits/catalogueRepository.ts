import {
  type CatalogueItem,
  type CatalogueStatus,
  CREDIT_KIND_LABELS,
  type CreditKind,
  type catalogueFilter,
} from '@lianmeng/core';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { anyContains, type ConsoleListQuery, consoleListPage } from '../../db/listPage';
import type { CreditCatalogueTable, Database } from '../../db/schema';
import { notFound } from '../../http/apiError';

export type CatalogueRow = Selectable<CreditCatalogueTable>;
export const CATALOGUE_ITEM_NOT_FOUND = '学分项目不存在';

export const toCatalogueItem = (row: CatalogueRow): CatalogueItem => ({
  id: Number(row.id),
  code: row.code,
  name: row.name,
  kind: row.kind as CreditKind,
  kindLabel: CREDIT_KIND_LABELS[row.kind as CreditKind] ?? row.kind,
  level: row.level,
  defaultCredits: Number(row.defaultCredits),
  maxCredits: Number(row.maxCredits),
  evidenceRequired: row.evidenceRequired === 1,
  status: row.status as CatalogueStatus,
  createTime: row.createTime,
  updateTime: row.updateTime,
});

export const findCatalogueRow = (db: Kysely<Database>, id: number) =>
  db.selectFrom('creditCatalogue').selectAll().where('id', '=', id).executeTakeFirst();

export const findCatalogueByCodes = (db: Kysely<Database>, codes: string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : db.selectFrom('creditCatalogue').selectAll().where('code', 'in', codes).execute();

export const findCatalogueItem = async (db: Kysely<Database>, id: number): Promise<CatalogueItem> => {
  const row = await findCatalogueRow(db, id);
  if (!row) throw notFound(CATALOGUE_ITEM_NOT_FOUND);
  return toCatalogueItem(row);
};

/** What an institution may record under now. */
export const activeCatalogue = async (db: Kysely<Database>) =>
  (
    await db
      .selectFrom('creditCatalogue')
      .selectAll()
      .where('status', '=', 'active')
      .orderBy('kind')
      .orderBy('code')
      .execute()
  ).map(toCatalogueItem);

/** The items of some kinds, retired ones too, active first: what an event's awards may be credited under. */
export const catalogueOfKinds = (db: Kysely<Database>, kinds: readonly CreditKind[]) =>
  db
    .selectFrom('creditCatalogue')
    .select(['id', 'name', 'level', 'status'])
    .where('kind', 'in', [...kinds])
    .orderBy('status')
    .orderBy('code')
    .execute()
    .then((rows) =>
      rows.map((row) => ({ id: Number(row.id), name: row.name, level: row.level, active: row.status === 'active' })),
    );

type Filter = z.output<typeof catalogueFilter>;

export const listCatalogue = async (db: Kysely<Database>, query: ConsoleListQuery & { filter: Filter }) => {
  const { filter } = query;
  const filtered = () => {
    let builder = db.selectFrom('creditCatalogue');
    if (filter.id) builder = builder.where('id', 'in', filter.id.length ? filter.id : [-1]);
    if (filter.kind) builder = builder.where('kind', '=', filter.kind);
    if (filter.level) builder = builder.where('level', '=', filter.level);
    if (filter.status) builder = builder.where('status', '=', filter.status);
    if (filter.q) builder = builder.where(anyContains(['code', 'name'], filter.q));
    return builder;
  };
  const { rows, total } = await consoleListPage(filtered, query);
  return { list: rows.map(toCatalogueItem), total };
};
