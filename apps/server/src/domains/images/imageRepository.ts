import type { ImageMessage, ImageSortId } from '@lianmeng/core';
import { type Kysely, sql } from 'kysely';
import type { WriteLocks } from '../../db/database';
import { containsPattern, listPage, pageOfNumber } from '../../db/listPage';
import type { Database, ImageMessagePatch, ImageMessageRow, NewImageMessage } from '../../db/schema';

export interface ImageFilter {
  belongSortid?: number;
  isOpen?: 0 | 1;
  titleContains?: string;
  /** Only the items whose showing window holds this instant. */
  showingAt?: Date;
}

export const toImageMessage = (row: ImageMessageRow): ImageMessage => ({
  id: Number(row.id),
  belongSortid: Number(row.belongSortid),
  isOpen: Number(row.isOpen) === 1 ? 1 : 0,
  photoAddress: row.photoAddress,
  smallPhotoAddress: row.smallPhotoAddress,
  photoTitle: row.photoTitle,
  urlAddress: row.urlAddress,
  createTime: row.createTime,
  updateTime: row.updateTime,
  displayOrder: Number(row.displayOrder),
  showFrom: row.showFrom,
  showUntil: row.showUntil,
});

const filtered = (db: Kysely<Database>, filter: ImageFilter) => {
  let query = db.selectFrom('imageMessage');
  if (filter.belongSortid !== undefined) query = query.where('belongSortid', '=', filter.belongSortid);
  if (filter.isOpen !== undefined) query = query.where('isOpen', '=', filter.isOpen);
  if (filter.titleContains) {
    const pattern = containsPattern(filter.titleContains);
    // An explicit ESCAPE makes the backslash mean the same in SQLite and PostgreSQL.
    query = query.where(sql<boolean>`lower(photo_title) like lower(${pattern}) escape '\\'`);
  }
  if (filter.showingAt) {
    // Both ends are UTC ISO strings of one format, so text order is time order on either database.
    const at = filter.showingAt.toISOString();
    query = query
      .where((eb) => eb.or([eb('showFrom', 'is', null), eb('showFrom', '<=', at)]))
      .where((eb) => eb.or([eb('showUntil', 'is', null), eb('showUntil', '>', at)]));
  }
  return query;
};

export const searchImages = async (
  db: Kysely<Database>,
  filter: ImageFilter,
  page: { pageNum: number; pageSize: number },
) => {
  const { rows, total } = await listPage(
    () => filtered(db, filter),
    (builder) =>
      builder
        .selectAll()
        // Display order, then newest first: when several banners are showing, the portal shows the first.
        .orderBy('displayOrder', 'asc')
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc'),
    pageOfNumber(page),
  );
  return { list: rows.map(toImageMessage), total };
};

/** One message; with `locks`, the row stays as read until the write transaction ends. */
export const findImage = async (db: Kysely<Database>, id: number, locks?: WriteLocks) => {
  const query = db.selectFrom('imageMessage').selectAll().where('id', '=', id);
  const row = await (locks ? locks.forUpdate(query) : query).executeTakeFirst();
  return row ? toImageMessage(row) : undefined;
};

export const insertImage = async (db: Kysely<Database>, values: NewImageMessage) => {
  const row = await db.insertInto('imageMessage').values(values).returningAll().executeTakeFirstOrThrow();
  return toImageMessage(row);
};

export const updateImage = async (db: Kysely<Database>, id: number, patch: ImageMessagePatch) => {
  const row = await db
    .updateTable('imageMessage')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toImageMessage(row);
};

export const deleteImage = (db: Kysely<Database>, id: number) =>
  db.deleteFrom('imageMessage').where('id', '=', id).executeTakeFirst();

export const clearImageSort = async (db: Kysely<Database>, belongSortid: ImageSortId) => {
  const result = await db.deleteFrom('imageMessage').where('belongSortid', '=', belongSortid).executeTakeFirst();
  return Number(result.numDeletedRows);
};

/** Many rows at once (the demo seed). */
export const insertImages = async (db: Kysely<Database>, rows: NewImageMessage[]) => {
  if (rows.length > 0) await db.insertInto('imageMessage').values(rows).execute();
};

/**
 * The first instant after `after` at which an open item's showing window opens or closes. Until then the
 * public image lists change only by a write (which bumps the site version), so a page rendered from them
 * may be kept at most that long.
 */
export const nextWindowEdge = async (db: Kysely<Database>, after: Date): Promise<Date | null> => {
  const at = after.toISOString();
  const edges = await Promise.all(
    (['showFrom', 'showUntil'] as const).map(async (column) => {
      const row = await db
        .selectFrom('imageMessage')
        .select((eb) => eb.fn.min(column).as('edge'))
        .where('isOpen', '=', 1)
        .where(column, '>', at)
        .executeTakeFirst();
      return typeof row?.edge === 'string' ? row.edge : null;
    }),
  );
  const first = edges.filter((edge): edge is string => edge !== null).sort()[0];
  return first ? new Date(first) : null;
};

/**
 * `nextWindowEdge`, asked of the database again only when the site version changes or the instant passes
 * the edge it last found: until then, the first edge after any later instant is that same edge. The
 * version is read before the edge, so a write landing in between can only make the kept edge newer.
 */
export const keptWindowEdge = (db: Kysely<Database>, version: () => Promise<number>) => {
  let kept: { version: number; from: number; edge: Date | null } | null = null;
  return async (at: Date): Promise<Date | null> => {
    const current = await version();
    const instant = at.getTime();
    if (kept?.version === current && instant >= kept.from && (kept.edge === null || instant < kept.edge.getTime())) {
      return kept.edge;
    }
    const edge = await nextWindowEdge(db, at);
    kept = { version: current, from: instant, edge };
    return edge;
  };
};

/** Every address an image message holds, for the sweep of unreferenced uploads. */
export const imageAddresses = async (db: Kysely<Database>) =>
  (await db.selectFrom('imageMessage').select(['photoAddress', 'smallPhotoAddress']).execute()).flatMap((row) => [
    row.photoAddress,
    row.smallPhotoAddress,
  ]);
