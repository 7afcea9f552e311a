import { format } from 'node:util';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * What React, MUI and react-admin's translator print when a component is used wrongly: an unknown prop reaching
 * the DOM, a list without keys, a state update outside act(), an input switching between controlled and
 * uncontrolled, invalid nesting, a deprecated MUI prop, a message with no translation. The console still works
 * with each of them, which is why they go unnoticed; here each one fails the test that caused it.
 *
 * Errors a library logs as objects (react-admin logs every rejected data-provider call, which the tests of a
 * refusal cause on purpose) are not warnings and do not match.
 */
const REACT_WARNINGS: readonly RegExp[] = [
  /^Warning: /,
  /React does not recognize the .* prop on a DOM element/,
  /Invalid (DOM property|ARIA attribute|value for prop|attribute name)/,
  /Unknown event handler property/,
  /for a non-boolean attribute/,
  /not wrapped in act\(/,
  /not configured to support act\(/,
  /unique "key" prop/,
  /two children with the same key/,
  /A props object containing a "key" prop is being spread into JSX/,
  /In HTML, .* cannot be a (child|descendant) of/,
  /cannot contain a nested/,
  /validateDOMNesting/,
  /is changing an? (un)?controlled .* to be (un)?controlled/,
  /Cannot update a component .* while rendering a different component/,
  /change in the order of Hooks/,
  /Maximum update depth exceeded/,
  /Function components cannot be given refs/,
  /^MUI: /,
  /Missing translation for key/,
];

/** The warnings printed since the last check, kept across the test files a worker runs. */
const state = globalThis as typeof globalThis & { reactWarnings?: string[] };

/** Is `text` one of the warnings that fail a test? */
export const isReactWarning = (text: string) => REACT_WARNINGS.some((pattern) => pattern.test(text));

// Setup files run again for each test file of a worker that shares its modules: the console is wrapped once.
if (!state.reactWarnings) {
  const warnings: string[] = [];
  state.reactWarnings = warnings;
  const watched =
    (print: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      const text = format(...args);
      // A warning is not printed: the failure it causes names it, with its component stack.
      if (isReactWarning(text)) warnings.push(text);
      else print(...args);
    };
  console.error = watched(console.error.bind(console));
  console.warn = watched(console.warn.bind(console));
}

/** Hands over (and forgets) the React warnings printed since the last call. */
export const takeReactWarnings = (): string[] => (state.reactWarnings ?? []).splice(0);

/** Throws, naming them, if React warned since the last check. */
export const assertNoReactWarnings = () => {
  const warnings = takeReactWarnings();
  if (warnings.length > 0) {
    const list = warnings.map((warning) => `- ${warning}`).join('\n');
    throw new Error(`React warned during this test (or after the previous one ended):\n${list}`);
  }
};

/**
 * Attributes that are an object prop written out by React: a component handing a prop it does not know on to
 * a DOM element. React warns about such a prop only when its name is camel-cased (`InputProps`); a lower-case
 * one (`record`) becomes `record="[object Object]"` without a word.
 */
export const objectAttributes = (root: ParentNode = document) =>
  [...root.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes]
      .filter((attribute) => attribute.value === '[object Object]')
      .map((attribute) => `<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value}">`),
  );

afterEach(() => {
  const stray = objectAttributes();
  // Unmounting can warn too (an update after the test's last act()): unmount first, then check.
  cleanup();
  assertNoReactWarnings();
  if (stray.length > 0) throw new Error(`An object prop reached the DOM:\n${stray.join('\n')}`);
});
