/**
 * The server's cache: a bounded map from keys to values, least recently used dropped first, in named
 * sections that share one bound (the public reads, the rendered pages and the keyword totals), so a crawler
 * asking for endless pages or keywords cannot push the process's memory past it through any of them.
 *
 * An entry tied to the site version is good while that version is current; an entry may also carry an
 * expiry instant (a showing window that opens or closes changes what the public sees with no write).
 * One instance per server: nothing here is module-level state.
 */
const CACHE_MAX_ENTRIES = 2500;
const CACHE_MAX_BYTES = 24 * 1024 * 1024;

export interface CacheEntry<T> {
  value: T;
  /** The site version it was built under; null for an entry that only its expiry ends. */
  version: number | null;
  /** The server's clock at which the entry stops being true; null: only a new version ends it. */
  expiresAt: number | null;
  /** What it holds, in bytes, as far as the bound is concerned. */
  bytes: number;
}

export interface CacheSection<T> {
  /**
   * The entry under `key` if it was built under `version` (pass null for entries tied to no version) and
   * has not expired; a stale entry is dropped. A hit makes the entry the most recently used.
   */
  get(key: string, version: number | null): CacheEntry<T> | undefined;
  set(key: string, entry: CacheEntry<T>): void;
  /** Counts bytes added to an entry's value after it was set (a compressed variant made later). */
  grow(key: string, bytes: number): void;
  delete(key: string): void;
}

export interface Cache {
  section<T>(name: string): CacheSection<T>;
  clear(): void;
  readonly size: number;
  readonly bytes: number;
}

export interface CacheBounds {
  maxEntries: number;
  maxBytes: number;
}

export const createCache = (
  now: () => number = Date.now,
  bounds: CacheBounds = { maxEntries: CACHE_MAX_ENTRIES, maxBytes: CACHE_MAX_BYTES },
): Cache => {
  // A Map iterates in insertion order: a hit moves its entry to the end, so the first is the least recent.
  const entries = new Map<string, CacheEntry<unknown>>();
  let bytes = 0;
  // The newest version any entry was built under: entries of older versions can never be served again.
  let newest = Number.NEGATIVE_INFINITY;

  const drop = (full: string) => {
    const entry = entries.get(full);
    if (!entry) return;
    entries.delete(full);
    bytes -= entry.bytes;
  };
  /** A newer version makes every entry of an older one unreachable: dropped at once rather than aged out. */
  const see = (version: number | null) => {
    if (version === null || version <= newest) return;
    newest = version;
    for (const [full, entry] of entries) if (entry.version !== null && entry.version < version) drop(full);
  };
  const trim = () => {
    for (const [full] of entries) {
      if (entries.size <= bounds.maxEntries && bytes <= bounds.maxBytes) break;
      drop(full);
    }
  };

  return {
    section<T>(name: string): CacheSection<T> {
      const fullKey = (key: string) => `${name}\u0000${key}`;
      return {
        get(key, version) {
          see(version);
          const full = fullKey(key);
          const entry = entries.get(full);
          if (!entry) return undefined;
          if (entry.version !== version || (entry.expiresAt !== null && now() >= entry.expiresAt)) {
            drop(full);
            return undefined;
          }
          entries.delete(full);
          entries.set(full, entry);
          return entry as CacheEntry<T>;
        },
        set(key, entry) {
          see(entry.version);
          const full = fullKey(key);
          drop(full);
          if (entry.version !== null && entry.version < newest) return;
          // Larger than the whole bound: storing it would only push everything else out.
          if (entry.bytes > bounds.maxBytes) return;
          entries.set(full, entry);
          bytes += entry.bytes;
          trim();
        },
        grow(key, added) {
          const entry = entries.get(fullKey(key));
          if (!entry) return;
          entry.bytes += added;
          bytes += added;
          trim();
        },
        delete: (key) => drop(fullKey(key)),
      };
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
};
