// `npm start`: reads `.env`, builds whatever is missing or older than its sources, then runs the server in this
// process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

// The settings of the README's configuration table may sit in `.env` in the folder `npm start` runs from
// (`.env.example` lists them). What the environment already sets wins, as with `node --env-file`; it is read
// here, before the build and the server, so both see the same settings.
if (fs.existsSync('.env')) process.loadEnvFile('.env');

// Hidden files are not sources: an editor's swap file, or the module a unit test writes for a moment beside the
// contract, must not make a server that starts meanwhile rebuild the apps under the feet of another one.
const newest = (dir) => {
  if (!fs.existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && !entry.name.startsWith('.'))
      latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
};
const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

const targets = [
  {
    workspace: '@lianmeng/server',
    outputs: [at('apps/server/dist/main.js')],
    sources: [at('apps/server/src'), at('apps/server/build.mjs')],
  },
  {
    workspace: '@lianmeng/portal',
    // The browser build and the server-rendering build of the same sources.
    outputs: [at('apps/portal/dist/index.html'), at('apps/portal/dist-ssr/entry-server.js')],
    sources: [at('apps/portal/src'), at('apps/portal/index.html'), at('apps/portal/vite.config.ts')],
  },
  {
    workspace: '@lianmeng/admin',
    outputs: [at('apps/admin/dist/index.html')],
    sources: [at('apps/admin/src'), at('apps/admin/index.html'), at('apps/admin/vite.config.ts')],
  },
];

// The demo seed runs in a child started from this same file (apps/server/src/db/seed/apart.ts): the parent has
// just checked and built everything, so the child goes straight to the server's entry.
const seedChild = process.env.LIANMENG_SEED_PROCESS === '1';
const core = seedChild ? 0 : newest(at('packages/core/src'));
for (const target of seedChild ? [] : targets) {
  const sources = Math.max(
    core,
    ...target.sources.map((source) =>
      fs.statSync(source, { throwIfNoEntry: false })?.isDirectory() ? newest(source) : builtAt(source),
    ),
  );
  if (Math.min(...target.outputs.map(builtAt)) >= sources) continue;
  console.info(`building ${target.workspace} …`);
  const result = spawnSync('npm', ['run', 'build', '--workspace', target.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(at('apps/server/dist/main.js'));
