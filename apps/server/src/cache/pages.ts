import { type Cache, createCache } from './cache';

/**
 * Rendered pages in a section of the server's cache (`page`: the anonymous pages by host, path, query and
 * elderly mode), bounded together with the cached public reads. An entry is good while the site version it
 * was rendered under is still current, and for at most PAGE_CACHE_MAX_AGE_MS: what a page shows also changes
 * with the clock (a banner's start and end time, a scheduled article), which no write announces.
 */
export const PAGE_CACHE_MAX_AGE_MS = 60_000;

export interface CachedPage {
  status: number;
  body: string;
  /** The same body compressed once, for the clients that accept gzip. */
  gzip: Buffer;
}

export const createPageCache = (now: () => number = Date.now, store: Cache = createCache(now), section = 'page') => {
  const pages = store.section<CachedPage>(section);
  return {
    get(key: string, version: number): CachedPage | undefined {
      return pages.get(key, version)?.value;
    },
    /**
     * Stores a page rendered under `version`; `expiresAt`: when it may change without a write (an image's
     * showing window opens or closes); none: only its maximum age ends it.
     */
    set(key: string, { status, body, gzip, version, expiresAt }: CachedPage & { version: number; expiresAt?: number }) {
      const maxAge = now() + PAGE_CACHE_MAX_AGE_MS;
      pages.set(key, {
        version,
        expiresAt: expiresAt === undefined ? maxAge : Math.min(expiresAt, maxAge),
        // JavaScript strings hold up to two bytes a character; the page's Chinese text takes two.
        bytes: body.length * 2 + gzip.length,
        value: { status, body, gzip },
      });
    },
  };
};
