import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../audit/recordAudit';
import type { ServerContext } from '../../../context';
import { ApiError, badRequest, forbidden, notFound } from '../../../http/apiError';
import { defineRoute } from '../../../http/defineRoute';
import { requireXsrf } from '../../../plugins/xsrf';
import { hashPassword } from '../../../security/passwords';
import { setContentRange } from '../contentRange';
import { findAccountRow, listAccounts, toAccount } from './accountRepository';

const ACCOUNT_NOT_FOUND = () => notFound('这个账号不存在');

/** Console accounts: administrators create editors and staff, reset passwords and disable accounts. */
export const registerConsoleAccountRoutes = (app: FastifyInstance, { db, consoleSessions, now }: ServerContext) => {
  const adminOnly = consoleSessions.require('admin');

  defineRoute(app, api.consoleApi.accountList, { preHandler: [adminOnly] }, async ({ query, reply }) => {
    const { list, total } = await listAccounts(db.kysely, query);
    setContentRange(reply, 'accounts', query.range, list.length, total);
    return list;
  });

  defineRoute(app, api.consoleApi.accountOne, { preHandler: [adminOnly] }, async ({ params }) => {
    const row = await findAccountRow(db.kysely, params.id);
    if (!row) throw ACCOUNT_NOT_FOUND();
    return toAccount(row);
  });

  defineRoute(
    app,
    api.consoleApi.accountCreate,
    { preHandler: [requireXsrf, adminOnly] },
    async ({ body, request }) => {
      const at = now();
      // Hashing is slow: done before the write lock is taken.
      const passwordHash = await hashPassword(body.password);
      return db.writeTransaction(async (trx) => {
        const taken = await trx
          .selectFrom('consoleUser')
          .select('id')
          .where('username', '=', body.username)
          .executeTakeFirst();
        if (taken) throw new ApiError(409, '这个用户名已被使用');
        const row = await trx
          .insertInto('consoleUser')
          .values({
            username: body.username,
            displayName: body.displayName,
            role: body.role,
            passwordHash,
            disabled: 0,
            createTime: at.toISOString(),
            updateTime: at.toISOString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, {
          user: request.consoleUser,
          action: 'insert',
          targetType: 'consoleUser',
          targetId: row.id,
          detail: { username: row.username, role: row.role },
          at,
        });
        return toAccount(row);
      });
    },
  );

  defineRoute(
    app,
    api.consoleApi.accountUpdate,
    { preHandler: [requireXsrf, adminOnly] },
    async ({ params, body, request }) => {
      const at = now();
      const self = request.consoleUser;
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      return db.writeTransaction(async (trx) => {
        const current = await findAccountRow(trx, params.id);
        if (!current) throw ACCOUNT_NOT_FOUND();
        const roleChanges = body.role !== undefined && body.role !== current.role;
        const disabledChanges = body.disabled !== undefined && body.disabled !== (Number(current.disabled) === 1);
        if (self?.id === current.id && (roleChanges || disabledChanges)) {
          throw forbidden('不能修改自己的角色或停用自己的账号');
        }
        if (roleChanges && (body.role === 'admin' || current.role === 'admin')) {
          throw badRequest('管理员账号的角色不能在管理台修改');
        }
        const patch = {
          ...(body.displayName !== undefined && body.displayName !== current.displayName
            ? { displayName: body.displayName }
            : {}),
          ...(roleChanges ? { role: body.role } : {}),
          ...(disabledChanges ? { disabled: body.disabled ? 1 : 0 } : {}),
          ...(passwordHash ? { passwordHash } : {}),
        };
        const changed = Object.keys(patch).map((key) => (key === 'passwordHash' ? 'password' : key));
        if (changed.length === 0) return toAccount(current);
        const row = await trx
          .updateTable('consoleUser')
          .set({ ...patch, updateTime: at.toISOString() })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        // A disabled account, or one whose password was reset, keeps no open session.
        if (disabledChanges || passwordHash) {
          await trx.deleteFrom('consoleSession').where('userId', '=', current.id).execute();
        }
        await recordAudit(trx, {
          user: self,
          action: 'update',
          targetType: 'consoleUser',
          targetId: row.id,
          detail: { changed },
          at,
        });
        return toAccount(row);
      });
    },
  );
};
