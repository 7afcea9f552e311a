import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/database';
import { ApiError, badRequest } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { assertStrongPassword } from '../../security/passwordRule';
import { hashPassword } from '../../security/passwords';
import { randomToken, sha256 } from '../../security/tokens';
import { recordAudit } from '../audit/auditRepository';
import { consoleAccountKey, startSecondStep } from '../secondFactor/secondFactor';
import { anyConsoleUser, insertConsoleUser, usernameTaken } from './consoleUserRepository';
import { replaceSetupLink, useSetupLink } from './setupLinkRepository';

/** A set-up link is good for a day, and for one administrator. */
export const SETUP_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const SETUP_LINK_REFUSED = '链接无效、已过期或已使用';

/**
 * A site without demo data starts with no console account: its first start (and every start until an
 * account exists) makes a new one-time link and answers its token, for the operator to open. Only the
 * token's hash is kept; the links made before it stop working.
 */
export const offerSetupLink = async (db: Db, now: Date): Promise<string | null> => {
  if (await anyConsoleUser(db.kysely)) return null;
  const token = randomToken();
  await db.writeTransaction((trx) =>
    replaceSetupLink(trx, {
      tokenHash: sha256(token),
      createTime: now.toISOString(),
      expiresTime: new Date(now.getTime() + SETUP_LINK_LIFETIME_MS).toISOString(),
    }),
  );
  return token;
};

/** Where the link leads: the console's set-up page (the token in the fragment, so no server log sees it). */
export const setupLinkUrl = (base: string, token: string) => `${base.replace(/\/$/, '')}/admin/#/setup/${token}`;

/**
 * Creates the first administrator from the link's token, which is then used up; the answer is the
 * enrolment step of the second factor, confirmed as a sign-in's (`/lianmeng/auth/secondFactor`).
 */
export const registerSetupRoute = (app: FastifyInstance, { db, now }: ServerContext) =>
  defineRoute(app, api.consoleAuth.setup, async ({ body }) => {
    await assertStrongPassword(body.password, [body.username, body.displayName]);
    const passwordHash = await hashPassword(body.password);
    const at = now();
    const stamp = at.toISOString();
    const user = await db.writeTransaction(async (trx, locks) => {
      await locks.named('console-user-names');
      if (!(await useSetupLink(trx, sha256(body.token), stamp))) throw badRequest(SETUP_LINK_REFUSED);
      // The link creates the first account only: a site that has one is administered from the console.
      if (await anyConsoleUser(trx)) throw new ApiError(409, '管理员已经创建，请直接登录');
      if (await usernameTaken(trx, body.username)) throw new ApiError(409, '这个用户名已被使用');
      const row = await insertConsoleUser(trx, {
        username: body.username,
        displayName: body.displayName,
        role: 'admin',
        passwordHash,
        disabled: 0,
        createTime: stamp,
        updateTime: stamp,
      });
      await recordAudit(trx, {
        user: { id: Number(row.id), username: row.username },
        action: 'setup',
        targetType: 'consoleUser',
        targetId: row.id,
        detail: { username: row.username, role: 'admin' },
        at,
      });
      return row;
    });
    return {
      secondFactor: await startSecondStep(db, consoleAccountKey(Number(user.id)), { label: user.username, at }),
    };
  });
