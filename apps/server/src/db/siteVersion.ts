import { sql } from 'kysely';
import type { Db } from './database';

/**
 * How long a process trusts the site version it last read. Database triggers bump the version on every
 * write to the image messages, articles and site settings, whichever process (or script) writes, so another
 * process sees a change within this time plus one query.
 */
export const SITE_VERSION_READ_MS = 250;

/** The one reader of the `site_version` row: the kept public answers and the page cache both follow it. */
export interface SiteVersion {
  /** The current number, read from the database at most once per SITE_VERSION_READ_MS. */
  current(): Promise<number>;
  /** The number last read while it is still trusted, without waiting for anything; null otherwise. */
  fresh(): number | null;
  /** Forgets the number read (this process just wrote), so the next reader asks the database again. */
  invalidate(): void;
}

export const createSiteVersion = (db: Db, now: () => number = Date.now): SiteVersion => {
  let value = 0;
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
          value = next;
          readAt = now();
        }
        return next;
      })
      .finally(() => {
        if (reading === pending) reading = null;
      });
    return pending;
  };

  return {
    current() {
      if (now() - readAt < SITE_VERSION_READ_MS) return Promise.resolve(value);
      reading ??= read();
      return reading;
    },
    fresh: () => (now() - readAt < SITE_VERSION_READ_MS ? value : null),
    invalidate() {
      generation += 1;
      readAt = Number.NEGATIVE_INFINITY;
      reading = null;
    },
  };
};
