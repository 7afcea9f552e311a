// The credit ledger at scale, through the real routes (createServer + inject), on SQLite and PostgreSQL:
// with 1,000,000 posted records over 100,000 holders, a holder's credit page (first page with the total;
// with kind and level filters; with a date range) timed one request at a time and 50 at once (p99); then a
// 10,000-row credit import: its preview, its commit and the operator's approval of the whole batch.
// Goals: credit page p99 ≤ 20 ms; preview ≤ 3 s; approval ≤ 5 s.
// Run: npx tsx bench/creditLedger.ts   (CREDIT_BENCH_RECORDS / CREDIT_BENCH_HOLDERS scale it down;
// TEST_POSTGRES_URL overrides postgres://postgres@127.0.0.1:5432/test)
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database';
import { creditCsv } from '../apps/server/src/domains/credits/creditTestKit';
import { multipartForm } from '../apps/server/src/domains/institutions/rosterTestFiles';
import { insertSchools } from '../apps/server/src/testing/bulkRows';
import { freePort } from '../e2e/harness/ports';
import { benchServer, medianAndP99, onBothDatabases, oneAtATime, percentile, timed, tokensOf } from './databaseRuns';
import { combineRounds, type LoadResult, loadFrom, ROOT, replayedHeaders, spawnUntilHealthy, stop } from './processes';

const RECORDS = Number(process.env.CREDIT_BENCH_RECORDS ?? 1_000_000);
const HOLDERS = Number(process.env.CREDIT_BENCH_HOLDERS ?? 100_000);
const IMPORT_ROWS = 10_000;
const PAGE_REQUESTS = 500;
const CONCURRENCY = 50;
const HTTP_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const HTTP_ROUNDS = 3;
const FIRST_CARD = 60_000_000;
/** `CASE n % k WHEN 0 THEN 'a' … END`: portable between both databases, unlike their date functions. */
const pick = (expression: string, values: string[]) =>
  `case ${expression} ${values.map((value, index) => `when ${index} then '${value}'`).join(' ')} end`;
const months = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));
const days = Array.from({ length: 28 }, (_, index) => String(index + 1).padStart(2, '0'));

/** Holders, their records (posted, recorded by one school), and the totals, written by the databases themselves. */
const fill = async (db: Db, institutionId: number, itemIds: { kind: string; level: string; id: number }[]) => {
  const at = new Date().toISOString();
  await sql
    .raw(
      `with recursive g(n) as (select 0 union all select n + 1 from g where n < ${HOLDERS - 1})
       insert into card_holder (card_no, name, school, phone, password_hash, operator, institution, birth_date, create_time, update_time)
       select cast(${FIRST_CARD} + n as text), '学生' || cast(n as text), '基准学校', '', '', 0, 0, '2010-01-01', '${at}', '${at}' from g`,
    )
    .execute(db.kysely);
  const item = (field: 'id' | 'kind' | 'level') =>
    pick(
      `(n % ${itemIds.length})`,
      itemIds.map((entry) => String(entry[field])),
    );
  await sql
    .raw(
      `with recursive g(n) as (select 0 union all select n + 1 from g where n < ${RECORDS - 1})
       insert into credit_record (card_no, date, activity, category, credits, issuer, certificate_no, state,
         institution_id, catalogue_id, kind, level, submitted_by, submit_time, reviewed_by, reviewing_unit, posted_date)
       select cast(${FIRST_CARD} + n % ${HOLDERS} as text),
         '202' || cast(3 + (n / ${HOLDERS}) % 3 as text) || '-' || ${pick('(n % 12)', months)} || '-' || ${pick('((n / 12) % 28)', days)},
         '基准活动', '竞赛', 1 + (n % 4) * 0.5, '基准学校', '', 'posted', ${institutionId}, cast(${item('id')} as integer),
         ${item('kind')}, ${item('level')}, '80000000', '${at}', '80000009', '基准认证中心', '2025-01-01'
       from g`,
    )
    .execute(db.kysely);
  await sql`insert into holder_credit_total (card_no, total, record_count)
    select card_no, sum(credits), count(*) from credit_record group by card_no`.execute(db.kysely);
  // The importing school's people: the first 10,000 holders.
  await sql
    .raw(
      `insert into institution_member (institution_id, card_no, how, batch_id, link_time, activation_state)
       select ${institutionId}, card_no, 'linked', null, '${at}', 'active' from card_holder
       where card_no >= '${FIRST_CARD}' and card_no < '${FIRST_CARD + IMPORT_ROWS}'`,
    )
    .execute(db.kysely);
  await sql`analyze`.execute(db.kysely);
};

/** One GET with its headers: the status, the headers Node does not write itself, the bytes. */
const fetchOnce = (port: number, url: string, authorization: string) =>
  new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { authorization } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: replayedHeaders(response.headers),
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });

/**
 * The credit page as a deployment serves it: the server as `npm start` runs it (production, its own process) on
 * the filled database, 50 connections from autocannon in a process of its own, each connection asking for the
 * 50 holders' pages in turn; against a bare Fastify process sending the very bytes and headers, in alternating
 * rounds. Both log at warn.
 */
const overHttp = async (
  label: string,
  dataDir: string,
  databaseUrl: string | undefined,
  calls: { url: string; authorization: string }[],
) => {
  const port = await freePort();
  const site = await spawnUntilHealthy(
    [path.join(ROOT, 'scripts/start.mjs')],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
      // Throughput is measured to saturation: load shedding would answer 503 instead.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    port,
    '/healthz',
  );
  let bare: ChildProcess | undefined;
  try {
    const answers = [];
    for (const call of calls) {
      const answer = await fetchOnce(port, call.url, call.authorization);
      if (answer.status !== 200) throw new Error(`${label} credit page over HTTP: ${answer.status} ${answer.body}`);
      answers.push({ method: 'GET', url: call.url, headers: answer.headers, bytes: answer.body.toString('base64') });
    }
    const answersFile = path.join(dataDir, 'bare-credit-answers.json');
    await fs.writeFile(answersFile, JSON.stringify(answers));
    const barePort = await freePort();
    bare = await spawnUntilHealthy(
      ['--import', 'tsx', path.join(ROOT, 'bench/bareServer.ts'), answersFile, String(barePort)],
      { LOG_LEVEL: 'warn' },
      barePort,
      calls[0]?.url ?? '/',
    );
    const requests = calls.map((call) => ({
      method: 'GET' as const,
      path: call.url,
      headers: { authorization: call.authorization },
    }));
    const round = async (target: number) => {
      const result = await loadFrom({
        url: `http://127.0.0.1:${target}`,
        connections: CONCURRENCY,
        duration: HTTP_SECONDS,
        requests,
      });
      if (result.non2xx || result.errors || result.timeouts)
        throw new Error(
          `${label} over HTTP: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
        );
      return result;
    };
    await round(port);
    await round(barePort);
    const server: LoadResult[] = [];
    const baseline: LoadResult[] = [];
    for (let index = 0; index < HTTP_ROUNDS; index += 1) {
      baseline.push(await round(barePort));
      server.push(await round(port));
    }
    const real = combineRounds(server);
    const bareRounds = combineRounds(baseline);
    console.info(
      `${label.padEnd(10)} credit page over HTTP, ${CONCURRENCY} connections: ${real.perSecond.toFixed(0)}/s, p99 ${real.p99} ms (goal ≤ 20 ms); bare Fastify, same bytes: ${bareRounds.perSecond.toFixed(0)}/s, p99 ${bareRounds.p99} ms; ratio ${(real.perSecond / bareRounds.perSecond).toFixed(2)} (goal ≥ 0.5)`,
    );
  } finally {
    if (bare) await stop(bare);
    await stop(site);
  }
};

const measure = async (label: string, db: Db, dataDir: string, databaseUrl?: string) => {
  const at = new Date().toISOString();
  const [institutionId = 0] = await insertSchools(db.kysely, { count: 1, codePrefix: 'B', namePrefix: '基准学校', at });
  const account = { passwordHash: '', phone: '', createTime: at, updateTime: at, school: '基准认证中心' };
  await db.kysely
    .insertInto('cardHolder')
    .values([
      { ...account, cardNo: '80000000', name: '基准老师', operator: 0, institution: 1, institutionId },
      { ...account, cardNo: '80000009', name: '基准审核员', operator: 1, institution: 0 },
    ])
    .execute();
  const items = (await db.kysely.selectFrom('creditCatalogue').select(['id', 'kind', 'level', 'code']).execute())
    .filter((item) => !item.code.startsWith('EXAM'))
    .map((item) => ({ id: Number(item.id), kind: item.kind, level: item.level }));
  const filled = performance.now();
  await fill(db, institutionId, items);
  console.info(
    `${label.padEnd(10)} ${RECORDS} records / ${HOLDERS} holders written in ${((performance.now() - filled) / 1000).toFixed(1)} s`,
  );

  const app = await benchServer(db, dataDir, { smsSender: { send: async () => {} } });
  const holders = Array.from({ length: CONCURRENCY }, (_, index) =>
    String(FIRST_CARD + IMPORT_ROWS + ((index * 7919) % (HOLDERS - IMPORT_ROWS))),
  );
  const tokens = await Promise.all(holders.map((cardNo) => tokensOf(app).issue(cardNo, null)));
  const pageUrl = (cardNo: string, query: string) =>
    `/api/creditBank/info?cardNo=${cardNo}&pageNum=1&pageSize=10${query}`;
  const ask = async (target: Pick<FastifyInstance, 'inject'>, cardNo: string, token: string, query: string) => {
    const response = await target.inject({
      method: 'GET',
      url: pageUrl(cardNo, query),
      headers: { authorization: token },
    });
    if (response.statusCode !== 200) throw new Error(`${label} credit page: ${response.body.slice(0, 300)}`);
    return response;
  };
  const page = (index: number, query: string) => ask(app, holders[index] ?? '', tokens[index] ?? '', query);
  const fiftyAtOnce = async (send: (worker: number) => Promise<unknown>) => {
    const timings: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        for (let round = 0; round < PAGE_REQUESTS / CONCURRENCY; round += 1) {
          const begun = performance.now();
          await send(worker);
          timings.push(performance.now() - begun);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return { timings: timings.sort((a, b) => a - b), perSecond: timings.length / seconds };
  };

  // First visits: holders whose pages nobody asked for yet, so nothing is kept and every answer is built from
  // the ledger (the figure a holder opening the page once sees).
  const coldHolders = Array.from({ length: PAGE_REQUESTS + CONCURRENCY }, (_, index) =>
    String(FIRST_CARD + IMPORT_ROWS + 50_000 + (index % (HOLDERS - IMPORT_ROWS - 50_000))),
  );
  const coldTokens = await Promise.all(coldHolders.map((cardNo) => tokensOf(app).issue(cardNo, null)));
  const cold = await oneAtATime(PAGE_REQUESTS, (index) =>
    ask(app, coldHolders[index] ?? '', coldTokens[index] ?? '', ''),
  );
  let next = 0;
  const coldTogether = await fiftyAtOnce(() => {
    next += 1;
    const index = next % coldHolders.length;
    return ask(app, coldHolders[index] ?? '', coldTokens[index] ?? '', '&kind=competition');
  });
  console.info(
    `${label.padEnd(10)} credit page, first visits (nothing kept): one at a time ${medianAndP99(cold)}; ${CONCURRENCY} at once p99 ${percentile(coldTogether.timings, 0.99).toFixed(2)} ms, ${coldTogether.perSecond.toFixed(0)}/s`,
  );

  for (const [what, query] of [
    ['first page + total', ''],
    ['kind + level filter', `&kind=competition&level=${encodeURIComponent('省级')}`],
    ['date range', '&from=2024-01-01&to=2024-12-31'],
  ] as const) {
    const alone = await oneAtATime(PAGE_REQUESTS, (index) => page(index % CONCURRENCY, query));
    const together = await fiftyAtOnce((worker) => page(worker, query));
    console.info(
      `${label.padEnd(10)} credit page, ${what}: one at a time ${medianAndP99(alone)}; ${CONCURRENCY} at once p99 ${percentile(together.timings, 0.99).toFixed(2)} ms, ${together.perSecond.toFixed(0)}/s (goal p99 ≤ 20 ms)`,
    );
  }

  const school0 = await tokensOf(app).issue('80000000', null);
  const operator = await tokensOf(app).issue('80000009', null);
  const competition = await db.kysely
    .selectFrom('creditCatalogue')
    .select('code')
    .where('code', '=', 'COMP-CIT')
    .executeTakeFirstOrThrow();
  const file = creditCsv(
    Array.from({ length: IMPORT_ROWS }, (_, index) => [
      String(FIRST_CARD + index),
      `学生${index}`,
      competition.code,
      '2026-06-01',
      '2',
      `BENCH-${index}`,
    ]),
  );
  const send = (step: 'preview' | 'commit') => {
    const form = multipartForm(file, 'credits.csv');
    return app.inject({
      method: 'POST',
      url: `/api/creditBank/institution/credits/import/${step}`,
      ...form,
      headers: { ...form.headers, authorization: school0 },
    });
  };
  const preview = await timed(() => send('preview'));
  if (preview.result.json().data?.okCount !== IMPORT_ROWS)
    throw new Error(`${label} preview: ${preview.result.body.slice(0, 300)}`);
  const commit = await timed(() => send('commit'));
  const batchId = commit.result.json().data?.batchId;
  if (!batchId) throw new Error(`${label} commit: ${commit.result.body.slice(0, 300)}`);
  const approval = await timed(() =>
    app.inject({
      method: 'POST',
      url: `/api/creditBank/review/batches/${batchId}/approve`,
      headers: { authorization: operator },
    }),
  );
  if (approval.result.json().data?.posted !== IMPORT_ROWS)
    throw new Error(`${label} approve: ${approval.result.body.slice(0, 300)}`);
  console.info(
    `${label.padEnd(10)} import of ${IMPORT_ROWS} rows: preview ${preview.seconds.toFixed(2)} s (goal ≤ 3 s), commit ${commit.seconds.toFixed(2)} s, approval of the batch ${approval.seconds.toFixed(2)} s (goal ≤ 5 s)`,
  );
  await app.close();
  await overHttp(
    label,
    dataDir,
    databaseUrl,
    holders.map((cardNo, index) => ({ url: pageUrl(cardNo, ''), authorization: tokens[index] ?? '' })),
  );
};

console.info(`credit ledger, ${RECORDS} posted records over ${HOLDERS} holders, through the routes`);
await onBothDatabases(measure);
