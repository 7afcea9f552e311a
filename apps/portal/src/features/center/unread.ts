import { api } from '@lianmeng/core';
import { useSyncExternalStore } from 'react';
import { quietHttp } from '../../app/api';

/**
 * The holder's unread message count, shared by the header's badge and the inbox: reading a message in the
 * inbox lowers the badge at once. Null until it has been asked for (and always on the server).
 */
let unread: number | null = null;
const listeners = new Set<() => void>();

export const setUnread = (count: number | null) => {
  if (count === unread) return;
  unread = count;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useUnread = () =>
  useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  );

/**
 * Asks the server for the card's count. Quietly: a count that cannot be had (a token just expired) is no reason
 * to interrupt the page with the error dialog; the badge just stays away.
 */
export const refreshUnread = async (cardNo: string) => {
  const result = await quietHttp.call(api.creditHolder.unreadCount, { query: { cardNo } });
  setUnread(result.ok ? result.data.unread : null);
};
