import type { Account, accountCreateBody, accountUpdateBody, ConsoleUser } from '@lianmeng/core';
import { accountChangeRefusal } from '@lianmeng/core/policy';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { ApiError, badRequest, forbidden } from '../../http/apiError';
import { assertStrongPassword } from '../../security/passwordRule';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { endConsoleSessionsOf } from '../../sessions/consoleSessions';
import { auditTarget } from '../audit/auditRepository';
import {
  CONSOLE_USER_NOT_FOUND,
  findConsoleUserRow,
  hasFreshReauth,
  insertConsoleUser,
  toAccount,
  updateConsoleUserPassword,
  usernameTaken,
} from './consoleUserRepository';

/**
 * The writes to console accounts: each checks the account rules of `@lianmeng/core/policy`, writes, ends
 * sessions where the change requires it and audits, in one transaction.
 */

type Actor = ConsoleUser | null;
const auditAccount = auditTarget('consoleUser');

/** An administrator creates an editor or staff account; user names are unique. */
export const createConsoleUser = async (
  db: Db,
  input: z.output<typeof accountCreateBody>,
  actor: Actor,
  now: Date,
): Promise<Account> => {
  await assertRecentlyReauthenticated(db, actor, now);
  await assertStrongPassword(input.password, [input.username, input.displayName]);
  // Hashing is slow: done before the write lock is taken.
  const passwordHash = await hashPassword(input.password);
  return db.writeTransaction(async (trx, locks) => {
    // Two creations of one name at once: the second waits and then sees the first.
    await locks.named('console-user-names');
    if (await usernameTaken(trx, input.username)) throw new ApiError(409, '这个用户名已被使用（用户名不区分大小写）');
    const row = await insertConsoleUser(trx, {
      username: input.username,
      displayName: input.displayName,
      role: input.role,
      passwordHash,
      disabled: 0,
      createTime: now.toISOString(),
      updateTime: now.toISOString(),
    });
    await auditAccount(trx, { user: actor, at: now }, 'insert', row.id, { username: row.username, role: row.role });
    return toAccount(row);
  });
};

/**
 * Renames, changes the role, disables or resets the password of an account, within the account rules
 * (nobody changes their own role or disables themselves; the administrator role is neither given nor taken).
 */
export const changeConsoleUser = async (
  db: Db,
  id: number,
  input: z.output<typeof accountUpdateBody>,
  actor: Actor,
  now: Date,
): Promise<Account> => {
  // Changing one's own display name or password needs no second proof; everything done to another
  // account (a reset, a role, disabling) does.
  if (actor?.id !== id) await assertRecentlyReauthenticated(db, actor, now);
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
    const target = toAccount(current);
    const refusal = accountChangeRefusal(actor?.id, target, input);
    if (refusal) throw refusal.kind === 'forbidden' ? forbidden(refusal.message) : badRequest(refusal.message);
    const roleChanges = input.role !== undefined && input.role !== target.role;
    const disabledChanges = input.disabled !== undefined && input.disabled !== target.disabled;
    const patch = {
      ...(input.displayName !== undefined && input.displayName !== current.displayName
        ? { displayName: input.displayName }
        : {}),
      ...(roleChanges ? { role: input.role } : {}),
      ...(disabledChanges ? { disabled: input.disabled ? 1 : 0 } : {}),
      ...(passwordHash ? { passwordHash, mustChangePassword: actor?.id === id ? 0 : 1 } : {}),
    };
    const changed = Object.keys(patch)
      .filter((key) => key !== 'mustChangePassword')
      .map((key) => (key === 'passwordHash' ? 'password' : key));
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

/** How long a re-authentication lets its user administer accounts. */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;
export const REAUTH_NEEDED = '请先再次验证身份（输入密码）后再管理账号';

/**
 * Account administration is refused unless the actor gave the password again within the window, so a
 * console left open is not enough to create accounts or reset others' passwords.
 */
const assertRecentlyReauthenticated = async (db: Db, actor: Actor, now: Date) => {
  const since = new Date(now.getTime() - REAUTH_WINDOW_MS).toISOString();
  const fresh = actor ? await hasFreshReauth(db.kysely, actor.id, since) : false;
  if (!fresh) throw forbidden(REAUTH_NEEDED);
};

/**
 * A console user changes their own password: the current one must be right, the new one must pass the
 * rule; the forced change after an administrator's reset is then done, and every session of the account
 * ends (the route opens a new one for the caller).
 */
export const changeOwnPassword = async (
  db: Db,
  actor: ConsoleUser,
  input: { currentPassword: string; newPassword: string },
  now: Date,
) => {
  const own = await findConsoleUserRow(db.kysely, actor.id);
  if (!own || !(await verifyPassword(own.passwordHash, input.currentPassword))) {
    throw badRequest('当前密码不正确');
  }
  if (input.newPassword === input.currentPassword) throw badRequest('新密码不能与当前密码相同');
  await assertStrongPassword(input.newPassword, [own.username, own.displayName]);
  const passwordHash = await hashPassword(input.newPassword);
  await db.writeTransaction(async (trx, locks) => {
    const current = await findConsoleUserRow(trx, actor.id, locks);
    if (!current || current.passwordHash !== own.passwordHash) {
      throw badRequest('密码刚被修改过，请重新输入当前密码');
    }
    await updateConsoleUserPassword(trx, actor.id, passwordHash, now.toISOString());
    await endConsoleSessionsOf(trx, actor.id);
    await auditAccount(trx, { user: actor, at: now }, 'password-change', actor.id, { changed: ['password'] });
  });
};
