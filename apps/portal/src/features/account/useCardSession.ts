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

// Never '' in the browser (the keys are joined by a separator), so '' can stand for "not known yet".
const snapshot = () => `s${ALL_SESSION_KEYS.map((key) => window.localStorage.getItem(key) ?? '').join('\u0000')}`;
const serverSnapshot = () => '';

/** The card holder's stored session, or null when logged out; re-renders when it changes. */
export const useCardSession = (): StoredSession | null => {
  // The server renders every page logged out, and hydration must find that HTML: the stored session is
  // read once the page is hydrated ('' is the server's snapshot).
  const current = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return useMemo(() => (current === '' ? null : session.read()), [current]);
};
