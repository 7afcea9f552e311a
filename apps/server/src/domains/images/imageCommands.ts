import {
  type ConsoleUser,
  IMAGE_UPDATABLE_FIELDS,
  type ImageMessage,
  type ImageSortId,
  type ImageUpdatableField,
  type imageInsertBody,
} from '@lianmeng/core';
import { imageChangeRefusal } from '@lianmeng/core/policy';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/apiError';
import { recordAudit } from '../audit/auditRepository';
import { clearImageSort, deleteImage, findImage, insertImage, updateImage } from './imageRepository';
import { IMAGE_NOT_FOUND } from './messages';

// The console's commands on image messages: each checks the image field rules of `@lianmeng/core/policy` where
// they apply, writes through the repository, and records its audit entry, in one transaction.

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
 * Changes what differs from the stored message, within the image field rules of `@lianmeng/core/policy`
 * (staff open and close items and change nothing else); a change of `isOpen` alone is audited as a toggle.
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
    const refusal = actor ? imageChangeRefusal(actor.role, changed) : null;
    if (refusal) throw forbidden(refusal);
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
