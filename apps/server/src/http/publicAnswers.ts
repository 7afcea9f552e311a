import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * How long a process trusts the site version it last read. Triggers bump the version on every write to the
 * images, articles and settings, whichever process (or script) writes, so another process sees a change
 * within this time plus one query; this process drops its own copy as soon as it answers a console write.
 */
export const PUBLIC_VERSION_READ_MS = 250;

/** Kept answers, oldest dropped first: endless keywords or page numbers cannot grow a process past this. */
export const PUBLIC_ANSWERS_MAX_ENTRIES = 2000;
export const PUBLIC_ANSWERS_MAX_BYTES = 16 * 1024 * 1024;

export interface PublicAnswers {
  /** The serialised answer kept under this key for the current site version, if any. */
  get(key: string): Promise<{ body: string; version: number } | { body: null; version: number }>;
  /** The kept answer when the version read is fresh, without waiting for anything; null otherwise. */
  peek(key: string): string | null;
  /** Keeps an answer built while `version` was current; a later version makes it unreachable. */
  set(key: string, version: number, body: string): void;
  /** Forgets the version read, so the next public read asks the database again. */
  invalidate(): void;
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicAnswers: PublicAnswers;
  }
}

export const createPublicAnswers = (db: Db, now: () => number = Date.now): PublicAnswers => {
  const kept = new Map<string, { version: number; body: string }>();
  let bytes = 0;
  let version = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<number> | null = null;
  // A read that began before a local write finished may return the old number: it must not be trusted.
  let generation = 0;

  const read = () => {
    const started = generation;
    const pending = sql<{ version: number | string }>`select version from site_version where id = 1`
      .execute(db.kysely)
      .then((result) => {
        // pg answers bigint columns as text.
        const next = Number(result.rows[0]?.version ?? 0);
        if (started === generation) {
          version = next;
          readAt = now();
        }
        return next;
      })
      .finally(() => {
        if (reading === pending) reading = null;
      });
    return pending;
  };

  const currentVersion = () => {
    if (now() - readAt < PUBLIC_VERSION_READ_MS) return Promise.resolve(version);
    reading ??= read();
    return reading;
  };

  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    bytes -= entry.body.length;
  };

  return {
    peek(key) {
      if (now() - readAt >= PUBLIC_VERSION_READ_MS) return null;
      const entry = kept.get(key);
      return entry && entry.version === version ? entry.body : null;
    },
    async get(key) {
      const current = await currentVersion();
      const entry = kept.get(key);
      if (!entry) return { body: null, version: current };
      if (entry.version !== current) {
        drop(key);
        return { body: null, version: current };
      }
      return { body: entry.body, version: current };
    },
    set(key, at, body) {
      drop(key);
      // Built under a version that is no longer current: keeping it would only waste room.
      if (at !== version) return;
      kept.set(key, { version: at, body });
      bytes += body.length;
      for (const [oldKey] of kept) {
        if (kept.size <= PUBLIC_ANSWERS_MAX_ENTRIES && bytes <= PUBLIC_ANSWERS_MAX_BYTES) break;
        drop(oldKey);
      }
    },
    invalidate() {
      generation += 1;
      readAt = Number.NEGATIVE_INFINITY;
      reading = null;
    },
    get size() {
      return kept.size;
    },
  };
};

/**
 * Decorates the server with the kept public answers. Every write to public content needs a console
 * session (and some console writes are GETs), so once any request with a console session is answered (its
 * transaction has committed by then) this process reads the version again before serving a kept answer:
 * the editor sees the change at once.
 */
export const registerPublicAnswers = (app: FastifyInstance, db: Db) => {
  const answers = createPublicAnswers(db);
  app.decorate('publicAnswers', answers);
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.consoleUser) answers.invalidate();
    done(null, payload);
  });
  return answers;
};
