// Proofs: issuing a signed proof of 50 records through the real route (createServer + inject), one at a
// time (p50, p99, file size) and 20 at once (the rise of the process's RSS), against the holder's credit page
// for the same card in the same run as the baseline; then the server-rendered check page /verify/<code> of the
// built site (scripts/start.mjs, as `npm start` runs it) against a bare Fastify process sending the very same
// bytes (bench/bareServer.ts), both over HTTP with 8 connections.
// Goals: issue p50 ≤ 300 ms, p99 ≤ 1 s, file ≤ 1 MB; 20 at once ≤ 150 MB RSS rise; /verify/<code> ≥ 0.5× bare.
// Run: npx tsx bench/proofIssue.ts   (after `npm run build`; BENCH_SECONDS shortens the HTTP part)
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openDatabase } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { insertCardHolders } from '../apps/server/src/domains/cardHolders/cardHolderRepository';
import { insertCreditRecords } from '../apps/server/src/domains/cardHolders/creditRecordRepository';
import { freePort } from '../e2e/harness/ports';
import { benchServer, percentile, timed, tokensOf } from './databaseRuns';
import { ROOT, replayedHeaders, spawnUntilHealthy, stop } from './processes';

const RECORDS = 50;
const ISSUES = 40;
const AT_ONCE = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 8;
const CARD = '70000001';

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Part one: issuing, in this process. */
const issuing = async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-bench-proof-'));
  const db = openDatabase(undefined, dataDir);
  try {
    await migrate(db);
    const at = new Date().toISOString();
    await insertCardHolders(db.kysely, [
      {
        cardNo: CARD,
        name: '基准学生',
        school: '基准学校',
        phone: '',
        passwordHash: '',
        operator: 0,
        institution: 0,
        createTime: at,
        updateTime: at,
      },
    ]);
    await insertCreditRecords(
      db.kysely,
      Array.from({ length: RECORDS }, (_, index) => ({
        cardNo: CARD,
        date: `2026-0${(index % 9) + 1}-1${index % 10}`,
        category: '竞赛获奖',
        credits: 1 + (index % 4) * 0.5,
        activity: `全国青少年机器人运动竞赛（第 ${index + 1} 场）省级决赛一等奖`,
        issuer: '江苏省南京市鼓楼区第一实验小学',
        certificateNo: `ZS-2026-${String(index + 1).padStart(5, '0')}`,
      })),
    );
    const app = await benchServer(db, dataDir);
    const token = await tokensOf(app).issue(CARD, null);
    const issue = () =>
      app.inject({
        method: 'POST',
        url: '/api/creditBank/proofs',
        headers: { authorization: token },
        payload: { all: true },
      });
    const page = () =>
      app.inject({
        method: 'GET',
        url: `/api/creditBank/info?cardNo=${CARD}&pageSize=50`,
        headers: { authorization: token },
      });
    // Warm-up: the first proof loads the font and makes the signing key.
    const first = await issue();
    if (first.statusCode !== 200) throw new Error(`issue failed: ${first.body}`);
    for (let index = 0; index < 5; index += 1) await issue();

    const issueTimes: number[] = [];
    const pageTimes: number[] = [];
    let size = 0;
    for (let index = 0; index < ISSUES; index += 1) {
      let started = performance.now();
      const answer = await issue();
      issueTimes.push(performance.now() - started);
      size = Math.max(size, Buffer.from(answer.json().data.file.base64, 'base64').length);
      started = performance.now();
      await page();
      pageTimes.push(performance.now() - started);
    }
    issueTimes.sort((a, b) => a - b);
    pageTimes.sort((a, b) => a - b);
    const p50 = percentile(issueTimes, 0.5);
    const p99 = percentile(issueTimes, 0.99);
    console.info(`issue a proof of ${RECORDS} records: p50 ${ms(p50)} (goal ≤ 300), p99 ${ms(p99)} (goal ≤ 1000)`);
    console.info(`  file ${(size / 1024).toFixed(0)} KB (goal ≤ 1024 KB)`);
    console.info(
      `  baseline, the holder's credit page (50 records): p50 ${percentile(pageTimes, 0.5).toFixed(1)} ms; ratio issue/page ${(p50 / percentile(pageTimes, 0.5)).toFixed(0)}×`,
    );
    const burst = await timed(() => Promise.all(Array.from({ length: AT_ONCE }, issue)));
    console.info(
      `${AT_ONCE} issued at once: ${ms(burst.ms)} in all, RSS rise ${burst.rssRiseMb.toFixed(0)} MB (goal ≤ 150 MB)`,
    );
    await app.close();
  } finally {
    await db.destroy();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
};

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
let visitor = 0;
/**
 * Each request from another visitor's address (the site trusts this machine as its proxy in this run): checks are
 * bounded per address, and a run of thousands from one address would be refused, as it should be.
 */
const get = (port: number, url: string) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    visitor += 1;
    const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
    const headers = { 'x-forwarded-for': address, 'accept-encoding': 'gzip' };
    const request = http.get({ host: '127.0.0.1', port, path: url, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
  });

const rate = async (port: number, url: string) => {
  let done = 0;
  const end = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const answer = await get(port, url);
      if (answer.status !== 200) throw new Error(`${url}: status ${answer.status}`);
      done += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return done / ((performance.now() - started) / 1000);
};

/** Part two: the check page over HTTP, against a bare Fastify sending the same bytes. */
const checkPage = async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-bench-verify-'));
  const port = await freePort();
  const site = await spawnUntilHealthy(
    [path.join(ROOT, 'scripts/start.mjs')],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      TRUST_PROXY: '127.0.0.1',
      // The demo pupil's records are what the proof lists.
      DEMO_DATA: '1',
      // Throughput is measured to saturation: load shedding would answer 503 instead.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    port,
    '/healthz',
  );
  let bare: ChildProcess | undefined;
  try {
    // A proof on the demo site: the demo pupil's records, issued through the running site with its own token.
    const db = openDatabase(undefined, dataDir);
    const app = await benchServer(db, dataDir);
    const token = await tokensOf(app).issue('10000001', null);
    await app.close();
    await db.destroy();
    const issued = await new Promise<string>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/creditBank/proofs',
          method: 'POST',
          agent,
          headers: { authorization: token, 'content-type': 'application/json' },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ all: true }));
    });
    const parsed = JSON.parse(issued) as { data?: { proof: { code: string } } };
    if (!parsed.data) throw new Error(`issuing on the site failed: ${issued}`);
    const code = parsed.data.proof.code;
    const url = `/verify/${code}`;
    const sample = await get(port, url);
    const text = (sample.headers['content-encoding'] === 'gzip' ? gunzipSync(sample.body) : sample.body).toString(
      'utf8',
    );
    if (!text.includes('真实有效')) throw new Error(`the check page does not say 真实有效: ${sample.status}`);
    const headers = replayedHeaders(sample.headers);
    const answers = path.join(dataDir, 'bare-answers.json');
    await fs.writeFile(
      answers,
      JSON.stringify([{ method: 'GET', url, headers, bytes: sample.body.toString('base64') }]),
    );
    const barePort = await freePort();
    bare = await spawnUntilHealthy(
      ['--import', 'tsx', path.join(ROOT, 'bench/bareServer.ts'), answers, String(barePort)],
      { LOG_LEVEL: 'warn' },
      barePort,
      url,
    );
    await rate(port, url);
    await rate(barePort, url);
    const bareRate = await rate(barePort, url);
    const pageRate = await rate(port, url);
    console.info(`/verify/<code> (${sample.body.length} bytes): ${pageRate.toFixed(0)} requests/s rendered`);
    console.info(`bare Fastify, same bytes: ${bareRate.toFixed(0)} requests/s`);
    console.info(`ratio rendered / bare: ${(pageRate / bareRate).toFixed(2)} (goal ≥ 0.5)`);
    // Where the time goes: the check call alone (a lookup counted, a check written and audited), and the
    // form page, rendered with no check at all.
    const apiRate = await rate(port, `/api/verify/proof/${code}`);
    const formRate = await rate(port, '/verify');
    console.info(
      `  the check call alone: ${apiRate.toFixed(0)} requests/s; the bare form page /verify: ${formRate.toFixed(0)} requests/s`,
    );
    // The form page is kept in the URL page cache and checks nothing: the most a kept page can reach through this
    // server's hooks; what the check page falls short of it is its read, its counted lookup and its check.
    console.info(`  check page / kept form page: ${(pageRate / formRate).toFixed(2)}`);
  } finally {
    agent.destroy();
    if (bare) await stop(bare);
    await stop(site);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
};

await issuing();
await checkPage();
