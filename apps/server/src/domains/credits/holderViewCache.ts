import type { ServerCache } from '../../cache/publicReads';

interface KeptView<T> {
  ledgerVersion: number;
  view: T;
}

/**
 * A holder's credit views in the server's cache (its `holderView` section, under the cache's one bound): each
 * kept under the holder's ledger version and the site version it was built under, so a request whose holder
 * nothing happened to since is answered with no walk through the ledger. The key names the holder; the
 * caller adds whatever else the view depends on (the filters, the page, the day).
 */
export const createHolderViewCache = (cache: ServerCache) => {
  const section = cache.store.section<KeptView<unknown>>('holderView');
  return {
    /**
     * The view under `key`, built by `build` unless one built under the same versions is kept. The caller
     * reads `ledgerVersion` (with the card it authorises, in one read) before: a change landing after that
     * leaves a newer view under the older number, which the next request finds stale and builds again; never
     * an older view kept as new.
     */
    async view<T>(holder: { cardNo: string; ledgerVersion: number }, key: string, build: () => Promise<T>): Promise<T> {
      const { cardNo, ledgerVersion } = holder;
      const siteVersion = await cache.siteVersion.current();
      const fullKey = `${cardNo}\u0000${key}`;
      const kept = section.get(fullKey, siteVersion)?.value as KeptView<T> | undefined;
      if (kept && kept.ledgerVersion === ledgerVersion) return kept.view;
      const view = await build();
      section.set(fullKey, {
        value: { ledgerVersion, view },
        version: siteVersion,
        expiresAt: null,
        // Two bytes a character, as JavaScript keeps the views' Chinese text.
        bytes: JSON.stringify(view).length * 2,
      });
      return view;
    },
  };
};
