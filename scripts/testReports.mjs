// Where `npm test`'s two Vitest processes write their JSON reports (scripts/test.mjs), read by
// scripts/test-summary.mjs; vite.config.ts takes the path from VITEST_JSON_REPORT, UNIT_REPORT by default.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPORTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.tsbuild');
export const UNIT_REPORT = path.join(REPORTS_DIR, 'vitest-results.json');
export const BROWSER_REPORT = path.join(REPORTS_DIR, 'vitest-e2e-results.json');
