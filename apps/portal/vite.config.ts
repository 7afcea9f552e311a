import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { browserContract } from '../../packages/core/vite/contractPlugin.mjs';

const require = createRequire(import.meta.url);
const routerDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');

/** A function's body replaced by `stub`, blanked line for line; unchanged if `head` is not found. */
const replaceFunction = (code: string, head: string, stub: string) => {
  const start = code.indexOf(head);
  const end = start < 0 ? -1 : code.indexOf('\n}\n', start);
  if (end < 0) return code;
  const lineBreaks = code.slice(start, end).split('\n').length - 1;
  return code.slice(0, start) + stub + '\n'.repeat(lineBreaks) + code.slice(end);
};

/**
 * `<Link prefetch>` renders PrefetchPageLinks, which works only in framework mode: anywhere else its first
 * step, reading the framework context, throws. The portal is a data router and never asks for prefetching, yet
 * the module-link and RSC prefetch machinery behind that step rides along with every Link. Keeping only the
 * step that throws leaves behaviour as it was and the machinery out.
 */
const withoutPagePrefetch = (code: string) =>
  replaceFunction(
    code,
    'function PrefetchPageLinks({ page, ...linkProps }) {',
    'function PrefetchPageLinks() { useFrameworkContext(); return null;',
  );

/**
 * The router's instrumentation hooks run only for a router created with `instrumentations`, which the
 * portal never passes; their wrappers still ride along with createRouter. A router given them in this build
 * fails at once and says why, instead of silently running without them.
 */
const withoutInstrumentation = (code: string) => {
  const refuse = `{ throw new Error('react-router instrumentations are left out of the portal client build');`;
  return replaceFunction(
    replaceFunction(
      code,
      'function getRouteInstrumentationUpdates(fns, route) {',
      `function getRouteInstrumentationUpdates() ${refuse}`,
    ),
    'function instrumentClientSideRouter(router, fns) {',
    `function instrumentClientSideRouter() ${refuse}`,
  );
};

/**
 * Two more framework-mode and RSC pieces every data-router build carries: a Link's prefetch-on-intent state
 * (without the framework context it always answers "no prefetch", which is all the portal ever gets) and the
 * error boundary's RSC redirect handler (rendered only inside an RSC router). What remains answers as before
 * and refuses loudly where the left-out part would have run.
 */
const withoutFrameworkLinkParts = (code: string) =>
  replaceFunction(
    replaceFunction(
      code,
      'function usePrefetchBehavior(prefetch, theirElementProps) {',
      `function usePrefetchBehavior() { if (React8.useContext(FrameworkContext)) throw new Error('react-router link prefetching is left out of the portal client build'); return [false, React8.useRef(null), {}];`,
    ),
    'function RSCErrorHandler({',
    `function RSCErrorHandler() { throw new Error('react-router RSC error handling is left out of the portal client build');`,
  );

/**
 * react-router's production build creates its components and contexts at module top level
 * (`var Form = React.forwardRef(...)`, `Form.displayName = "Form"`) without marking them pure, so the
 * bundler keeps every one of them, used or not: framework-mode forms, scroll restoration, history router and
 * what they call. Marking the factory calls pure and leaving out the names (read only by developer tools)
 * lets the client build drop what the portal never renders.
 */
function treeShakeRouter(): Plugin {
  const file = /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
  return {
    name: 'lianmeng:tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: file },
      handler(code, _id, options) {
        if (options?.ssr) return null;
        const shaken = withoutFrameworkLinkParts(
          withoutInstrumentation(
            withoutPagePrefetch(
              code
                .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, '$1/* @__PURE__ */ $2')
                .replace(/^\w+\.displayName = "[^"\n]*";$/gm, ''),
            ),
          ),
        );
        // Lines stay where they were: the file's source map still holds.
        return { code: shaken, map: null };
      },
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  // The client build gets the contract as plain call descriptors: no schema library in the browser.
  plugins: [react(), browserContract(), treeShakeRouter()],
  base: '/',
  resolve: {
    // react-router's package exports only its development build (extra checks and warnings, about 2 KB gzip
    // more); its production build sits beside it.
    alias:
      mode === 'production'
        ? [
            { find: /^react-router$/, replacement: path.join(routerDist, 'production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'production/dom-export.mjs') },
          ]
        : [],
  },
  // One stylesheet, linked from every page: a page rendered on the server must not wait for a lazy chunk's
  // script to fetch its CSS, or it would show unstyled and then shift.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    cssCodeSplit: false,
    // Every browser the site supports preloads modules itself; the polyfill was script on every first visit.
    modulePreload: { polyfill: false },
    // Everything the entry imports statically, in the entry's own file. Split by default into chunks that every
    // page loads anyway (React, the router, the contract client), the first visit paid each file's compression
    // restarting from nothing and their import lists: about 1.5 KB gzip of the 112.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
          // The shared package's modules only declare: one that the first page does not use (the log-in's redirect
          // rules, reached through the session barrel) then stays with the lazy page that does.
          treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]core[\\/]src[\\/]/, sideEffects: false }] },
        },
  },
  // The server build carries its dependencies: some (antd's ES files, jsencrypt) use import paths that
  // only a bundler resolves, not Node.
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/lianmeng': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
    },
  },
}));
