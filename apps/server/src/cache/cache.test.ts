import { describe, expect, it } from 'vitest';
import { createCache } from './cache';

const entry = (value: string, version: number | null = 1, bytes = 10, expiresAt: number | null = null) => ({
  value,
  version,
  bytes,
  expiresAt,
});

describe('the cache', () => {
  it('holds no more than its bound of entries, the least recently used dropped first', () => {
    const cache = createCache(() => 0, { maxEntries: 3, maxBytes: 1_000 });
    const reads = cache.section<string>('read');
    reads.set('a', entry('a'));
    reads.set('b', entry('b'));
    reads.set('c', entry('c'));
    // A hit makes `a` the most recent: `b` is now the oldest.
    expect(reads.get('a', 1)?.value).toBe('a');
    reads.set('d', entry('d'));
    expect(cache.size).toBe(3);
    expect(reads.get('b', 1)).toBeUndefined();
    expect(reads.get('a', 1)?.value).toBe('a');
    expect(reads.get('d', 1)?.value).toBe('d');
  });

  it('holds no more than its bound of bytes, oldest first, counting what an entry grows by', () => {
    const cache = createCache(() => 0, { maxEntries: 100, maxBytes: 100 });
    const reads = cache.section<string>('read');
    reads.set('a', entry('a', 1, 40));
    reads.set('b', entry('b', 1, 40));
    expect(cache.bytes).toBe(80);
    reads.grow('b', 10);
    expect(cache.bytes).toBe(90);
    reads.set('c', entry('c', 1, 30));
    expect(reads.get('a', 1)).toBeUndefined();
    expect(cache.bytes).toBe(80);
    // An entry larger than the whole bound is not kept at all, and pushes nothing out.
    reads.set('huge', entry('huge', 1, 500));
    expect(reads.get('huge', 1)).toBeUndefined();
    expect(reads.get('c', 1)?.value).toBe('c');
    expect(cache.bytes).toBe(80);
  });

  it('shares one bound among its sections, which never see each other’s keys', () => {
    const cache = createCache(() => 0, { maxEntries: 2, maxBytes: 1_000 });
    const reads = cache.section<string>('read');
    const pages = cache.section<string>('page');
    reads.set('same', entry('read'));
    pages.set('same', entry('page'));
    expect(reads.get('same', 1)?.value).toBe('read');
    expect(pages.get('same', 1)?.value).toBe('page');
    pages.set('other', entry('page 2'));
    expect(cache.size).toBe(2);
    expect(reads.get('same', 1)).toBeUndefined();
  });

  it('serves an entry only under the version it was built under, and drops older versions once a newer is seen', () => {
    const cache = createCache(() => 0);
    const reads = cache.section<string>('read');
    reads.set('a', entry('old', 1));
    reads.set('b', entry('old b', 1));
    expect(reads.get('a', 2)).toBeUndefined();
    expect(cache.size).toBe(0);
    // Built under a version older than one already seen: never stored.
    reads.set('late', entry('late', 1));
    expect(reads.get('late', 1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('serves an entry until its expiry instant, and one tied to no version until then only', () => {
    let now = 1_000;
    const cache = createCache(() => now);
    const reads = cache.section<string>('read');
    reads.set('window', entry('x', 1, 10, 1_500));
    reads.set('timed', entry('y', null, 10, 2_000));
    now = 1_499;
    expect(reads.get('window', 1)?.value).toBe('x');
    now = 1_500;
    expect(reads.get('window', 1)).toBeUndefined();
    // A new version does not end an entry that follows none.
    expect(reads.get('other', 7)).toBeUndefined();
    expect(reads.get('timed', null)?.value).toBe('y');
    now = 2_000;
    expect(reads.get('timed', null)).toBeUndefined();
  });

  it('is one per caller: two caches share nothing', () => {
    const first = createCache().section<string>('read');
    const second = createCache().section<string>('read');
    first.set('a', entry('a'));
    expect(second.get('a', 1)).toBeUndefined();
  });
});
