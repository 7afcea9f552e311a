import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { BROWSER_ENDPOINT_KEY, SKIP_REASON, startBrowserServer } from './browser';
import { REPO_ROOT, seedTemplate, TEMPLATE_KEY } from './site';

/**
 * Builds the site once before the browser tests, so no test races another to build it, then seeds one
 * DATA_DIR that every suite's site starts from a copy of, and starts the one Chromium every suite connects to.
 */
export default async function setup(project: TestProject) {
  // vitest sets NODE_ENV=test; inherited, the apps would be built with React's development bundles.
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('npm run build failed');
  const template = await seedTemplate();
  project.provide(TEMPLATE_KEY, template);
  const browser = SKIP_REASON ? undefined : await startBrowserServer();
  if (browser) project.provide(BROWSER_ENDPOINT_KEY, browser.wsEndpoint());
  return async () => {
    await browser?.close();
    await fs.rm(template, { recursive: true, force: true });
  };
}
