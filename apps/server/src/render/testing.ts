import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const portalRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../portal');

/**
 * Builds the portal's server entry from its sources into a fresh folder laid out like apps/portal
 * (`dist/index.html` as the template, `dist-ssr/entry-server.js`), and returns the `dist` to hand the server.
 */
export const buildPortalForTests = async (): Promise<string> => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-ssr-'));
  const dist = path.join(dir, 'dist');
  await fs.mkdir(dist);
  await fs.copyFile(path.join(portalRoot, 'index.html'), path.join(dist, 'index.html'));
  await build({
    configFile: path.join(portalRoot, 'vite.config.ts'),
    root: portalRoot,
    logLevel: 'error',
    build: { ssr: 'src/entry-server.tsx', outDir: path.join(dir, 'dist-ssr'), emptyOutDir: true },
  });
  return dist;
};
