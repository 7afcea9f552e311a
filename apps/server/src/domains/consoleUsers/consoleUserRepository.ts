import type { Account, accountFilter, ConsoleRole } from '@lianmeng/core';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { WriteLocks } from '../../db/database';
import { type ConsoleListQuery, consoleListPage, containsPattern } from '../../db/listPage';
import type { ConsoleUserRow, ConsoleUserTable, Database } from '../../db/schema';
import { notFound } from '../../http/apiError';

type AccountFilter = z.output<typeof accountFilter>;

export const CONSOLE_USER_NOT_FOUND = () => notFound('这个账号不存在');

/** What the console shows of a console user: never the password hash. */
export const toAccount = (row: ConsoleUserRow): Account => ({
  id: Number(row.id),
  username: row.username,
  displayName: row.displayName,
  role: row.role as ConsoleRole,
  disabled: Number(row.disabled) === 1,
  createTime: row.createTime,
  updateTime: row.updateTime,
});

const filtered = (db: Kysely<Database>, filter: AccountFilter) => {
  let builder = db.selectFrom('consoleUser');
  if (filter.id) builder = builder.where('id', 'in', filter.id.length ? filter.id : [-1]);
  if (filter.role) builder = builder.where('role', '=', filter.role);
  if (filter.q) {
    const pattern = containsPattern(filter.q.toLowerCase());
    builder = builder.where((eb) =>
      eb.or([
        eb(sql`lower(username)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(display_name)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return builder;
};

export const listConsoleUsers = async (db: Kysely<Database>, query: ConsoleListQuery & { filter: AccountFilter }) => {
  const { rows, total } = await consoleListPage(() => filtered(db, query.filter), query);
  return { list: rows.map(toAccount), total };
};

/** One account row; with `locks`, the row stays as read until the write transaction ends. */
export const findConsoleUserRow = (db: Kysely<Database>, id: number, locks?: WriteLocks) => {
  const query = db.selectFrom('consoleUser').selectAll().where('id', '=', id);
  return (locks ? locks.forUpdate(query) : query).executeTakeFirst();
};

export const findConsoleUserByUsername = (db: Kysely<Database>, username: string) =>
  db.selectFrom('consoleUser').selectAll().where('username', '=', username).executeTakeFirst();

export const findConsoleUser = async (db: Kysely<Database>, id: number) => {
  const row = await findConsoleUserRow(db, id);
  if (!row) throw CONSOLE_USER_NOT_FOUND();
  return toAccount(row);
};

/** Many rows at once (the demo seed and the test factories). */
export const insertConsoleUsers = async (db: Kysely<Database>, rows: Insertable<ConsoleUserTable>[]) => {
  if (rows.length > 0) await db.insertInto('consoleUser').values(rows).execute();
};
