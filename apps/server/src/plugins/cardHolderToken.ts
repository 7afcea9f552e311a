import { HEADERS } from '@lianmeng/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { unauthorized } from '../http/apiError';
import { randomToken, sha256 } from '../security/tokens';

/** A card token dies after 30 minutes without a call, after 12 hours whatever happens, and at logout. */
export const CARD_TOKEN_IDLE_MS = 30 * 60 * 1000;
export const CARD_TOKEN_MAX_MS = 12 * 60 * 60 * 1000;
// Refreshing last-seen on every call would make every read a write.
const TOUCH_AFTER_MS = 60 * 1000;
const TOKEN_REFUSED = '登录已过期，请重新登录';

export interface CardHolderIdentity {
  cardNo: string;
  /** Set when the log-in was by phone: every card of this phone may be used. */
  loginPhone: string | null;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    cardHolder: CardHolderIdentity | null;
  }
}

export interface CardTokens {
  issue(cardNo: string, loginPhone: string | null): Promise<string>;
  /** preHandler: a live token in `Authorization` (as issued, or `Bearer <token>`). */
  require(request: FastifyRequest): Promise<void>;
  revoke(tokenHash: string): Promise<void>;
  /** Ends every token of a card, except `keepHash` (the caller's own, after a password change). */
  revokeCard(cardNo: string, keepHash?: string): Promise<void>;
}

export const tokenFromHeader = (header: string | string[] | undefined): string | null => {
  if (typeof header !== 'string') return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 256 ? token : null;
};

export const createCardTokens = (app: FastifyInstance, db: Db, now: () => Date): CardTokens => {
  app.decorateRequest('cardHolder', null);

  const resolve = async (token: string): Promise<CardHolderIdentity | null> => {
    const tokenHash = sha256(token);
    const row = await db.kysely
      .selectFrom('cardToken')
      .selectAll()
      .where('tokenHash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return null;
    const current = now();
    const idle = current.getTime() - new Date(row.lastSeenTime).getTime();
    if (idle > CARD_TOKEN_IDLE_MS || current.toISOString() >= row.expiresTime) {
      await db.kysely.deleteFrom('cardToken').where('tokenHash', '=', tokenHash).execute();
      return null;
    }
    if (idle > TOUCH_AFTER_MS) {
      await db.kysely
        .updateTable('cardToken')
        .set({ lastSeenTime: current.toISOString() })
        .where('tokenHash', '=', tokenHash)
        .execute();
    }
    return { cardNo: row.cardNo, loginPhone: row.loginPhone, tokenHash };
  };

  return {
    async issue(cardNo, loginPhone) {
      const token = randomToken();
      const current = now();
      await db.kysely
        .insertInto('cardToken')
        .values({
          tokenHash: sha256(token),
          cardNo,
          loginPhone,
          createTime: current.toISOString(),
          lastSeenTime: current.toISOString(),
          expiresTime: new Date(current.getTime() + CARD_TOKEN_MAX_MS).toISOString(),
        })
        .execute();
      // Expired tokens of this card are swept as new ones are issued.
      await db.kysely
        .deleteFrom('cardToken')
        .where('cardNo', '=', cardNo)
        .where('expiresTime', '<', current.toISOString())
        .execute();
      return token;
    },
    async require(request) {
      const token = tokenFromHeader(request.headers[HEADERS.authorization.toLowerCase()]);
      const holder = token ? await resolve(token) : null;
      if (!holder) throw unauthorized(token ? TOKEN_REFUSED : '请先登录');
      request.cardHolder = holder;
    },
    async revoke(tokenHash) {
      await db.kysely.deleteFrom('cardToken').where('tokenHash', '=', tokenHash).execute();
    },
    async revokeCard(cardNo, keepHash) {
      let query = db.kysely.deleteFrom('cardToken').where('cardNo', '=', cardNo);
      if (keepHash) query = query.where('tokenHash', '!=', keepHash);
      await query.execute();
    },
  };
};
