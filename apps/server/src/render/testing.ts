import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { digestOfFiles } from '../testing/fileDigest';

const portalRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../portal');
const repoRoot = path.resolve(portalRoot, '../..');
const CACHE_ROOT = path.join(repoRoot, '.tsbuild', 'portal-ssr-for-tests');
const BUILDING_PREFIX = 'building-';

const filesUnder = async (dir: string) =>
  (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

/** A digest of everything the build reads: the portal's and core's sources, its build settings, the locked packages. */
const inputsDigest = async () =>
  digestOfFiles(
    [
      ...(await filesUnder(path.join(portalRoot, 'src'))),
      ...(await filesUnder(path.join(repoRoot, 'packages/core/src'))),
      path.join(portalRoot, 'index.html'),
      path.join(portalRoot, 'vite.config.ts'),
      path.join(portalRoot, 'package.json'),
      path.join(repoRoot, 'package-lock.json'),
    ],
    repoRoot,
  );

const built = (dir: string) =>
  fs
    .access(path.join(dir, 'dist-ssr', 'entry-server.js'))
    .then(() => true)
    .catch(() => false);

/** Builds into a folder of its own, then moves it into place; a worker that finished first keeps its copy. */
const buildInto = async (target: string) => {
  await fs.mkdir(CACHE_ROOT, { recursive: true });
  const dir = await fs.mkdtemp(path.join(CACHE_ROOT, BUILDING_PREFIX));
  try {
    await fs.mkdir(path.join(dir, 'dist'));
    await fs.copyFile(path.join(portalRoot, 'index.html'), path.join(dir, 'dist', 'index.html'));
    await build({
      configFile: path.join(portalRoot, 'vite.config.ts'),
      root: portalRoot,
      logLevel: 'error',
      // Under the test runner NODE_ENV is `test`, so the JSX is compiled for React's development build; the
      // production mode would also swap React itself for its production build, which lacks `jsxDEV`.
      mode: 'test',
      build: { ssr: 'src/entry-server.tsx', outDir: path.join(dir, 'dist-ssr'), emptyOutDir: true },
    });
    await fs.rename(dir, target).catch(async (error: unknown) => {
      if (!(await built(target))) throw error;
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  // Builds of sources that have since changed are of no further use.
  for (const entry of await fs.readdir(CACHE_ROOT)) {
    if (entry !== path.basename(target) && !entry.startsWith(BUILDING_PREFIX)) {
      await fs.rm(path.join(CACHE_ROOT, entry), { recursive: true, force: true });
    }
  }
};

let portalDist: Promise<string> | undefined;

/**
 * The portal's server entry built from its sources, in a folder laid out like apps/portal (`dist/index.html` as
 * the template, `dist-ssr/entry-server.js`); returns the `dist` to hand the server. A build costs about three
 * core-seconds and the server suite's rendering tests (twice: on SQLite and on PostgreSQL) need the same one, so
 * it is kept under .tsbuild by a digest of its inputs and made again only when one of them changes.
 */
export const buildPortalForTests = (): Promise<string> => {
  portalDist ??= (async () => {
    const target = path.join(CACHE_ROOT, await inputsDigest());
    if (!(await built(target))) await buildInto(target);
    return path.join(target, 'dist');
  })();
  portalDist.catch(() => {
    portalDist = undefined;
  });
  return portalDist;
};

/**
 * Has the server render one page with antd on it before any test's own render. A process's first such render
 * loads and compiles antd and works out its theme: 2.3 to 2.7 s on an idle two-core machine, 25 ms afterwards.
 * Under `npm test` the server projects run under `nice` beside the browser suites, and a test whose page paid
 * that cost there once ran past the renderer's 10 s limit and was answered 500. A warm-up that runs past the limit
 * itself still leaves antd loaded, so the next try is quick.
 */
export const warmPortalRenderer = async (app: FastifyInstance) => {
  for (let attempt = 1; ; attempt += 1) {
    const response = await app.inject({ method: 'GET', url: '/creditBank/login' });
    if (response.statusCode === 200) return;
    if (attempt === 3) throw new Error(`the warm-up render answered ${response.statusCode} three times`);
  }
};
