/**
 * Rendered anonymous pages, by host, path, query and elderly mode. An entry is good while the site version it
 * was rendered under is still current, and for at most MAX_AGE_MS: what a page shows also changes with the
 * clock (a banner's start and end time, a scheduled article), which no write announces.
 */
export const PAGE_CACHE_MAX_AGE_MS = 60_000;
export const PAGE_CACHE_MAX_ENTRIES = 500;

export interface CachedPage {
  status: number;
  body: string;
  /** The same body compressed once, for the clients that accept gzip. */
  gzip: Buffer;
  version: number;
  storedAt: number;
  /** When the page may change without a write (an image's showing window opens or closes); none: never. */
  expiresAt?: number;
}

export const createPageCache = (now: () => number = Date.now) => {
  const entries = new Map<string, CachedPage>();
  return {
    get(key: string, version: number): CachedPage | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const at = now();
      if (
        entry.version !== version ||
        at - entry.storedAt > PAGE_CACHE_MAX_AGE_MS ||
        (entry.expiresAt !== undefined && at >= entry.expiresAt)
      ) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    set(key: string, page: Omit<CachedPage, 'storedAt'>) {
      entries.delete(key);
      // The oldest entry goes first: endless search keywords cannot grow the cache past its bound.
      if (entries.size >= PAGE_CACHE_MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { ...page, storedAt: now() });
    },
    get size() {
      return entries.size;
    },
  };
};
