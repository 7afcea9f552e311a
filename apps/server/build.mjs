// Bundles the server into dist/main.js: our own code (and packages/core) inlined, every npm package external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@lianmeng/'));
const core = JSON.parse(readFileSync(new URL('../../packages/core/package.json', import.meta.url), 'utf8'));
external.push(...Object.keys(core.dependencies));

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
