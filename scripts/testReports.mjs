// Where the Vitest processes of `npm test` (scripts/test.mjs) write their JSON reports, which
// scripts/test-summary.mjs adds up; vite.config.ts takes the path from VITEST_JSON_REPORT, UNIT_REPORT by default.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPORTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.tsbuild');
/** A plain `vitest run`'s report. */
export const UNIT_REPORT = path.join(REPORTS_DIR, 'vitest-results.json');

const testRun = (name, projects, id) => ({
  name,
  projects,
  report: path.join(REPORTS_DIR, `vitest-${id}-results.json`),
  log: path.join(REPORTS_DIR, `${id}.log`),
});

/**
 * `npm test`'s Vitest processes, in the order their reports are printed: which projects each runs, where it
 * writes its JSON report, and where its output goes as it comes (the first reports live instead).
 */
export const TEST_RUNS = [
  testRun('app suites', ['core', 'portal', 'admin'], 'apps'),
  testRun('server suites', ['server', 'server-pg'], 'server'),
  testRun('browser suites', ['e2e'], 'e2e'),
];

/** CI's second pass on Node 22 (scripts/test-node22.mjs): the server suite on SQLite and the browser smoke suite. */
export const NODE22_RUNS = [
  testRun('server suite on Node 22', ['server'], 'node22-server'),
  testRun('browser smoke suite on Node 22', ['e2e'], 'node22-smoke'),
];
