import type { ImageMessage, ImageSortId } from '@lianmeng/core';
import { type Kysely, sql } from 'kysely';
import type { Database, ImageMessagePatch, ImageMessageRow, NewImageMessage } from '../../db/schema';

export interface ImageFilter {
  belongSortid?: number;
  isOpen?: 0 | 1;
  titleContains?: string;
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
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const filtered = (db: Kysely<Database>, filter: ImageFilter) => {
  let query = db.selectFrom('imageMessage');
  if (filter.belongSortid !== undefined) query = query.where('belongSortid', '=', filter.belongSortid);
  if (filter.isOpen !== undefined) query = query.where('isOpen', '=', filter.isOpen);
  if (filter.titleContains) {
    const pattern = `%${escapeLike(filter.titleContains)}%`;
    // An explicit ESCAPE makes the backslash mean the same in SQLite and PostgreSQL.
    query = query.where(sql<boolean>`lower(photo_title) like lower(${pattern}) escape '\\'`);
  }
  return query;
};

export const searchImages = async (
  db: Kysely<Database>,
  filter: ImageFilter,
  page: { pageNum: number; pageSize: number },
) => {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      // Newest first: when several banners are open, the portal shows the first.
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  // PostgreSQL answers count(*) as a string.
  return { list: rows.map(toImageMessage), total: Number(count.total) };
};

export const findImage = async (db: Kysely<Database>, id: number) => {
  const row = await db.selectFrom('imageMessage').selectAll().where('id', '=', id).executeTakeFirst();
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
