// Bundles the server into dist/main.js: our own code, packages/core and the pure-JavaScript npm packages in one
// file. Node then reads and compiles one module instead of resolving and loading each file of each package (about
// 900 from node_modules): a start took about 1.2 core-seconds and 0.85 s instead of 2.3 and 1.5 s. Every restart
// after a crash, and every browser test suite, starts one.
//
// Left outside: the packages with a native part (better-sqlite3, sharp, argon2, and pg's optional pg-native),
// and svg-captcha, which reads its font from beside its own code at run time.
import { build } from 'esbuild';

const LOADED_FROM_NODE_MODULES = ['better-sqlite3', 'sharp', '@node-rs/argon2', 'pg-native', 'svg-captcha'];

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: LOADED_FROM_NODE_MODULES,
  // The bundled CommonJS packages call require() for Node's own modules, which an ES module lacks.
  banner: {
    js: "import { createRequire as createRequireForBundledPackages } from 'node:module';\nconst require = createRequireForBundledPackages(import.meta.url);",
  },
  logLevel: 'warning',
});
