import { ALL_SESSION_KEYS, type StoredSession } from '@lianmeng/core/session';
import { useMemo, useSyncExternalStore } from 'react';
import { session } from '../../app/api';

const listeners = new Set<() => void>();

/** Tells every component that reads the session that it changed (log-in, card choice, log-out). */
export const notifySessionChanged = () => {
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab logging in or out changes localStorage too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

const snapshot = () => ALL_SESSION_KEYS.map((key) => window.localStorage.getItem(key) ?? '').join('\u0000');

/** The card holder's stored session, or null when logged out; re-renders when it changes. */
export const useCardSession = (): StoredSession | null => {
  const current = useSyncExternalStore(subscribe, snapshot);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the snapshot string is what changes
  return useMemo(() => session.read(), [current]);
};
