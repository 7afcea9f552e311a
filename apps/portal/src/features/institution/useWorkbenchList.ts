import type { CallDefinition, CallQuery, CallResponse } from '@lianmeng/core';
import { useCallback, useEffect, useState } from 'react';
import { http } from '../../app/api';

/**
 * One of the workbench's lists: asked for again whenever its query changes, the workbench's `version` moves
 * (an import finished) or `reload` is called (a row changed); an answer that arrives after a newer question,
 * or after the list left the page, is dropped.
 */
export const useWorkbenchList = <C extends CallDefinition>(definition: C, query: CallQuery<C>, version: number) => {
  const [data, setData] = useState<CallResponse<C> | null>(null);
  const [loading, setLoading] = useState(false);
  const [changed, setChanged] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and `changed` ask for the list again
  useEffect(() => {
    let live = true;
    setLoading(true);
    void http.call(definition, { query }).then((result) => {
      if (!live) return;
      setLoading(false);
      if (result.ok) setData(result.data);
    });
    return () => {
      live = false;
    };
  }, [definition, query, version, changed]);

  const reload = useCallback(() => setChanged((count) => count + 1), []);
  return { data, loading, reload };
};
