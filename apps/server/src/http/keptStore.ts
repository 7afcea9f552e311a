/**
 * The one bounded store of everything the server keeps between requests for the public: the serialised
 * public answers and the rendered anonymous pages, each in its own namespace. An entry is good while the
 * site version it was built under is current and, when it has one, until its expiry instant (a showing
 * window that opens or closes changes what the public sees with no write). One bound covers both, so a
 * crawler asking for endless pages cannot push the process's memory past it through either.
 */
export const KEPT_MAX_ENTRIES = 2500;
export const KEPT_MAX_BYTES = 24 * 1024 * 1024;

export type KeptNamespace = 'answer' | 'page';

export interface KeptEntry<T> {
  version: number;
  /** The server's clock at which the entry stops being true; null: only a new version ends it. */
  expiresAt: number | null;
  bytes: number;
  value: T;
}

export interface KeptStore {
  /** The entry under `key` if it was built under `version` and has not expired; a stale one is dropped. */
  get<T>(namespace: KeptNamespace, key: string, version: number): KeptEntry<T> | undefined;
  /** Whether anything is kept under `key`, of whatever version: a cheap test before reading the version. */
  has(namespace: KeptNamespace, key: string): boolean;
  /** The entry under `key` of whatever version, not counted as a read: to add to what it holds. */
  peek<T>(namespace: KeptNamespace, key: string): KeptEntry<T> | undefined;
  set<T>(namespace: KeptNamespace, key: string, entry: KeptEntry<T>): void;
  /** Counts bytes added to a kept entry's value since it was set (a coding of the answer made later). */
  grow(namespace: KeptNamespace, key: string, bytes: number): void;
  clear(): void;
  readonly size: number;
  readonly bytes: number;
}

export const createKeptStore = (
  now: () => number = Date.now,
  bounds: { maxEntries: number; maxBytes: number } = { maxEntries: KEPT_MAX_ENTRIES, maxBytes: KEPT_MAX_BYTES },
): KeptStore => {
  // Insertion order is recency order: a read moves its entry to the end, so the first is the oldest.
  const entries = new Map<string, KeptEntry<unknown>>();
  let bytes = 0;
  // The newest version seen: an entry built under an older one can never be served again.
  let newest = Number.NEGATIVE_INFINITY;

  const fullKey = (namespace: KeptNamespace, key: string) => `${namespace}\u0000${key}`;
  const drop = (full: string) => {
    const entry = entries.get(full);
    if (!entry) return;
    entries.delete(full);
    bytes -= entry.bytes;
  };
  /** A new version ends every entry at once rather than one by one as each is next asked for. */
  const see = (version: number) => {
    if (version <= newest) return;
    newest = version;
    for (const [full, entry] of entries) if (entry.version < version) drop(full);
  };
  const trim = () => {
    for (const [full] of entries) {
      if (entries.size <= bounds.maxEntries && bytes <= bounds.maxBytes) break;
      drop(full);
    }
  };

  return {
    get<T>(namespace: KeptNamespace, key: string, version: number) {
      see(version);
      const full = fullKey(namespace, key);
      const entry = entries.get(full);
      if (!entry) return undefined;
      if (entry.version !== version || (entry.expiresAt !== null && now() >= entry.expiresAt)) {
        drop(full);
        return undefined;
      }
      entries.delete(full);
      entries.set(full, entry);
      return entry as KeptEntry<T>;
    },
    has: (namespace, key) => entries.has(fullKey(namespace, key)),
    peek: <T>(namespace: KeptNamespace, key: string) =>
      entries.get(fullKey(namespace, key)) as KeptEntry<T> | undefined,
    set(namespace, key, entry) {
      see(entry.version);
      const full = fullKey(namespace, key);
      drop(full);
      if (entry.version < newest) return;
      entries.set(full, entry);
      bytes += entry.bytes;
      trim();
    },
    grow(namespace, key, added) {
      const entry = entries.get(fullKey(namespace, key));
      if (!entry) return;
      entry.bytes += added;
      bytes += added;
      trim();
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
