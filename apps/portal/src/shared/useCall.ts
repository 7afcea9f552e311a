import type { CallDefinition, CallResponse } from '@lianmeng/core';
import type { CallInput, CallResult } from '@lianmeng/core/http';
import { useEffect, useState } from 'react';
import { http } from '../app/api';
import { callKey, usePrefetched } from '../app/callData';

export type CallState<T> =
  | { loading: true; data: null; failed: false }
  | { loading: false; data: T | null; failed: boolean };

const stateOf = <T>(result: CallResult<T>): CallState<T> =>
  result.ok ? { loading: false, data: result.data, failed: false } : { loading: false, data: null, failed: true };

/**
 * One contract call's result. A route's loader has usually made the call already (on the server for the
 * first page, before the navigation in the browser): then its result is used as it is and nothing is fetched
 * again. Otherwise the call is made when the component mounts or its input changes. Failures already reach
 * the error modal through the http client; the page only needs to know that nothing came back.
 */
export const useCall = <C extends CallDefinition>(
  definition: C,
  input: CallInput<C> | null,
): CallState<CallResponse<C>> => {
  const key = input === null ? null : JSON.stringify(input);
  const lookup = usePrefetched();
  const prefetched =
    input === null ? undefined : (lookup(callKey(definition, input)) as CallResult<CallResponse<C>> | undefined);
  const [state, setState] = useState<{ key: string | null; result: CallResult<CallResponse<C>> | null }>({
    key: null,
    result: null,
  });

  useEffect(() => {
    if (key === null || prefetched) return;
    let current = true;
    const parsed = JSON.parse(key) as CallInput<C>;
    void http.call(definition, parsed).then((result) => {
      if (current) setState({ key, result });
    });
    return () => {
      current = false;
    };
  }, [definition, key, prefetched]);

  if (key === null) return { loading: false, data: null, failed: false };
  if (prefetched) return stateOf(prefetched);
  if (state.key !== key || state.result === null) return { loading: true, data: null, failed: false };
  return stateOf(state.result);
};
