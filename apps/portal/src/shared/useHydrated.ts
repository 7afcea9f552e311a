import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates its HTML, true afterwards. What only the
 * browser knows (the stored session, motion preferences) waits for it, so hydration finds what the server
 * wrote and the page updates right after.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

/** A browser-only value: `serverValue` on the server and during hydration, then the browser's own. */
export const useBrowserValue = <T>(read: () => T, serverValue: T) =>
  useSyncExternalStore(never, read, () => serverValue);
