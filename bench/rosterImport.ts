// Opening cards from a roster, through the real routes (createServer + inject), on SQLite and PostgreSQL:
// the preview and the commit of a 10,000-row .xlsx, each beside one bare multi-row INSERT of the same rows
// in the same run, with the process's resident memory rise; then the first page of an institution's people
// list at 100,000 holders and 1,000 institutions (p99). Goals: preview ≤ 3 s, commit ≤ 5 s, RSS rise
// ≤ 100 MB, people list p99 ≤ 20 ms.
// Run: npx tsx bench/rosterImport.ts   (TEST_POSTGRES_URL overrides postgres://postgres@127.0.0.1:5432/test)
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database';
import { multipartForm, validRows, xlsxFile } from '../apps/server/src/domains/institutions/rosterTestFiles';
import { insertBareHolders, insertSchools } from '../apps/server/src/testing/bulkRows';
import { benchServer, medianAndP99, onBothDatabases, oneAtATime, timed, tokensOf } from './databaseRuns';

const ROWS = 10_000;
const HOLDERS = 100_000;
const INSTITUTIONS = 1_000;
const LIST_REQUESTS = 500;
const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The same rows as the roster opens, written by one INSERT statement with literal values. */
const bareInsert = async (db: Db, firstCardNo: number) => {
  const at = new Date().toISOString();
  const values = validRows(ROWS, '裸插', 13600000000)
    .map(
      ([name, gender, birthDate, grade, phone, guardianPhone], index) =>
        `(${[String(firstCardNo + index), name, '基准学校', '', '', 'pending', birthDate, gender, grade, phone, guardianPhone, at, at].map(quote).join(',')},0,0)`,
    )
    .join(',');
  await sql
    .raw(
      `insert into card_holder (card_no, name, school, phone, password_hash, activation_state, birth_date, gender, grade, roster_phone, guardian_phone, create_time, update_time, operator, institution) values ${values}`,
    )
    .execute(db.kysely);
};

const measure = async (label: string, db: Db, dataDir: string) => {
  const at = new Date().toISOString();
  const institutionIds = await insertSchools(db.kysely, {
    count: INSTITUTIONS,
    codePrefix: 'B',
    namePrefix: '基准学校',
    at,
  });
  const institutionId = institutionIds[0] ?? 1;
  await db.kysely
    .insertInto('cardHolder')
    .values({
      cardNo: '80000000',
      name: '基准老师',
      school: '基准学校0',
      phone: '13500000000',
      passwordHash: '',
      operator: 0,
      institution: 1,
      institutionId,
      createTime: at,
      updateTime: at,
    })
    .execute();

  const app = await benchServer(db, dataDir);
  const authorization = await tokensOf(app).issue('80000000', null);
  const file = await xlsxFile(validRows(ROWS, '基准', 13700000000));
  const send = (step: 'preview' | 'commit') => {
    const form = multipartForm(file, 'roster.xlsx');
    return app.inject({
      method: 'POST',
      url: `/api/creditBank/institution/roster/${step}`,
      ...form,
      headers: { ...form.headers, authorization },
    });
  };

  const preview = await timed(() => send('preview'));
  if (preview.result.statusCode !== 200) throw new Error(`${label} preview: ${preview.result.body.slice(0, 300)}`);
  const commit = await timed(() => send('commit'));
  if (commit.result.statusCode !== 200) throw new Error(`${label} commit: ${commit.result.body.slice(0, 300)}`);
  if (commit.result.json().data.opened !== ROWS) throw new Error(`${label}: the commit did not open ${ROWS} cards`);
  const bare = await timed(() => bareInsert(db, 70_000_000));

  // The people list at scale: 100,000 holders over 1,000 institutions (those already there included).
  const existing = Number(
    (await db.kysely.selectFrom('cardHolder').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
  );
  for (let start = existing; start < HOLDERS; start += 1_000) {
    const count = Math.min(1_000, HOLDERS - start);
    const cards = Array.from({ length: count }, (_, index) => String(60_000_000 + start + index));
    await db.writeTransaction(async (trx) => {
      await insertBareHolders(trx, cards, at);
      await trx
        .insertInto('institutionMember')
        .values(
          cards.map((cardNo, index) => ({
            institutionId: institutionIds[(start + index) % INSTITUTIONS] ?? institutionId,
            cardNo,
            how: 'opened',
            activationState: 'pending',
            batchId: null,
            linkTime: new Date(Date.parse(at) + start + index).toISOString(),
          })),
        )
        .execute();
    });
  }
  await sql`analyze`.execute(db.kysely);
  // A typical institution (100 people) and the one that just imported the roster (10,100 people).
  await db.kysely
    .insertInto('cardHolder')
    .values({
      cardNo: '80000001',
      name: '基准老师乙',
      school: '基准学校1',
      phone: '13500000001',
      passwordHash: '',
      operator: 0,
      institution: 1,
      institutionId: institutionIds[1] ?? institutionId,
      createTime: at,
      updateTime: at,
    })
    .execute();
  const typical = await tokensOf(app).issue('80000001', null);
  const listTimes = async (token: string, query: string) =>
    medianAndP99(
      await oneAtATime(LIST_REQUESTS, async () => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/creditBank/institution/people?pageNum=1&pageSize=20${query}`,
          headers: { authorization: token },
        });
        if (response.statusCode !== 200) throw new Error(`${label} people: ${response.body}`);
      }),
    );
  const lists = [
    ['100 people', await listTimes(typical, '')],
    ['10,100 people', await listTimes(authorization, '')],
    ['10,100 people, not yet activated', await listTimes(authorization, '&state=pending')],
  ];
  await app.close();

  const line = (what: string, value: ReturnType<typeof timed> extends Promise<infer R> ? R : never, goal: number) =>
    `${label.padEnd(10)} ${what.padEnd(8)} ${(value.ms / 1000).toFixed(2)} s (goal ≤ ${goal} s, ${(value.ms / bare.ms).toFixed(1)}× the bare INSERT)   RSS +${value.rssRiseMb.toFixed(0)} MB`;
  console.info(line('preview', preview, 3));
  console.info(line('commit', commit, 5));
  console.info(
    `${label.padEnd(10)} bare INSERT of ${ROWS} rows ${(bare.ms / 1000).toFixed(2)} s   RSS +${bare.rssRiseMb.toFixed(0)} MB`,
  );
  for (const [what, result] of lists) {
    console.info(
      `${label.padEnd(10)} people list, first page, ${HOLDERS} holders / ${INSTITUTIONS} institutions, an institution of ${what}: ${result} (goal p99 ≤ 20 ms)`,
    );
  }
};

console.info(`roster import, ${ROWS} rows (.xlsx), through the routes`);
await onBothDatabases(measure);
