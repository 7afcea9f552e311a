import type { FastifyInstance } from 'fastify';
import type { SiteVersion } from '../db/siteVersion';

/** Kept answers, oldest dropped first: endless keywords or page numbers cannot grow a process past this. */
export const PUBLIC_ANSWERS_MAX_ENTRIES = 2000;
export const PUBLIC_ANSWERS_MAX_BYTES = 16 * 1024 * 1024;

export interface PublicAnswers {
  /** The serialised answer kept under this key for the current site version, if any. */
  get(key: string): Promise<{ body: string; version: number } | { body: null; version: number }>;
  /** The kept answer when the version read is fresh, without waiting for anything; null otherwise. */
  peek(key: string): string | null;
  /**
   * Keeps an answer built while `version` was current; a later version makes it unreachable, and so does
   * the server's clock reaching `expiresAt` (an answer that changes with time alone, such as the images
   * whose showing window opens or closes, is kept only until then).
   */
  set(key: string, version: number, body: string, expiresAt?: number | null): void;
  /** Forgets the version read, so the next public read asks the database again. */
  invalidate(): void;
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicAnswers: PublicAnswers;
  }
}

export const createPublicAnswers = (siteVersion: SiteVersion, now: () => number = Date.now): PublicAnswers => {
  const kept = new Map<string, { version: number; body: string; expiresAt: number | null }>();
  let bytes = 0;
  const expired = (entry: { expiresAt: number | null }) => entry.expiresAt !== null && now() >= entry.expiresAt;

  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    bytes -= entry.body.length;
  };

  return {
    peek(key) {
      const version = siteVersion.fresh();
      if (version === null) return null;
      const entry = kept.get(key);
      return entry && entry.version === version && !expired(entry) ? entry.body : null;
    },
    async get(key) {
      const current = await siteVersion.current();
      const entry = kept.get(key);
      if (!entry) return { body: null, version: current };
      if (entry.version !== current || expired(entry)) {
        drop(key);
        return { body: null, version: current };
      }
      return { body: entry.body, version: current };
    },
    set(key, at, body, expiresAt = null) {
      drop(key);
      // Built under a version that is no longer current: keeping it would only waste room.
      if (at !== siteVersion.fresh()) return;
      kept.set(key, { version: at, body, expiresAt });
      bytes += body.length;
      for (const [oldKey] of kept) {
        if (kept.size <= PUBLIC_ANSWERS_MAX_ENTRIES && bytes <= PUBLIC_ANSWERS_MAX_BYTES) break;
        drop(oldKey);
      }
    },
    invalidate: () => siteVersion.invalidate(),
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
export const registerPublicAnswers = (app: FastifyInstance, siteVersion: SiteVersion, now: () => number) => {
  const answers = createPublicAnswers(siteVersion, now);
  app.decorate('publicAnswers', answers);
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.consoleUser) answers.invalidate();
    done(null, payload);
  });
  return answers;
};
