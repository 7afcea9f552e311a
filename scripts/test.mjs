// `npm test`: lint first (a second or two), then the type-check, the unit projects and the browser suites side
// by side, each in its own process.
//
// The browser suites spend most of their time waiting on a server and a browser, and must keep their timings
// (a banner that opens over three seconds, a strip that moves every 20 ms); the unit projects are pure CPU. So
// the browser suites run at normal priority and everything else at a lower one: the unit projects take the
// cores the browser suites leave idle, and yield them whenever a browser or its server wants one.
//
// The unit projects report live; the browser suites' report is kept and printed after theirs (it is also
// written as it comes to .tsbuild/e2e.log). Each process writes its own JSON report, which
// scripts/test-summary.mjs adds up.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BROWSER_REPORT, REPORTS_DIR, UNIT_REPORT } from './testReports.mjs';

const root = path.dirname(REPORTS_DIR);
const BROWSER_LOG = path.join(REPORTS_DIR, 'e2e.log');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

fs.mkdirSync(REPORTS_DIR, { recursive: true });
for (const stale of [UNIT_REPORT, BROWSER_REPORT]) fs.rmSync(stale, { force: true });

const startedAt = Date.now();
const lint = spawnSync(bin('biome'), ['check', '--error-on-warnings', '.'], { cwd: root, stdio: 'inherit' });
if (lint.status !== 0) process.exit(lint.status ?? 1);

/**
 * How far below the browser suites the rest runs: at 5 the browsers get about three quarters of a contended
 * core. At 10 (nine tenths) a unit test's screen could wait past its ceiling while both cores were busy with
 * a browser and its server.
 */
const LOW_PRIORITY_NICENESS = 5;

/** Runs a command to its end; `lowPriority` runs it under `nice`, which its child processes inherit. */
const run = (label, command, args, { lowPriority = false, env = {}, onOutput } = {}) =>
  new Promise((resolve) => {
    const [file, argv] = lowPriority
      ? ['nice', ['-n', String(LOW_PRIORITY_NICENESS), command, ...args]]
      : [command, args];
    const child = spawn(file, argv, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: onOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (onOutput) {
      child.stdout.on('data', onOutput);
      child.stderr.on('data', onOutput);
    }
    child.on('error', (error) => {
      console.error(`${label}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const browserLog = fs.createWriteStream(BROWSER_LOG);
const browserOutput = [];
let typecheckOutput = '';

console.info('tsc -b, the unit projects and the browser suites run side by side; the browser report follows.');
const [typecheck, units, browser] = await Promise.all([
  // TypeScript 7 checks each project with four checkers at once by default, which here costs half as much CPU
  // again as one (about 24 core-seconds against 15 for the whole build); `npm test` already keeps both cores busy.
  run('tsc', bin('tsc'), ['-b', '--checkers', '1'], {
    lowPriority: true,
    onOutput: (chunk) => {
      typecheckOutput += chunk;
    },
  }),
  run('vitest (unit projects)', bin('vitest'), ['run', '--project', '!e2e'], {
    lowPriority: true,
    env: { VITEST_JSON_REPORT: UNIT_REPORT },
  }),
  run('vitest (browser suites)', bin('vitest'), ['run', '--project', 'e2e'], {
    env: { VITEST_JSON_REPORT: BROWSER_REPORT },
    onOutput: (chunk) => {
      browserOutput.push(chunk);
      browserLog.write(chunk);
    },
  }),
]);
browserLog.end();

console.info('\n──────── browser suites (project e2e) ────────');
process.stdout.write(Buffer.concat(browserOutput));
console.info(`\n──────── tsc -b: ${typecheck === 0 ? 'no errors' : 'failed'} ────────`);
if (typecheckOutput) process.stdout.write(typecheckOutput);

const failed = Object.entries({ 'tsc -b': typecheck, 'unit projects': units, 'browser suites': browser })
  .filter(([, code]) => code !== 0)
  .map(([name]) => name);
const seconds = Math.round((Date.now() - startedAt) / 1000);
if (failed.length > 0) console.error(`\nnpm test failed after ${seconds} s: ${failed.join(', ')}`);
else console.info(`\nnpm test passed in ${seconds} s`);
process.exit(failed.length > 0 ? 1 : 0);
