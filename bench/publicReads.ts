/**
 * The public reads of the site as a deployment runs it, against a bare Fastify server sending the very same
 * bytes (body and headers), three processes apart:
 * - the server as `npm start` runs it (scripts/start.mjs with the Node flags of the `start` script, which
 *   builds what is stale, then runs the built server in its own process with the portal's server rendering
 *   loaded), on a fresh SQLite DATA_DIR with the demo site, logging at its default level (`info`: Fastify's
 *   request log, two lines a request) to a file;
 * - the bare Fastify server (bench/bareServer.ts), logging the same way to a file of its own;
 * - the load generator, autocannon in a process of its own (bench/loadGenerator.ts), sending what a browser
 *   on the portal sends: the anti-forgery cookie the first page gave it, `Accept-Encoding: gzip, deflate,
 *   br, zstd` and axios's `Accept`.
 * Each call is measured in alternating rounds (50 connections, a warm-up, then BENCH_SECONDS per side),
 * and its ratio (server req/s ÷ bare req/s) printed beside its goal with both p99s; then the server's RSS
 * after BENCH_MEMORY_SECONDS (60) of mixed public load: the five reads (BENCH_MEMORY_PAGES=1 adds the two
 * most visited rendered pages).
 * Run: npx tsx bench/publicReads.ts   (SERVER_ENTRY=<a start.mjs or built main.js> measures another build;
 * BENCH_SECONDS, BENCH_MEMORY_SECONDS shorten a trial run)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/harness/ports';
import type { BareAnswer } from './bareServer';
import { combineRounds, type LoadResult, loadFrom, NODE_WRITES, peakRssMb, ROOT, rssMb, stop } from './processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const WARM_UP_SECONDS = 2;
const ROUNDS = 4;
const MEMORY_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const CONNECTIONS = 50;
const RATIO_GOAL = 0.7;
const RSS_GOAL_MB = 150;
/** What the portal's pages send with every call once the first page has set the anti-forgery cookie. */
const BROWSER_HEADERS = { accept: 'application/json, text/plain, */*', 'accept-encoding': 'gzip, deflate, br, zstd' };

interface Call {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
}

/** This environment as a deployment has it: production, and the default log level (`info`). */
const deploymentEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
delete deploymentEnv.LOG_LEVEL;

const logFile = (dataDir: string, name: string) => fs.openSync(path.join(dataDir, `${name}.log`), 'a');

/** Waits until `url` answers 200, or the child exits, or the deadline passes. */
const waitFor = async (child: ChildProcess, url: string, seconds: number, watch?: () => Promise<void>) => {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${seconds} s`);
    await watch?.();
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The Node flags of `npm start` (the root package's `start` script: `node <flags> scripts/start.mjs`). */
const startFlags = () => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = scripts.start.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'scripts/start.mjs') {
    throw new Error(`npm start runs "${scripts.start}", which this benchmark does not know how to start`);
  }
  return words.slice(1, -1);
};

const startServer = async (entry: string, dataDir: string) => {
  const port = await freePort();
  const child = spawn(process.execPath, [...startFlags(), entry], {
    cwd: ROOT,
    env: {
      ...deploymentEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_PASSWORD: 'Bench-demo-password-1',
    },
    stdio: ['ignore', logFile(dataDir, 'server'), 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // The first start seeds the demo site in a short-lived process of the server's own: its peak is watched too.
  let helperPeakMb = 0;
  await waitFor(child, `${url}/healthz`, 120, async () => {
    helperPeakMb = Math.max(helperPeakMb, await childrenPeakMb(child.pid as number));
  });
  return { child, url, helperPeakMb };
};

/** The highest peak RSS among a process's children now, in MB (0 when it has none). */
const childrenPeakMb = async (pid: number) => {
  const children = await fsp.readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  let peak = 0;
  for (const child of children.split(' ').filter(Boolean)) {
    peak = Math.max(peak, await peakRssMb(Number(child)).catch(() => 0));
  }
  return peak;
};

const startBare = async (answersFile: string, dataDir: string) => {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/bareServer.ts'), answersFile, String(port)],
    {
      cwd: ROOT,
      env: deploymentEnv,
      stdio: ['ignore', logFile(dataDir, 'bare'), 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  // The bare server answers 404 to anything else: being up is answering at all.
  await new Promise<void>((resolve, reject) => {
    const poll = () =>
      http
        .get(`${url}/`, (response) => {
          response.resume();
          resolve();
        })
        .on('error', () => (child.exitCode === null ? setTimeout(poll, 100) : reject(new Error('bare exited'))));
    poll();
  });
  return { child, url };
};

let cookie = '';
const headersOf = (call: Call): Record<string, string> => ({
  ...BROWSER_HEADERS,
  ...(cookie ? { cookie } : {}),
  ...(call.body ? { 'content-type': 'application/json' } : {}),
});

/** The raw answer, bytes as they came over the wire (no decoding), with the browser's headers sent. */
const send = (base: string, call: Call) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    const request = http.request(
      `${base}${call.url}`,
      { method: call.method, headers: headersOf(call) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end(call.body);
  });

const load = async (base: string, call: Call, seconds: number) => {
  const result = await loadFrom({
    url: `${base}${call.url}`,
    connections: CONNECTIONS,
    duration: seconds,
    method: call.method,
    headers: headersOf(call),
    ...(call.body ? { body: call.body } : {}),
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${call.name} at ${base}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result;
};

const format = (value: number) => Math.round(value).toLocaleString('en-US');
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const entry = path.resolve(process.env.SERVER_ENTRY ?? path.join(ROOT, 'scripts/start.mjs'));
if (!process.env.SERVER_ENTRY) {
  // What `npm start` would build before starting: done first, so no build runs inside a measurement.
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
}
const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'lianmeng-bench-reads-'));
// The first start seeds the demo site (rendering its images with sharp); a deployment runs long after that,
// so the measured process is a second start on the seeded data.
const seeding = await startServer(entry, dataDir);
const firstStartPeak = await peakRssMb(seeding.child.pid as number);
await stop(seeding.child);
const server = await startServer(entry, dataDir);
let bare: Awaited<ReturnType<typeof startBare>> | undefined;
try {
  // A column with published articles and one of its articles, from the demo site the server seeded.
  const first = await fetch(`${server.url}/api/content/articles?pageNum=1&pageSize=1`);
  const newest = ((await first.json()) as { data: { list: { id: number; typeId: number }[] } }).data.list[0];
  if (!newest) throw new Error('the demo site has no published article');
  // A visitor's calls follow the page that gave the browser its anti-forgery cookie, so they carry it.
  cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const calls: Call[] = [
    {
      name: 'partners (imageMsgSearch)',
      method: 'POST',
      url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999',
      body: '{"belongSortid":3}',
    },
    {
      name: 'banners (imageMsgSearch)',
      method: 'POST',
      url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999',
      body: '{"belongSortid":2,"isOpen":1}',
    },
    {
      name: 'articles list',
      method: 'GET',
      url: `/api/content/articles?typeId=${newest.typeId}&pageNum=1&pageSize=10`,
    },
    { name: 'article detail', method: 'GET', url: `/api/content/articles/${newest.id}` },
    { name: 'site settings', method: 'GET', url: '/api/site/settings' },
  ];

  const answers: BareAnswer[] = [];
  for (const call of calls) {
    const response = await send(server.url, call);
    if (response.status !== 200) throw new Error(`${call.name}: ${response.status}`);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (!NODE_WRITES.has(name) && typeof value === 'string') headers[name] = value;
    }
    answers.push({
      method: call.method,
      url: call.url,
      ...(call.body ? { body: call.body } : {}),
      headers,
      bytes: response.bytes.toString('base64'),
    });
  }
  const answersFile = path.join(dataDir, 'bare-answers.json');
  await fsp.writeFile(answersFile, JSON.stringify(answers));
  bare = await startBare(answersFile, dataDir);
  for (const [index, call] of calls.entries()) {
    const answer = answers[index] as BareAnswer;
    const bareAnswer = await send(bare.url, call);
    if (!bareAnswer.bytes.equals(Buffer.from(answer.bytes, 'base64'))) {
      throw new Error(`the bare server does not send the same bytes for ${call.name}`);
    }
    for (const [name, value] of Object.entries(answer.headers)) {
      if (bareAnswer.headers[name] !== value) {
        throw new Error(`the bare server does not send the same ${name} for ${call.name}`);
      }
    }
  }

  console.info(
    `public reads: ${path.relative(ROOT, entry)} against bare Fastify sending the same bytes and headers, both logging at info to a file, autocannon in its own process, ${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} alternating rounds after ${WARM_UP_SECONDS} s warm-up; load average ${loadAverage()} (${os.cpus().length} cores)`,
  );
  // Both sides warmed on every call first, so no side pays for its compiler inside a measurement.
  for (const base of [server.url, bare.url]) {
    for (const call of calls) await load(base, call, WARM_UP_SECONDS);
  }
  let failed = 0;
  for (const [index, call] of calls.entries()) {
    const size = Buffer.from(answers[index]?.bytes ?? '', 'base64').length;
    const coding = answers[index]?.headers['content-encoding'] ?? 'identity';
    // The machine may be shared: the two sides take turns in short rounds, so a burst of someone else's
    // work lands on both rather than on one.
    const rounds = { real: [] as LoadResult[], bare: [] as LoadResult[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.real.push(await load(server.url, call, SECONDS / ROUNDS));
      rounds.bare.push(await load(bare.url, call, SECONDS / ROUNDS));
    }
    const real = combineRounds(rounds.real);
    const baseline = combineRounds(rounds.bare);
    const ratio = real.perSecond / baseline.perSecond;
    if (ratio < RATIO_GOAL) failed += 1;
    console.info(
      `${call.name.padEnd(26)} ${String(size).padStart(5)} B ${coding.padEnd(8)} server ${format(real.perSecond).padStart(6)} req/s p99 ${String(real.p99).padStart(3)} ms | bare ${format(baseline.perSecond).padStart(6)} req/s p99 ${String(baseline.p99).padStart(3)} ms | ratio ${ratio.toFixed(2)} (goal ≥ ${RATIO_GOAL}) ${ratio >= RATIO_GOAL ? 'ok' : 'MISSED'}`,
    );
  }
  await stop(bare.child);
  bare = undefined;

  // The goal is for the public reads; BENCH_MEMORY_PAGES=1 adds the two most visited server-rendered pages.
  const pages: Call[] =
    process.env.BENCH_MEMORY_PAGES === '1'
      ? [
          { name: 'home page', method: 'GET', url: '/index' },
          { name: 'article page', method: 'GET', url: `/news/detail/${newest.id}` },
        ]
      : [];
  const pid = server.child.pid as number;
  const before = await rssMb(pid);
  const mixed = await loadFrom({
    url: server.url,
    connections: CONNECTIONS,
    duration: MEMORY_SECONDS,
    requests: [...calls, ...pages].map((call) => ({
      method: call.method,
      path: call.url,
      headers: headersOf(call),
      ...(call.body ? { body: call.body } : {}),
    })),
  });
  const after = await rssMb(pid);
  if (after > RSS_GOAL_MB) failed += 1;
  console.info(
    `memory: first start (seeding the demo site) peak RSS ${firstStartPeak.toFixed(0)} MB; the seeding process it started and waited for peaked at ${seeding.helperPeakMb.toFixed(0)} MB before it exited (no goal)`,
  );
  console.info(
    `memory: server RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after ${MEMORY_SECONDS} s of mixed public load${pages.length ? ' with pages' : ''} (${format(mixed.total)} requests, ${mixed.non2xx} non-2xx) (goal ≤ ${RSS_GOAL_MB} MB) ${after <= RSS_GOAL_MB ? 'ok' : 'MISSED'}; load average ${loadAverage()}`,
  );
  if (failed) process.exitCode = 1;
} finally {
  if (bare) await stop(bare.child);
  await stop(server.child);
  await fsp.rm(dataDir, { recursive: true, force: true });
}
