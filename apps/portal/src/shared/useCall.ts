import type { CallDefinition, CallResponse } from '@lianmeng/core';
import type { CallInput, CallResult } from '@lianmeng/core/http';
import { useEffect, useState } from 'react';
import { http } from '../app/api';

export type CallState<T> =
  | { loading: true; data: null; failed: false }
  | { loading: false; data: T | null; failed: boolean };

/**
 * Makes one contract call when the component mounts or its input changes. Failures already reach the
 * error modal through the http client; the page only needs to know that nothing came back.
 */
export const useCall = <C extends CallDefinition>(
  definition: C,
  input: CallInput<C> | null,
): CallState<CallResponse<C>> => {
  const key = input === null ? null : JSON.stringify(input);
  const [state, setState] = useState<{ key: string | null; result: CallResult<CallResponse<C>> | null }>({
    key: null,
    result: null,
  });

  useEffect(() => {
    if (key === null) return;
    let current = true;
    const parsed = JSON.parse(key) as CallInput<C>;
    void http.call(definition, parsed).then((result) => {
      if (current) setState({ key, result });
    });
    return () => {
      current = false;
    };
  }, [definition, key]);

  if (key === null) return { loading: false, data: null, failed: false };
  if (state.key !== key || state.result === null) return { loading: true, data: null, failed: false };
  return state.result.ok
    ? { loading: false, data: state.result.data, failed: false }
    : { loading: false, data: null, failed: true };
};
