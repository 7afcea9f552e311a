import { sql } from 'kysely';
import type { Db } from '../db/database';

/** How long a process trusts the number it last read: a change elsewhere shows within this (and a query). */
export const SITE_VERSION_READ_MS = 250;

export interface SiteVersion {
  /** The current number, read from the database at most once per SITE_VERSION_READ_MS. */
  current(): Promise<number>;
}

export const createSiteVersion = (db: Db, now: () => number = Date.now): SiteVersion => {
  let value = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<number> | null = null;
  const read = async () => {
    const result = await sql<{ version: number | string }>`select version from site_version where id = 1`.execute(
      db.kysely,
    );
    // pg answers bigint columns as text.
    return Number(result.rows[0]?.version ?? 0);
  };
  return {
    current() {
      if (now() - readAt < SITE_VERSION_READ_MS) return Promise.resolve(value);
      reading ??= read()
        .then((next) => {
          value = next;
          readAt = now();
          return next;
        })
        .finally(() => {
          reading = null;
        });
      return reading;
    },
  };
};
