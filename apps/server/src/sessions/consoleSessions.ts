import { type ConsoleUser, HEADERS } from '@lianmeng/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { findConsoleUserRow, toConsoleUser } from '../domains/consoleUsers/consoleUserRepository';
import type { CookiePolicy } from '../security/cookies';
import { sha256 } from '../security/tokens';
import { createTokenStore, type TokenTable } from './tokenStore';

/** A console session ends after 2 hours without a call, and after 12 hours whatever happens. */
export const CONSOLE_SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const CONSOLE_SESSION_MAX_MS = 12 * 60 * 60 * 1000;

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
  /** Closed items are shown only to a request that says it comes from the console AND has a session. */
  isConsoleRequest(request: FastifyRequest): Promise<boolean>;
  /** The stored hash of the request's session cookie (the row a re-authentication is written on), or null. */
  sessionHashOf(request: FastifyRequest): string | null;
}

/** The `console_session` table: every read and write of it. */
const consoleSessionTable = (
  db: Db,
): TokenTable<number, { userId: number; lastSeenTime: string; expiresTime: string }> => ({
  insert: async (idHash, userId, times) => {
    await db.kysely
      .insertInto('consoleSession')
      .values({ idHash, userId, ...times })
      .execute();
  },
  find: (idHash) =>
    db.kysely
      .selectFrom('consoleSession')
      .select(['userId', 'lastSeenTime', 'expiresTime'])
      .where('idHash', '=', idHash)
      .executeTakeFirst(),
  touch: async (idHash, lastSeenTime) => {
    // Two calls at once may touch in either order; last-seen only moves forward.
    await db.kysely
      .updateTable('consoleSession')
      .set({ lastSeenTime })
      .where('idHash', '=', idHash)
      .where('lastSeenTime', '<', lastSeenTime)
      .execute();
  },
  remove: async (idHash) => {
    await db.kysely.deleteFrom('consoleSession').where('idHash', '=', idHash).execute();
  },
  sweepExpired: async (userId, before) => {
    await db.kysely
      .deleteFrom('consoleSession')
      .where('userId', '=', userId)
      .where('expiresTime', '<', before)
      .execute();
  },
});

/** Ends every session of a console user, inside the caller's transaction (a disabled account, a reset password). */
export const endConsoleSessionsOf = async (trx: Kysely<Database>, userId: number) => {
  await trx.deleteFrom('consoleSession').where('userId', '=', userId).execute();
};

export const createConsoleSessions = (
  app: FastifyInstance,
  db: Db,
  now: () => Date,
  cookies: CookiePolicy,
): ConsoleSessions => {
  app.decorateRequest('consoleUser', null);
  const cookieName = cookies.consoleSessionName;
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: cookies.secure(request),
  });
  const store = createTokenStore(
    consoleSessionTable(db),
    { idleMs: CONSOLE_SESSION_IDLE_MS, maxMs: CONSOLE_SESSION_MAX_MS },
    now,
  );
  const resolved = new WeakMap<FastifyRequest, Promise<ConsoleUser | null>>();

  const lookup = async (request: FastifyRequest): Promise<ConsoleUser | null> => {
    const cookie = request.cookies[cookieName];
    if (!cookie) return null;
    const session = await store.resolve(cookie);
    if (!session) return null;
    const row = await findConsoleUserRow(db.kysely, session.userId);
    if (!row || Number(row.disabled) === 1) return null;
    return toConsoleUser(row);
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
      reply.setCookie(cookieName, await store.issue(userId), cookieOptions(reply.request));
    },
    async end(request, reply) {
      const cookie = request.cookies[cookieName];
      if (cookie) await store.revoke(cookie);
      reply.clearCookie(cookieName, cookieOptions(request));
    },
    userOf,
    sessionHashOf(request) {
      const cookie = request.cookies[cookieName];
      return cookie ? sha256(cookie) : null;
    },
    async isConsoleRequest(request) {
      if (request.headers[HEADERS.console.toLowerCase()] !== '1') return false;
      return (await userOf(request)) !== null;
    },
  };
};
