import { randomToken, sha256 } from '../security/tokens';

/** The lifetimes every issued token has: it ends after `idleMs` without a call and after `maxMs` whatever happens. */
export interface TokenLifetime {
  idleMs: number;
  maxMs: number;
}

/** The times a stored token row carries, whatever else it holds. */
export interface StoredToken {
  lastSeenTime: string;
  expiresTime: string;
}

/** Where one kind of token is kept: one table, addressed by the token's hash. */
export interface TokenTable<Owner, Row extends StoredToken> {
  insert(
    hash: string,
    owner: Owner,
    times: { createTime: string; lastSeenTime: string; expiresTime: string },
  ): Promise<void>;
  find(hash: string): Promise<Row | undefined>;
  touch(hash: string, lastSeenTime: string): Promise<void>;
  remove(hash: string): Promise<void>;
  /** Removes the owner's tokens that expired before `before`; the table is swept as tokens are issued. */
  sweepExpired(owner: Owner, before: string): Promise<void>;
}

// Refreshing last-seen on every call would make every read a write.
const TOUCH_AFTER_MS = 60 * 1000;

export interface TokenStore<Owner, Row extends StoredToken> {
  /** A new token for the owner; only its SHA-256 is stored, so a copy of the database opens no session. */
  issue(owner: Owner): Promise<string>;
  /** The live row a token stands for, or null; a token past either expiry is deleted on the spot. */
  resolve(token: string): Promise<(Row & { tokenHash: string }) | null>;
  revoke(token: string): Promise<void>;
}

/** One implementation of a hashed bearer token with idle and absolute expiry, for every kind of session. */
export const createTokenStore = <Owner, Row extends StoredToken>(
  table: TokenTable<Owner, Row>,
  lifetime: TokenLifetime,
  now: () => Date,
): TokenStore<Owner, Row> => ({
  async issue(owner) {
    const token = randomToken();
    const current = now();
    const at = current.toISOString();
    await table.insert(sha256(token), owner, {
      createTime: at,
      lastSeenTime: at,
      expiresTime: new Date(current.getTime() + lifetime.maxMs).toISOString(),
    });
    await table.sweepExpired(owner, at);
    return token;
  },
  async resolve(token) {
    const tokenHash = sha256(token);
    const row = await table.find(tokenHash);
    if (!row) return null;
    const current = now();
    const idle = current.getTime() - new Date(row.lastSeenTime).getTime();
    if (idle > lifetime.idleMs || current.toISOString() >= row.expiresTime) {
      await table.remove(tokenHash);
      return null;
    }
    if (idle > TOUCH_AFTER_MS) await table.touch(tokenHash, current.toISOString());
    return { ...row, tokenHash };
  },
  async revoke(token) {
    await table.remove(sha256(token));
  },
});
