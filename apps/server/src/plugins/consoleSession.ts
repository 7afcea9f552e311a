import { CONSOLE_SESSION_COOKIE, type ConsoleRole, type ConsoleUser, HEADERS } from '@lianmeng/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { forbidden, unauthorized } from '../http/apiError';
import { randomToken, sha256 } from '../security/tokens';

/** A console session ends after 2 hours without a call, and after 12 hours whatever happens. */
export const CONSOLE_SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const CONSOLE_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
// Refreshing last-seen on every call would make every read a write.
const TOUCH_AFTER_MS = 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    consoleUser: ConsoleUser | null;
  }
}

export interface ConsoleSessions {
  start(reply: FastifyReply, userId: number): Promise<void>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Who the session cookie belongs to, or null. Memoised on the request. */
  userOf(request: FastifyRequest): Promise<ConsoleUser | null>;
  /** preHandler: a console session with one of `roles` (any role when empty). */
  require(...roles: ConsoleRole[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Closed items are shown only to a request that says it comes from the console AND has a session. */
  isConsoleRequest(request: FastifyRequest): Promise<boolean>;
}

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.protocol === 'https',
});

export const createConsoleSessions = (app: FastifyInstance, db: Db, now: () => Date): ConsoleSessions => {
  app.decorateRequest('consoleUser', null);
  const resolved = new WeakMap<FastifyRequest, Promise<ConsoleUser | null>>();

  const lookup = async (request: FastifyRequest): Promise<ConsoleUser | null> => {
    const cookie = request.cookies[CONSOLE_SESSION_COOKIE];
    if (!cookie) return null;
    const idHash = sha256(cookie);
    const row = await db.kysely
      .selectFrom('consoleSession')
      .innerJoin('consoleUser', 'consoleUser.id', 'consoleSession.userId')
      .select([
        'consoleUser.id',
        'consoleUser.username',
        'consoleUser.displayName',
        'consoleUser.role',
        'consoleUser.disabled',
        'consoleSession.lastSeenTime',
        'consoleSession.expiresTime',
      ])
      .where('consoleSession.idHash', '=', idHash)
      .executeTakeFirst();
    if (!row || row.disabled) return null;
    const current = now();
    const lastSeen = new Date(row.lastSeenTime).getTime();
    if (current.getTime() - lastSeen > CONSOLE_SESSION_IDLE_MS || current.toISOString() > row.expiresTime) {
      await db.kysely.deleteFrom('consoleSession').where('idHash', '=', idHash).execute();
      return null;
    }
    if (current.getTime() - lastSeen > TOUCH_AFTER_MS) {
      await db.kysely
        .updateTable('consoleSession')
        .set({ lastSeenTime: current.toISOString() })
        .where('idHash', '=', idHash)
        .execute();
    }
    return { id: row.id, username: row.username, displayName: row.displayName, role: row.role as ConsoleRole };
  };

  const userOf = (request: FastifyRequest) => {
    let pending = resolved.get(request);
    if (!pending) {
      pending = lookup(request).then((user) => {
        request.consoleUser = user;
        return user;
      });
      resolved.set(request, pending);
    }
    return pending;
  };

  return {
    async start(reply, userId) {
      const value = randomToken();
      const current = now();
      await db.kysely
        .insertInto('consoleSession')
        .values({
          idHash: sha256(value),
          userId,
          createTime: current.toISOString(),
          lastSeenTime: current.toISOString(),
          expiresTime: new Date(current.getTime() + CONSOLE_SESSION_MAX_MS).toISOString(),
        })
        .execute();
      reply.setCookie(CONSOLE_SESSION_COOKIE, value, cookieOptions(reply.request));
    },
    async end(request, reply) {
      const cookie = request.cookies[CONSOLE_SESSION_COOKIE];
      if (cookie) await db.kysely.deleteFrom('consoleSession').where('idHash', '=', sha256(cookie)).execute();
      reply.clearCookie(CONSOLE_SESSION_COOKIE, cookieOptions(request));
    },
    userOf,
    require:
      (...roles) =>
      async (request) => {
        const user = await userOf(request);
        if (!user) throw unauthorized('请先登录管理台');
        if (roles.length > 0 && !roles.includes(user.role)) throw forbidden('您的角色没有权限执行此操作');
      },
    async isConsoleRequest(request) {
      if (request.headers[HEADERS.console.toLowerCase()] !== '1') return false;
      return (await userOf(request)) !== null;
    },
  };
};
