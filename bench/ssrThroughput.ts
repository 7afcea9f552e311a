// Throughput of the server-rendered /index against the static index.html, both served by the same built
// server process in the same run (scripts/start.mjs: the site as `npm start` runs it). Also prints the
// rate of pages that miss the page cache (a new query string each time), which is what a burst of distinct
// pages costs. Run: npx tsx bench/ssrThroughput.ts   (after `npm run build`; start.mjs builds what is stale)
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../e2e/harness/ports';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 8;

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

const get = (port: number, url: string) =>
  new Promise<{ status: number; bytes: number; cache: string | undefined }>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, bytes, cache: response.headers['x-page-cache'] as string }),
      );
    });
    request.on('error', reject);
  });

/** Requests per second over SECONDS with CONNECTIONS requests always in flight. */
const measure = async (port: number, next: (index: number) => string) => {
  let done = 0;
  let issued = 0;
  const end = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const answer = await get(port, next(issued++));
      if (answer.status !== 200) throw new Error(`status ${answer.status}`);
      done += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return done / ((performance.now() - started) / 1000);
};

const start = async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-bench-ssr-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    try {
      if ((await get(port, '/healthz')).status === 200) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
};

const site = await start();
try {
  const page = await get(site.port, '/index');
  const file = await get(site.port, '/index.html');
  console.info(`/index: ${page.bytes} bytes rendered; /index.html: ${file.bytes} bytes static`);
  // Warm up both paths (JIT, the page cache) before measuring.
  await measure(site.port, () => '/index');
  await measure(site.port, () => '/index.html');
  const staticRate = await measure(site.port, () => '/index.html');
  const cachedRate = await measure(site.port, () => '/index');
  const uncachedRate = await measure(site.port, (index) => `/index?bench=${index}`);
  console.info(`static index.html:        ${staticRate.toFixed(0)} requests/s`);
  console.info(`server-rendered /index:   ${cachedRate.toFixed(0)} requests/s (anonymous page cache)`);
  console.info(`  … every request a miss: ${uncachedRate.toFixed(0)} requests/s`);
  console.info(`ratio server-rendered / static: ${(cachedRate / staticRate).toFixed(2)} (goal ≥ 0.5)`);
  console.info(
    `ratio uncached render / static: ${(uncachedRate / staticRate).toFixed(3)} (no goal: what a burst of distinct pages costs)`,
  );
} finally {
  agent.destroy();
  await site.stop();
}
