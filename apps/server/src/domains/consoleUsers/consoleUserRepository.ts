import type {
  Account,
  accountCreateBody,
  accountFilter,
  accountUpdateBody,
  ConsoleRole,
  ConsoleUser,
} from '@lianmeng/core';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Db, WriteLocks } from '../../db/database';
import { containsPattern, listPage, pageOfRange } from '../../db/listPage';
import type { ConsoleUserRow, ConsoleUserTable, Database } from '../../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../../http/apiError';
import { assertStrongPassword } from '../../security/passwordRule';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { endConsoleSessionsOf } from '../../sessions/consoleSessions';
import { auditTarget } from '../audit/auditRepository';

type AccountFilter = z.output<typeof accountFilter>;

const CONSOLE_USER_NOT_FOUND = () => notFound('这个账号不存在');

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

export const listConsoleUsers = async (
  db: Kysely<Database>,
  query: { sort: [string, 'ASC' | 'DESC']; range: [number, number]; filter: AccountFilter },
) => {
  const direction = query.sort[1] === 'ASC' ? 'asc' : 'desc';
  const { rows, total } = await listPage(
    () => filtered(db, query.filter),
    (builder) =>
      builder
        .selectAll()
        .orderBy(query.sort[0] as 'id', direction)
        .orderBy('id', 'asc'),
    pageOfRange(query.range),
  );
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

type Actor = ConsoleUser | null;
const auditAccount = auditTarget('consoleUser');

/** An administrator creates an editor or staff account; user names are unique. */
export const createConsoleUser = async (
  db: Db,
  input: z.output<typeof accountCreateBody>,
  actor: Actor,
  now: Date,
): Promise<Account> => {
  await assertStrongPassword(input.password, [input.username, input.displayName]);
  // Hashing is slow: done before the write lock is taken.
  const passwordHash = await hashPassword(input.password);
  return db.writeTransaction(async (trx, locks) => {
    // Two creations of one name at once: the second waits and then sees the first.
    await locks.named('console-user-names');
    // Compared without regard to case, as the unique index on lower(username) does.
    const taken = await trx
      .selectFrom('consoleUser')
      .select('id')
      .where(sql<string>`lower(username)`, '=', input.username.toLowerCase())
      .executeTakeFirst();
    if (taken) throw new ApiError(409, '这个用户名已被使用（用户名不区分大小写）');
    const row = await trx
      .insertInto('consoleUser')
      .values({
        username: input.username,
        displayName: input.displayName,
        role: input.role,
        passwordHash,
        disabled: 0,
        createTime: now.toISOString(),
        updateTime: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditAccount(trx, { user: actor, at: now }, 'insert', row.id, { username: row.username, role: row.role });
    return toAccount(row);
  });
};

/**
 * Renames, changes the role, disables or resets the password of an account. Nobody changes their own
 * role or disables themselves (the console could be left without an administrator), and the
 * administrator role is neither given nor taken here.
 */
export const changeConsoleUser = async (
  db: Db,
  id: number,
  input: z.output<typeof accountUpdateBody>,
  actor: Actor,
  now: Date,
): Promise<Account> => {
  if (input.password) {
    const account = await findConsoleUserRow(db.kysely, id);
    await assertStrongPassword(input.password, [account?.username, input.displayName ?? account?.displayName]);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  // Whoever changes their own password proves they know the current one, so a console left open
  // cannot be taken over. Checked before the write transaction (the hash is slow); the transaction
  // then writes only over the hash that was checked.
  let checkedHash: string | undefined;
  if (passwordHash && actor?.id === id) {
    if (!input.currentPassword) throw badRequest('修改自己的密码需要输入当前密码');
    const own = await findConsoleUserRow(db.kysely, id);
    if (!own || !(await verifyPassword(own.passwordHash, input.currentPassword))) {
      throw badRequest('当前密码不正确');
    }
    checkedHash = own.passwordHash;
  }
  return db.writeTransaction(async (trx, locks) => {
    const current = await findConsoleUserRow(trx, id, locks);
    if (!current) throw CONSOLE_USER_NOT_FOUND();
    if (checkedHash !== undefined && current.passwordHash !== checkedHash) {
      throw badRequest('密码刚被修改过，请重新输入当前密码');
    }
    const roleChanges = input.role !== undefined && input.role !== current.role;
    const disabledChanges = input.disabled !== undefined && input.disabled !== (Number(current.disabled) === 1);
    if (actor?.id === current.id && (roleChanges || disabledChanges)) {
      throw forbidden('不能修改自己的角色或停用自己的账号');
    }
    if (roleChanges && (input.role === 'admin' || current.role === 'admin')) {
      throw badRequest('管理员账号的角色不能在管理台修改');
    }
    const patch = {
      ...(input.displayName !== undefined && input.displayName !== current.displayName
        ? { displayName: input.displayName }
        : {}),
      ...(roleChanges ? { role: input.role } : {}),
      ...(disabledChanges ? { disabled: input.disabled ? 1 : 0 } : {}),
      ...(passwordHash ? { passwordHash } : {}),
    };
    const changed = Object.keys(patch).map((key) => (key === 'passwordHash' ? 'password' : key));
    if (changed.length === 0) return toAccount(current);
    const row = await trx
      .updateTable('consoleUser')
      .set({ ...patch, updateTime: now.toISOString() })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A disabled account, or one whose password was reset, keeps no open session.
    if (disabledChanges || passwordHash) await endConsoleSessionsOf(trx, current.id);
    await auditAccount(trx, { user: actor, at: now }, 'update', row.id, { changed });
    return toAccount(row);
  });
};
