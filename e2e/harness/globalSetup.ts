import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './site';

/** Builds the site once before the browser tests, so no test races another to build it. */
export default function setup() {
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}
