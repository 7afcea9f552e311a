import type { CallAccess } from '@lianmeng/core';

/** Failures of any call, for the one error modal to show (spec section 8). */
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

export const errorBus = {
  emit(failure: CallFailure) {
    for (const listener of listeners) listener(failure);
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
