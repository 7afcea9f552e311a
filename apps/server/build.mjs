// Bundles the server into dist/main.js: our own code, packages/core and the pure-JavaScript npm packages in one
// file. Node then reads and compiles one module instead of resolving and loading each file of each package (about
// 900 from node_modules), which roughly halves a start's time and CPU (docs/testing.md). Every restart after a
// crash, and every browser test suite, starts one.
//
// Left outside: the packages with a native part (better-sqlite3, sharp, argon2, and pg's optional pg-native),
// svg-captcha, which reads its font from beside its own code at run time, and pdfkit with its fontkit, which
// read their font metrics and Unicode tables from beside their code too.
import { build } from 'esbuild';

const LOADED_FROM_NODE_MODULES = [
  'better-sqlite3',
  'sharp',
  '@node-rs/argon2',
  'pg-native',
  'svg-captcha',
  'pdfkit',
  'fontkit',
];

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: LOADED_FROM_NODE_MODULES,
  // The bundled packages' production code whatever NODE_ENV the process is started with (`npm start` sets
  // none): their development branches are dropped at build time rather than chosen at run time. Our own code
  // reads NODE_ENV through loadConfig's `env` argument, which this does not touch, except the test runner's
  // default for CONTRACT_CHECK, which is off in production anyway.
  define: { 'process.env.NODE_ENV': '"production"' },
  // The bundled CommonJS packages call require() for Node's own modules, which an ES module lacks.
  banner: {
    js: "import { createRequire as createRequireForBundledPackages } from 'node:module';\nconst require = createRequireForBundledPackages(import.meta.url);",
  },
  logLevel: 'warning',
});
