import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserContract } from '../../packages/core/vite/contractPlugin.mjs';

export default defineConfig(({ isSsrBuild, mode }) => ({
  // The client build gets the contract as plain call descriptors: no schema library in the browser. The plugin
  // rewrites only our own contract modules; no dependency's published files are changed by the build.
  plugins: [react(), browserContract()],
  base: '/',
  // One stylesheet, linked from every page: a page rendered on the server must not wait for a lazy chunk's
  // script to fetch its CSS, or it would show unstyled and then shift.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    cssCodeSplit: false,
    // Every browser the site supports preloads modules itself; the polyfill was script on every first visit.
    modulePreload: { polyfill: false },
    // Everything the entry imports statically goes in the entry's own file: split into chunks that every page
    // loads anyway (React, the router, the contract client), each file's compression would restart from nothing
    // and each would add its import list to the first visit.
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
  // The server build keeps its dependencies' run-time NODE_ENV checks unless told: `npm start` sets no NODE_ENV,
  // and React and antd would then render every page with their development builds (dev-only class names, a
  // larger inline style per page). The client build gets this from Vite already.
  ...(isSsrBuild && mode === 'production' ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/lianmeng': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
    },
  },
}));
