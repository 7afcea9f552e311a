import {
  type ConsoleUser,
  IMAGE_UPDATABLE_FIELDS,
  type ImageMessage,
  type ImageSortId,
  type ImageUpdatableField,
  type imageInsertBody,
} from '@lianmeng/core';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Db, WriteLocks } from '../../db/database';
import { containsPattern, listPage, pageOfNumber } from '../../db/listPage';
import type { Database, ImageMessagePatch, ImageMessageRow, NewImageMessage } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/apiError';
import { recordAudit } from '../audit/auditRepository';
import { IMAGE_NOT_FOUND } from './messages';

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

// The console's commands: each change and its audit entry in one transaction.

type Actor = ConsoleUser | null;

/** A window that closes before it opens would hide the item for ever without saying so. */
const checkWindow = (window: { showFrom: string | null; showUntil: string | null }) => {
  if (window.showFrom && window.showUntil && window.showUntil <= window.showFrom) {
    throw badRequest('结束时间应晚于开始时间');
  }
};

/** A new item goes first in its sort, as the newest item always did before orders existed. */
const firstPlace = async (db: Kysely<Database>, belongSortid: number) => {
  const row = await db
    .selectFrom('imageMessage')
    .select((eb) => eb.fn.min('displayOrder').as('first'))
    .where('belongSortid', '=', belongSortid)
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? 0 : Number(row.first) - 1;
};

export const createImage = (db: Db, input: z.output<typeof imageInsertBody>, actor: Actor, now: Date) =>
  db.writeTransaction(async (trx) => {
    checkWindow(input);
    const image = await insertImage(trx, {
      ...input,
      displayOrder: await firstPlace(trx, input.belongSortid),
      createTime: now.toISOString(),
      updateTime: now.toISOString(),
    });
    await recordAudit(trx, {
      user: actor,
      action: 'insert',
      targetType: 'image',
      targetId: image.id,
      detail: { belongSortid: image.belongSortid, photoTitle: image.photoTitle, isOpen: image.isOpen },
      at: now,
    });
    return image;
  });

/** The fields whose sent value differs from what is stored; clients may post the whole record. */
const changedFields = (current: ImageMessage, body: Partial<Record<ImageUpdatableField, unknown>>) =>
  IMAGE_UPDATABLE_FIELDS.filter((field) => body[field] !== undefined && body[field] !== current[field]);

/**
 * Changes what differs from the stored message. Staff may open and close items but change nothing
 * else; a change of `isOpen` alone is audited as a toggle.
 */
export const changeImage = (
  db: Db,
  input: { id: number } & Partial<Record<ImageUpdatableField, unknown>>,
  actor: Actor,
  now: Date,
) =>
  db.writeTransaction(async (trx, locks) => {
    const current = await findImage(trx, input.id, locks);
    if (!current) throw IMAGE_NOT_FOUND();
    const changed = changedFields(current, input);
    if (actor?.role === 'staff' && changed.some((field) => field !== 'isOpen')) {
      throw forbidden('内容运营只能修改开放状态');
    }
    if (changed.length === 0) return current;
    checkWindow({
      showFrom: (input.showFrom === undefined ? current.showFrom : input.showFrom) as string | null,
      showUntil: (input.showUntil === undefined ? current.showUntil : input.showUntil) as string | null,
    });
    const patch = Object.fromEntries(changed.map((field) => [field, input[field]]));
    const image = await updateImage(trx, input.id, { ...patch, updateTime: now.toISOString() });
    const onlyToggle = changed.length === 1 && changed[0] === 'isOpen';
    await recordAudit(trx, {
      user: actor,
      action: onlyToggle ? 'toggle' : 'update',
      targetType: 'image',
      targetId: image.id,
      detail: Object.fromEntries(changed.map((field) => [field, { from: current[field], to: image[field] }])),
      at: now,
    });
    return image;
  });

export const removeImage = (db: Db, id: number, actor: Actor, now: Date) =>
  db.writeTransaction(async (trx, locks) => {
    const current = await findImage(trx, id, locks);
    if (!current) throw IMAGE_NOT_FOUND();
    await deleteImage(trx, id);
    await recordAudit(trx, {
      user: actor,
      action: 'delete',
      targetType: 'image',
      targetId: current.id,
      detail: { belongSortid: current.belongSortid, photoTitle: current.photoTitle },
      at: now,
    });
    return { id: current.id };
  });

export const clearSort = (db: Db, belongSortid: ImageSortId, actor: Actor, now: Date) =>
  db.writeTransaction(async (trx) => {
    const removed = await clearImageSort(trx, belongSortid);
    await recordAudit(trx, {
      user: actor,
      action: 'sort-clear',
      targetType: 'imageSort',
      targetId: belongSortid,
      detail: { removed },
      at: now,
    });
    return { belongSortid, removed };
  });

/**
 * Puts the named items of a sort in the given order. The sort's other items keep their places: the named
 * items are written back, in the new order, into the positions they held, and the whole sort is then
 * numbered 0, 1, 2 … so equal orders (items from before orders existed) never make the result ambiguous.
 */
export const reorderImages = (db: Db, belongSortid: ImageSortId, ids: number[], actor: Actor, now: Date) =>
  db.writeTransaction(async (trx) => {
    const current = (
      await trx
        .selectFrom('imageMessage')
        .select('id')
        .where('belongSortid', '=', belongSortid)
        .orderBy('displayOrder', 'asc')
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => Number(row.id));
    const named = new Set(ids);
    const unknown = ids.filter((id) => !current.includes(id));
    if (unknown.length > 0) throw badRequest(`编号 ${unknown.join('、')} 不属于该分类或已被删除`);
    const queue = [...ids];
    const next = current.map((id) => (named.has(id) ? (queue.shift() as number) : id));
    for (const [index, id] of next.entries()) {
      await trx.updateTable('imageMessage').set({ displayOrder: index }).where('id', '=', id).execute();
    }
    await recordAudit(trx, {
      user: actor,
      action: 'reorder',
      targetType: 'imageSort',
      targetId: belongSortid,
      detail: { from: current, to: next },
      at: now,
    });
    return { belongSortid, ids: next };
  });

/**
 * Opens or closes several items of a sort in one transaction: if any is missing (deleted meanwhile, or of
 * another sort) nothing changes, so a bulk switch never leaves half the selection switched. Each item that
 * changes gets its own toggle entry in the audit log, as a single switch would.
 */
export const setImagesOpen = (
  db: Db,
  input: { belongSortid: ImageSortId; ids: number[]; isOpen: 0 | 1 },
  actor: Actor,
  now: Date,
) =>
  db.writeTransaction(async (trx) => {
    let changed = 0;
    for (const id of input.ids) {
      const current = await findImage(trx, id);
      if (!current || current.belongSortid !== input.belongSortid) {
        throw notFound(`编号 ${id} 的图片信息不存在或已被删除，全部未修改`);
      }
      if (current.isOpen === input.isOpen) continue;
      const image = await updateImage(trx, id, { isOpen: input.isOpen, updateTime: now.toISOString() });
      await recordAudit(trx, {
        user: actor,
        action: 'toggle',
        targetType: 'image',
        targetId: id,
        detail: { isOpen: { from: current.isOpen, to: image.isOpen } },
        at: now,
      });
      changed += 1;
    }
    return { ids: input.ids, changed };
  });
