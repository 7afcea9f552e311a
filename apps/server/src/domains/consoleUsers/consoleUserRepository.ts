import type { Account, accountFilter, ConsoleRole, ConsoleUser } from '@lianmeng/core';
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

/** A new password chosen by the account's own user: the forced change, if any, is done. */
export const updateConsoleUserPassword = async (
  trx: Kysely<Database>,
  id: number,
  passwordHash: string,
  at: string,
) => {
  await trx
    .updateTable('consoleUser')
    .set({ passwordHash, mustChangePassword: 0, updateTime: at })
    .where('id', '=', id)
    .execute();
};

/** What a session knows of its user: the contract's console user. */
export const toConsoleUser = (row: ConsoleUserRow): ConsoleUser => ({
  id: Number(row.id),
  username: row.username,
  displayName: row.displayName,
  role: row.role as ConsoleRole,
  mustChangePassword: Number(row.mustChangePassword) === 1,
});

/** Whether a session of the user gave the password again since `since` (re-authentication). */
export const hasFreshReauth = async (db: Kysely<Database>, userId: number, since: string) =>
  (await db
    .selectFrom('consoleSession')
    .select('idHash')
    .where('userId', '=', userId)
    .where('reauthTime', '>=', since)
    .executeTakeFirst()) !== undefined;

/** Records a re-authentication on the session (by its hash). */
export const markSessionReauthenticated = async (db: Kysely<Database>, idHash: string, at: string) => {
  await db.updateTable('consoleSession').set({ reauthTime: at }).where('idHash', '=', idHash).execute();
};

/** Whether any console account exists (a production site's first start offers the set-up link until one does). */
export const anyConsoleUser = async (db: Kysely<Database>) =>
  (await db.selectFrom('consoleUser').select('id').limit(1).executeTakeFirst()) !== undefined;

/** Whether a user name is taken, compared without regard to case as the unique index on lower(username) does. */
export const usernameTaken = async (db: Kysely<Database>, username: string) =>
  (await db
    .selectFrom('consoleUser')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst()) !== undefined;

/** One new account, answered as stored. */
export const insertConsoleUser = (db: Kysely<Database>, row: Insertable<ConsoleUserTable>) =>
  db.insertInto('consoleUser').values(row).returningAll().executeTakeFirstOrThrow();
