// The credit ledger at scale, through the real routes (createServer + inject), on SQLite and PostgreSQL:
// with 1,000,000 posted records over 100,000 holders, a holder's credit page (first page with the total;
// with kind and level filters; with a date range) timed one request at a time and 50 at once (p99); then a
// 10,000-row credit import: its preview, its commit and the operator's approval of the whole batch.
// Goals: credit page p99 ≤ 20 ms; preview ≤ 3 s; approval ≤ 5 s.
// Run: npx tsx bench/creditLedger.ts   (CREDIT_BENCH_RECORDS / CREDIT_BENCH_HOLDERS scale it down;
// TEST_POSTGRES_URL overrides postgres://postgres@127.0.0.1:5432/test)
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database';
import { creditCsv } from '../apps/server/src/domains/credits/creditTestKit';
import { multipartForm } from '../apps/server/src/domains/institutions/rosterTestFiles';
import { insertSchools } from '../apps/server/src/testing/bulkRows';
import { benchServer, medianAndP99, onBothDatabases, oneAtATime, percentile, timed, tokensOf } from './databaseRuns';

const RECORDS = Number(process.env.CREDIT_BENCH_RECORDS ?? 1_000_000);
const HOLDERS = Number(process.env.CREDIT_BENCH_HOLDERS ?? 100_000);
const IMPORT_ROWS = 10_000;
const PAGE_REQUESTS = 500;
const CONCURRENCY = 50;
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

const measure = async (label: string, db: Db, dataDir: string) => {
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
  const page = async (index: number, query: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/creditBank/info?cardNo=${holders[index]}&pageNum=1&pageSize=10${query}`,
      headers: { authorization: tokens[index] ?? '' },
    });
    if (response.statusCode !== 200) throw new Error(`${label} credit page: ${response.body.slice(0, 300)}`);
  };
  const fiftyAtOnce = async (query: string) => {
    const timings: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        for (let round = 0; round < PAGE_REQUESTS / CONCURRENCY; round += 1) {
          const begun = performance.now();
          await page(worker, query);
          timings.push(performance.now() - begun);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return { timings: timings.sort((a, b) => a - b), perSecond: timings.length / seconds };
  };
  for (const [what, query] of [
    ['first page + total', ''],
    ['kind + level filter', `&kind=competition&level=${encodeURIComponent('省级')}`],
    ['date range', '&from=2024-01-01&to=2024-12-31'],
  ] as const) {
    const alone = await oneAtATime(PAGE_REQUESTS, (index) => page(index % CONCURRENCY, query));
    const together = await fiftyAtOnce(query);
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
};

console.info(`credit ledger, ${RECORDS} posted records over ${HOLDERS} holders, through the routes`);
await onBothDatabases(measure);
