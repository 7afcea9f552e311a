import { describe, expect, it } from 'vitest';
import { sha256 } from '../security/tokens';
import { createTokenStore, type TokenTable } from './tokenStore';

type Row = { owner: string; lastSeenTime: string; expiresTime: string };

/** A table in memory that records what the store asks of it. */
const memoryTable = () => {
  const rows = new Map<string, Row>();
  const touches: string[] = [];
  const table: TokenTable<string, Row> = {
    insert: async (hash, owner, times) => {
      rows.set(hash, { owner, lastSeenTime: times.lastSeenTime, expiresTime: times.expiresTime });
    },
    find: async (hash) => rows.get(hash),
    touch: async (hash, lastSeenTime) => {
      touches.push(lastSeenTime);
      const row = rows.get(hash);
      if (row) rows.set(hash, { ...row, lastSeenTime });
    },
    remove: async (hash) => {
      rows.delete(hash);
    },
    sweepExpired: async (owner, before) => {
      for (const [hash, row] of rows) if (row.owner === owner && row.expiresTime < before) rows.delete(hash);
    },
  };
  return { rows, touches, table };
};

const MINUTE = 60_000;
const lifetime = { idleMs: 30 * MINUTE, maxMs: 12 * 60 * MINUTE };

const storeAt = (start: number) => {
  const memory = memoryTable();
  let clock = start;
  const store = createTokenStore(memory.table, lifetime, () => new Date(clock));
  return { ...memory, store, advance: (ms: number) => (clock += ms) };
};

describe('the token store both session kinds use', () => {
  it('stores only the SHA-256 of a token of 256 random bits', async () => {
    const { store, rows } = storeAt(Date.parse('2026-11-22T08:00:00Z'));
    const token = await store.issue('alice');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect([...rows.keys()]).toEqual([sha256(token)]);
    expect(await store.resolve(token)).toMatchObject({ owner: 'alice', tokenHash: sha256(token) });
    expect(await store.resolve(sha256(token))).toBeNull();
  });

  it('ends a token left idle too long, and deletes it', async () => {
    const { store, rows, advance } = storeAt(Date.parse('2026-11-22T08:00:00Z'));
    const token = await store.issue('alice');
    advance(lifetime.idleMs - MINUTE);
    expect(await store.resolve(token)).not.toBeNull();
    advance(lifetime.idleMs + 1);
    expect(await store.resolve(token)).toBeNull();
    expect(rows.size).toBe(0);
  });

  it('ends a token at its absolute expiry however busy it is, and refreshes last-seen at most once a minute', async () => {
    const { store, touches, advance } = storeAt(Date.parse('2026-11-22T08:00:00Z'));
    const token = await store.issue('alice');
    advance(30_000);
    await store.resolve(token);
    expect(touches).toHaveLength(0);
    let used = 30_000;
    while (used + 20 * MINUTE < lifetime.maxMs) {
      advance(20 * MINUTE);
      used += 20 * MINUTE;
      expect(await store.resolve(token)).not.toBeNull();
    }
    expect(touches.length).toBeGreaterThan(0);
    advance(lifetime.maxMs - used);
    expect(await store.resolve(token)).toBeNull();
  });

  it('revokes one token and sweeps the owner’s expired ones as it issues', async () => {
    const { store, rows, advance } = storeAt(Date.parse('2026-11-22T08:00:00Z'));
    const first = await store.issue('alice');
    const second = await store.issue('alice');
    await store.revoke(first);
    expect(await store.resolve(first)).toBeNull();
    expect(await store.resolve(second)).not.toBeNull();
    advance(lifetime.maxMs + MINUTE);
    await store.issue('alice');
    expect(rows.size).toBe(1);
  });
});
