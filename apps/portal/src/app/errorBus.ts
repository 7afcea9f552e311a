import type { CallAccess } from '@lianmeng/core';

/** Failures of any call, for the one error modal to show (docs/product-rules.md, "Errors in the portal"). */
export interface CallFailure {
  status: number;
  message: string;
  /** The contract path of the call that failed. */
  path: string;
  /** Who may make the call: a card-holder call's 401 means the session is over. */
  access: CallAccess;
}

type Listener = (failure: CallFailure) => void;
const listeners = new Set<Listener>();
/**
 * Failures that came before anyone listened: a route's loader runs before the page (and its modal host) is
 * drawn, and the calls the server made for this page failed before the browser started.
 */
let waiting: CallFailure[] = [];

const deliver = (failure: CallFailure) => {
  for (const listener of listeners) listener(failure);
};

export const errorBus = {
  emit(failure: CallFailure) {
    if (listeners.size === 0) waiting.push(failure);
    else deliver(failure);
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    if (waiting.length > 0) {
      // After the current round of subscriptions (one commit's effects), so every listener hears them.
      queueMicrotask(() => {
        const failures = waiting;
        waiting = [];
        for (const failure of failures) deliver(failure);
      });
    }
    return () => {
      listeners.delete(listener);
    };
  },
};
