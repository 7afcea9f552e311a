import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { assertNoRefusedRequests } from './handlers';

// The `findBy…` and `waitFor` helpers wait for a condition, never for a time; how long they may wait is only
// a ceiling. `npm test` runs these suites at a lower priority than the browser suites beside them, so on two
// cores a screen that appears after an answer from the mock server can take several seconds of wall time. The
// ceiling is high so the outcome depends on the condition alone.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  assertNoRefusedRequests();
});

// jsdom has no matchMedia; antd and the reduced-motion checks ask for it.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
