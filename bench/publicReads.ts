/**
 * The public reads of the built server (apps/server/dist/main.js on a fresh SQLite DATA_DIR with the demo
 * site) against a bare Fastify server sending the very same bytes (body and headers), both measured in this run with
 * autocannon (50 connections, a warm-up, then BENCH_SECONDS per side in alternating rounds).
 * Prints each call's ratio (server req/s ÷ bare req/s) with its goal and both p99s, then the server's RSS
 * after 60 s of mixed public load.
 * Run: npx tsx bench/publicReads.ts   (SERVER_ENTRY=<built main.js> measures another build; BENCH_SECONDS,
 * BENCH_MEMORY_SECONDS shorten a trial run)
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../e2e/harness/ports';
import type { BareAnswer } from './bareServer';
import { peakRssMb, rssMb, stop } from './processes';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const WARM_UP_SECONDS = 2;
const ROUNDS = 4;
const MEMORY_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const CONNECTIONS = 50;
const RATIO_GOAL = 0.8;
const RSS_GOAL_MB = 150;

interface Call {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
}

const startServer = async (entry: string, dataDir: string) => {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: dataDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_PASSWORD: 'Bench-demo-password-1',
      LOG_LEVEL: 'warn',
      // The API alone: no portal or console build is needed to measure it.
      PORTAL_DIST: dataDir,
      ADMIN_DIST: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  // The first start seeds the demo site in a short-lived process of the server's own: its peak is watched too.
  let helperPeakMb = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz within 60 s');
    helperPeakMb = Math.max(helperPeakMb, await childrenPeakMb(child.pid as number));
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, helperPeakMb };
};

/** The highest peak RSS among a process's children now, in MB (0 when it has none). */
const childrenPeakMb = async (pid: number) => {
  const children = await fs.readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  let peak = 0;
  for (const child of children.split(' ').filter(Boolean)) {
    peak = Math.max(peak, await peakRssMb(Number(child)).catch(() => 0));
  }
  return peak;
};

const startBare = async (answersFile: string) => {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/bareServer.ts'), answersFile], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return { child, url: `http://127.0.0.1:${port}` };
};

let cookie = '';
const headersOf = (call: Call): Record<string, string> => ({
  ...(cookie ? { cookie } : {}),
  ...(call.body ? { 'content-type': 'application/json' } : {}),
});

// fetch asks for gzip unless told otherwise; autocannon, which measures, asks for no coding.
const send = (base: string, call: Call) =>
  fetch(`${base}${call.url}`, {
    method: call.method,
    headers: { ...headersOf(call), 'accept-encoding': 'identity' },
    body: call.body,
  });

const load = async (base: string, call: Call, seconds: number) => {
  const result = await autocannon({
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
  return { perSecond: result.requests.average, p99: result.latency.p99 };
};

/** Requests per second over all rounds, and the median of the rounds' p99. */
const combine = (rounds: { perSecond: number; p99: number }[]) => ({
  perSecond: rounds.reduce((sum, round) => sum + round.perSecond, 0) / rounds.length,
  p99: [...rounds].sort((a, b) => a.p99 - b.p99)[Math.floor(rounds.length / 2)]?.p99 ?? Number.NaN,
});

/** Headers Node's http module writes itself (or that belong to one connection), left out of the replay. */
const NODE_WRITES = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-type',
]);

const format = (value: number) => Math.round(value).toLocaleString('en-US');

const entry = path.resolve(process.env.SERVER_ENTRY ?? path.join(ROOT, 'apps/server/dist/main.js'));
if (!process.env.SERVER_ENTRY) {
  execFileSync('npm', ['run', 'build', '--workspace', '@lianmeng/server'], { cwd: ROOT, stdio: 'ignore' });
}
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-bench-reads-'));
// The first start seeds the demo site (rendering its images with sharp); a deployment runs long after that,
// so the measured process is a second start on the seeded data.
const seeding = await startServer(entry, dataDir);
const firstStartPeak = await peakRssMb(seeding.child.pid as number);
await stop(seeding.child);
const server = await startServer(entry, dataDir);
let bare: Awaited<ReturnType<typeof startBare>> | undefined;
try {
  // A column with published articles and one of its articles, from the demo site the server seeded.
  const first = await send(server.url, { name: '', method: 'GET', url: '/api/content/articles?pageNum=1&pageSize=1' });
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
    const bytes = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!NODE_WRITES.has(name)) headers[name] = value;
    });
    answers.push({
      method: call.method,
      url: call.url,
      ...(call.body ? { body: call.body } : {}),
      contentType: response.headers.get('content-type') ?? 'application/json',
      headers,
      bytes: bytes.toString('base64'),
    });
  }
  const answersFile = path.join(dataDir, 'bare-answers.json');
  await fs.writeFile(answersFile, JSON.stringify(answers));
  bare = await startBare(answersFile);
  for (const [index, call] of calls.entries()) {
    const bareAnswer = await send(bare.url, call);
    if (
      Buffer.compare(Buffer.from(await bareAnswer.arrayBuffer()), Buffer.from(answers[index]?.bytes ?? '', 'base64'))
    ) {
      throw new Error(`the bare server does not send the same bytes for ${call.name}`);
    }
    for (const [name, value] of Object.entries(answers[index]?.headers ?? {})) {
      if (bareAnswer.headers.get(name) !== value) {
        throw new Error(`the bare server does not send the same ${name} for ${call.name}`);
      }
    }
  }

  console.info(
    `public reads: ${path.relative(ROOT, entry)} against bare Fastify sending the same bytes and headers, ${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} alternating rounds after ${WARM_UP_SECONDS} s warm-up`,
  );
  // Both sides warmed on every call first, so no side pays for its compiler inside a measurement.
  for (const base of [server.url, bare.url]) {
    for (const call of calls) await load(base, call, WARM_UP_SECONDS);
  }
  let failed = 0;
  for (const [index, call] of calls.entries()) {
    const size = Buffer.from(answers[index]?.bytes ?? '', 'base64').length;
    // The machine is shared: the two sides take turns in short rounds, so a burst of someone else's work
    // lands on both rather than on one.
    const rounds = { real: [] as Awaited<ReturnType<typeof load>>[], bare: [] as Awaited<ReturnType<typeof load>>[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.real.push(await load(server.url, call, SECONDS / ROUNDS));
      rounds.bare.push(await load(bare.url, call, SECONDS / ROUNDS));
    }
    const real = combine(rounds.real);
    const baseline = combine(rounds.bare);
    const ratio = real.perSecond / baseline.perSecond;
    if (ratio < RATIO_GOAL) failed += 1;
    console.info(
      `${call.name.padEnd(26)} ${String(size).padStart(5)} B  server ${format(real.perSecond).padStart(6)} req/s p99 ${String(real.p99).padStart(3)} ms | bare ${format(baseline.perSecond).padStart(6)} req/s p99 ${String(baseline.p99).padStart(3)} ms | ratio ${ratio.toFixed(2)} (goal ≥ ${RATIO_GOAL}) ${ratio >= RATIO_GOAL ? 'ok' : 'MISSED'}`,
    );
  }
  await stop(bare.child);
  bare = undefined;

  const pid = server.child.pid as number;
  const before = await rssMb(pid);
  const mixed = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: MEMORY_SECONDS,
    requests: calls.map((call) => ({
      method: call.method,
      path: call.url,
      headers: headersOf(call),
      ...(call.body ? { body: call.body } : {}),
    })),
  });
  const after = await rssMb(pid);
  if (after >= RSS_GOAL_MB) failed += 1;
  if (firstStartPeak >= RSS_GOAL_MB) failed += 1;
  console.info(
    `memory: first start (seeding the demo site) peak RSS ${firstStartPeak.toFixed(0)} MB (goal < ${RSS_GOAL_MB} MB) ${firstStartPeak < RSS_GOAL_MB ? 'ok' : 'MISSED'}; the seeding process it started and waited for peaked at ${seeding.helperPeakMb.toFixed(0)} MB before it exited (no goal)`,
  );
  console.info(
    `memory: server RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after ${MEMORY_SECONDS} s of mixed public load (${format(mixed.requests.total)} requests, ${mixed.non2xx} non-2xx) (goal < ${RSS_GOAL_MB} MB) ${after < RSS_GOAL_MB ? 'ok' : 'MISSED'}`,
  );
  if (failed) process.exitCode = 1;
} finally {
  if (bare) await stop(bare.child);
  await stop(server.child);
  await fs.rm(dataDir, { recursive: true, force: true });
}
