import { HEADERS } from '@lianmeng/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { unauthorized } from '../http/apiError';
import { createTokenStore, type TokenTable } from './tokenStore';

/** A card token dies after 30 minutes without a call, after 12 hours whatever happens, and at logout. */
export const CARD_TOKEN_IDLE_MS = 30 * 60 * 1000;
export const CARD_TOKEN_MAX_MS = 12 * 60 * 60 * 1000;
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
  /** A live token in `Authorization` (as issued, or `Bearer <token>`), else a 401; sets `request.cardHolder`. */
  require(request: FastifyRequest): Promise<void>;
  revoke(tokenHash: string): Promise<void>;
  /** Ends every token of a card, except `keepHash` (the caller's own, after a password change). */
  revokeCard(cardNo: string, keepHash?: string): Promise<void>;
  /**
   * Makes a token act for another card (the card chosen after a phone log-in), in `trx` when given; the token
   * itself stays, so no new secret is sent. False when the token no longer exists.
   */
  rebind(tokenHash: string, cardNo: string, trx?: Kysely<Database>): Promise<boolean>;
}

/** Card tokens travel in `Authorization`, never in a cookie, so the portal's calls need no anti-forgery header. */
export const tokenFromHeader = (header: string | string[] | undefined): string | null => {
  if (typeof header !== 'string') return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 256 ? token : null;
};

type CardOwner = { cardNo: string; loginPhone: string | null };

/** The `card_token` table: every read and write of it. */
const cardTokenTable = (
  db: Db,
): TokenTable<CardOwner, { cardNo: string; loginPhone: string | null; lastSeenTime: string; expiresTime: string }> => ({
  insert: async (tokenHash, owner, times) => {
    await db.kysely
      .insertInto('cardToken')
      .values({ tokenHash, ...owner, ...times })
      .execute();
  },
  find: (tokenHash) =>
    db.kysely
      .selectFrom('cardToken')
      .select(['cardNo', 'loginPhone', 'lastSeenTime', 'expiresTime'])
      .where('tokenHash', '=', tokenHash)
      .executeTakeFirst(),
  touch: async (tokenHash, lastSeenTime) => {
    // Two calls at once may touch in either order; last-seen only moves forward.
    await db.kysely
      .updateTable('cardToken')
      .set({ lastSeenTime })
      .where('tokenHash', '=', tokenHash)
      .where('lastSeenTime', '<', lastSeenTime)
      .execute();
  },
  remove: async (tokenHash) => {
    await db.kysely.deleteFrom('cardToken').where('tokenHash', '=', tokenHash).execute();
  },
  sweepExpired: async (owner, before) => {
    await db.kysely
      .deleteFrom('cardToken')
      .where('cardNo', '=', owner.cardNo)
      .where('expiresTime', '<', before)
      .execute();
  },
});

export const createCardTokens = (app: FastifyInstance, db: Db, now: () => Date): CardTokens => {
  app.decorateRequest('cardHolder', null);
  const store = createTokenStore(cardTokenTable(db), { idleMs: CARD_TOKEN_IDLE_MS, maxMs: CARD_TOKEN_MAX_MS }, now);

  return {
    issue: (cardNo, loginPhone) => store.issue({ cardNo, loginPhone }),
    async require(request) {
      const token = tokenFromHeader(request.headers[HEADERS.authorization.toLowerCase()]);
      const row = token ? await store.resolve(token) : null;
      if (!row) throw unauthorized(token ? TOKEN_REFUSED : '请先登录');
      request.cardHolder = { cardNo: row.cardNo, loginPhone: row.loginPhone, tokenHash: row.tokenHash };
    },
    async revoke(tokenHash) {
      await cardTokenTable(db).remove(tokenHash);
    },
    async revokeCard(cardNo, keepHash) {
      let query = db.kysely.deleteFrom('cardToken').where('cardNo', '=', cardNo);
      if (keepHash) query = query.where('tokenHash', '!=', keepHash);
      await query.execute();
    },
    async rebind(tokenHash, cardNo, trx = db.kysely) {
      const result = await trx
        .updateTable('cardToken')
        .set({ cardNo })
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
};
