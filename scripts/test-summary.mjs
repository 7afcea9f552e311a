// Prints the closing line CI reads: "Tests: N passed, N failed, N skipped", over all of `npm test`'s reports, and
// with `--node22` over the Node 22 pass's too (scripts/test-node22.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { NODE22_RUNS, TEST_RUNS } from './testReports.mjs';

const runs = process.argv.includes('--node22') ? [...TEST_RUNS, ...NODE22_RUNS] : TEST_RUNS;

const totals = { passed: 0, failed: 0, skipped: 0 };
const notes = [];
const failures = [];
for (const { report: file } of runs) {
  if (!fs.existsSync(file)) {
    // No report: lint, the type-check or that runner failed (or never ran) before it could write one.
    totals.failed += 1;
    notes.push(`no report at ${file}`);
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const reason = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failures.push(`${path.relative(process.cwd(), file.name)} > ${test.fullName}: ${reason}`);
    }
  }
}
// CI keeps only the tail of what a run prints, so the failed tests are named again here, just above the count.
for (const failure of failures) console.info(`FAILED ${failure}`);
const noted = notes.length > 0 ? ` (${notes.join('; ')})` : '';
console.info(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${noted}`);
