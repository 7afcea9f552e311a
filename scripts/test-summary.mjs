// Prints the closing line CI reads: "Tests: N passed, N failed, N skipped".
import fs from 'node:fs';

const file = new URL('../.tsbuild/vitest-results.json', import.meta.url);
if (!fs.existsSync(file)) {
  console.info('Tests: 0 passed, 1 failed (no test report: lint, type-check or the runner failed first)');
  process.exit(0);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.info(`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
