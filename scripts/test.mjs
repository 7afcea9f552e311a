// `npm test`: lint and the declared-imports check first (a few seconds), then the type-check and three Vitest
// processes side by side: the app suites (core, and the portal and console in jsdom), the server suites (on SQLite
// and on PostgreSQL) and the browser suites. The measurements behind these choices are in docs/testing.md.
//
// The browser suites spend most of their time waiting on a server and a browser, and must keep their timings
// (a banner that opens over three seconds, a strip that moves every 20 ms); the other suites are pure CPU. So
// the browser suites run at normal priority and everything else at a lower one: the other suites take the
// cores the browser suites leave idle, and yield them whenever a browser or its server wants one.
//
// On two cores the app and server suites each run one test file at a time. A worker loads its project's
// dependencies once and keeps them for every file it runs (isolate: false in vite.config.ts): React, antd, MUI
// and react-admin for the apps, Fastify, Kysely and sharp for the server. A second worker per project would load
// all of that again, for a core the browser suites are using anyway. The cores beyond the browser suites' two are
// shared between them.
//
// The app suites report live; the others' reports are kept and printed after theirs (each is also written as it
// comes to .tsbuild/server.log and .tsbuild/e2e.log). Each process writes its own JSON report, which
// scripts/test-summary.mjs adds up.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { REPORTS_DIR, TEST_RUNS } from './testReports.mjs';

const root = path.dirname(REPORTS_DIR);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

fs.mkdirSync(REPORTS_DIR, { recursive: true });
for (const { report } of TEST_RUNS) fs.rmSync(report, { force: true });

const startedAt = Date.now();
const lint = spawnSync(bin('biome'), ['check', '--error-on-warnings', '.'], { cwd: root, stdio: 'inherit' });
if (lint.status !== 0) process.exit(lint.status ?? 1);
// Every package a workspace imports is declared in that workspace's package.json, and every import resolves
// (knip.json). Unused dependencies are not checked: some are used without an import (lighthouse as a command,
// axe-core's script injected into pages).
const declared = spawnSync(bin('knip'), ['--no-progress'], { cwd: root, stdio: 'inherit' });
if (declared.status !== 0) {
  console.error('knip: an import above is not declared in its workspace, or does not resolve');
  process.exit(declared.status ?? 1);
}

/**
 * How far below the browser suites the rest runs: at 5 the browsers get about three quarters of a contended
 * core, and a unit test's screen still gets enough of one to finish within its ceiling.
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

/** Collects a process's output to print later, writing it as it comes to `logFile` if given. */
const keptOutput = (logFile) => {
  const log = logFile ? fs.createWriteStream(logFile) : undefined;
  const chunks = [];
  return {
    onOutput: (chunk) => {
      chunks.push(chunk);
      log?.write(chunk);
    },
    text: () => Buffer.concat(chunks),
    close: () => log?.end(),
  };
};

const [liveRun, ...keptRuns] = TEST_RUNS;
const kept = new Map(keptRuns.map((testRun) => [testRun, keptOutput(testRun.log)]));
const typecheckOutput = keptOutput();

/** Workers for each of the app and server suites: the cores the browser suites leave, shared between the two. */
const CPU_SUITE_WORKERS = Math.max(1, Math.floor((availableParallelism() - 2) / 2));

const vitest = (testRun, output) => {
  // The browser suites set their own number of workers (vite.config.ts) and keep normal priority.
  const isBrowserRun = testRun.projects.includes('e2e');
  return run(
    `vitest (${testRun.name})`,
    bin('vitest'),
    [
      'run',
      ...testRun.projects.flatMap((project) => ['--project', project]),
      ...(isBrowserRun ? [] : ['--maxWorkers', String(CPU_SUITE_WORKERS)]),
    ],
    { lowPriority: !isBrowserRun, env: { VITEST_JSON_REPORT: testRun.report }, onOutput: output?.onOutput },
  );
};

console.info(
  `tsc -b and the ${TEST_RUNS.map((testRun) => testRun.name).join(', ')} run side by side; ` +
    `the ${liveRun.name} report now, the others after.`,
);
const [typecheck, ...suites] = await Promise.all([
  // TypeScript 7 checks each project with four checkers at once by default, which costs more CPU in all than one
  // checker; `npm test` already keeps both cores busy.
  run('tsc', bin('tsc'), ['-b', '--checkers', '1'], { lowPriority: true, onOutput: typecheckOutput.onOutput }),
  vitest(liveRun),
  ...keptRuns.map((testRun) => vitest(testRun, kept.get(testRun))),
]);

for (const [testRun, output] of kept) {
  output.close();
  console.info(`\n──────── ${testRun.name} (${testRun.projects.join(', ')}) ────────`);
  process.stdout.write(output.text());
}
console.info(`\n──────── tsc -b: ${typecheck === 0 ? 'no errors' : 'failed'} ────────`);
process.stdout.write(typecheckOutput.text());

const outcomes = [['tsc -b', typecheck], ...TEST_RUNS.map((testRun, index) => [testRun.name, suites[index]])];
const failed = outcomes.filter(([, code]) => code !== 0).map(([name]) => name);
const seconds = Math.round((Date.now() - startedAt) / 1000);
if (failed.length > 0) console.error(`\nnpm test failed after ${seconds} s: ${failed.join(', ')}`);
else console.info(`\nnpm test passed in ${seconds} s`);
process.exit(failed.length > 0 ? 1 : 0);
