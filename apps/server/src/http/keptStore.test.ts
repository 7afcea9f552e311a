import { describe, expect, it } from 'vitest';
import { createPageCache } from '../render/pageCache';
import { createKeptStore } from './keptStore';

const entry = (version: number, bytes = 10, expiresAt: number | null = null) => ({
  version,
  expiresAt,
  bytes,
  value: 'x',
});

describe('the kept store', () => {
  it('bounds the answers and the pages together, the least recently read dropped first', () => {
    const store = createKeptStore(() => 0, { maxEntries: 3, maxBytes: 1_000 });
    store.set('answer', 'a', entry(1));
    store.set('page', 'a', entry(1));
    store.set('answer', 'b', entry(1));
    expect(store.get('answer', 'a', 1)).toBeDefined();
    store.set('page', 'b', entry(1));
    expect(store.size).toBe(3);
    // The page read least recently went first; the answer just read stayed.
    expect(store.has('page', 'a')).toBe(false);
    expect(store.has('answer', 'a')).toBe(true);
  });

  it('shows an entry of any version to peek, without counting it as a read', () => {
    const store = createKeptStore(() => 0, { maxEntries: 2, maxBytes: 1_000 });
    store.set('answer', 'a', entry(1));
    store.set('answer', 'b', entry(1));
    expect(store.peek('answer', 'a')?.version).toBe(1);
    expect(store.peek('answer', 'missing')).toBeUndefined();
    // Not a read: the entry peeked at is still the oldest, dropped first.
    store.set('answer', 'c', entry(1));
    expect(store.has('answer', 'a')).toBe(false);
  });

  it('bounds the bytes, counting what is added to an entry later', () => {
    const store = createKeptStore(() => 0, { maxEntries: 100, maxBytes: 100 });
    store.set('answer', 'old', entry(1, 40));
    store.set('page', 'new', entry(1, 40));
    store.grow('page', 'new', 30);
    expect(store.bytes).toBe(70);
    expect(store.has('answer', 'old')).toBe(false);
  });

  it('ends every older entry of both namespaces once a newer version is seen', () => {
    const store = createKeptStore(() => 0);
    store.set('answer', 'a', entry(1));
    store.set('page', 'p', entry(1));
    expect(store.get('answer', 'other', 2)).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
    // An answer built under the old version after the new one was seen is not kept.
    store.set('answer', 'late', entry(1));
    expect(store.has('answer', 'late')).toBe(false);
  });

  it('ends an entry at its expiry instant', () => {
    let now = 0;
    const store = createKeptStore(() => now);
    store.set('answer', 'window', entry(1, 10, 500));
    now = 499;
    expect(store.get('answer', 'window', 1)).toBeDefined();
    now = 500;
    expect(store.get('answer', 'window', 1)).toBeUndefined();
  });

  it('holds the rendered pages in the same store as the answers', () => {
    const store = createKeptStore(() => 0, { maxEntries: 1, maxBytes: 1_000_000 });
    const pages = createPageCache(() => 0, store);
    pages.set('/index', { status: 200, body: '<html>', gzip: Buffer.from('z'), version: 1 });
    expect(pages.get('/index', 1)?.body).toBe('<html>');
    store.set('answer', 'a', entry(1));
    expect(pages.get('/index', 1)).toBeUndefined();
  });
});
