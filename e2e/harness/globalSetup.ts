import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './site';

/** Builds the site once before the browser tests, so no test races another to build it. */
export default function setup() {
  // vitest sets NODE_ENV=test; inherited, the apps would be built with React's development bundles.
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('npm run build failed');
}
