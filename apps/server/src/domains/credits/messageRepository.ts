import type { InboxMessage } from '@lianmeng/core';
import type { Insertable, Kysely } from 'kysely';
import { listPage, type Page } from '../../db/listPage';
import type { Database, MessageTable } from '../../db/schema';

/** The `message` table: the holder's inbox (消息). */
export const insertMessages = async (db: Kysely<Database>, rows: Insertable<MessageTable>[]) => {
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insertInto('message')
      .values(rows.slice(start, start + 1000))
      .execute();
  }
};

export const unreadCount = async (db: Kysely<Database>, cardNo: string) =>
  Number(
    (
      await db
        .selectFrom('message')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('cardNo', '=', cardNo)
        .where('readTime', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const listMessages = async (db: Kysely<Database>, cardNo: string, page: Page) => {
  const { rows, total } = await listPage(
    () => db.selectFrom('message').where('cardNo', '=', cardNo),
    (builder) => builder.selectAll().orderBy('id', 'desc'),
    page,
  );
  const list: InboxMessage[] = rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    body: row.body,
    recordId: row.recordId === null ? null : Number(row.recordId),
    read: row.readTime !== null,
    createTime: row.createTime,
  }));
  return { list, total, unread: await unreadCount(db, cardNo) };
};

/** Marks the card's messages read (those of `ids` only, when given); another card's ids change nothing. */
export const markMessagesRead = (db: Kysely<Database>, cardNo: string, ids: number[] | undefined, at: string) => {
  let query = db
    .updateTable('message')
    .set({ readTime: at })
    .where('cardNo', '=', cardNo)
    .where('readTime', 'is', null);
  if (ids) query = query.where('id', 'in', ids.length ? ids : [-1]);
  return query.execute();
};
