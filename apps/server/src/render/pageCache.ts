import { createKeptStore, type KeptStore } from '../http/keptStore';

/**
 * Rendered anonymous pages, by host, path, query and elderly mode, in the server's one store of kept public
 * things (http/keptStore.ts), which bounds them together with the kept API answers. An entry is good while
 * the site version it was rendered under is still current, and for at most MAX_AGE_MS: what a page shows
 * also changes with the clock (a banner's start and end time, a scheduled article), which no write announces.
 */
export const PAGE_CACHE_MAX_AGE_MS = 60_000;

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

export const createPageCache = (now: () => number = Date.now, store: KeptStore = createKeptStore(now)) => ({
  get(key: string, version: number): CachedPage | undefined {
    return store.get<CachedPage>('page', key, version)?.value;
  },
  set(key: string, page: Omit<CachedPage, 'storedAt'>) {
    const storedAt = now();
    const maxAge = storedAt + PAGE_CACHE_MAX_AGE_MS;
    store.set<CachedPage>('page', key, {
      version: page.version,
      expiresAt: page.expiresAt === undefined ? maxAge : Math.min(page.expiresAt, maxAge),
      // JavaScript strings hold up to two bytes a character; the page's Chinese text takes two.
      bytes: page.body.length * 2 + page.gzip.length,
      value: { ...page, storedAt },
    });
  },
});
