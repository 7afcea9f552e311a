import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBareHolders, insertSchools } from '../../testing/bulkRows';
import { queryPlan } from '../../testing/queryPlan';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { insertCreditRecords } from '../cardHolders/creditRecordRepository';
import { visibleCredits } from './holderView';
import { certificateQuery, standingQuery } from './ledgerRepository';

let server: TestServer;
const HOLDERS = 400;
const PER_HOLDER = 10;

beforeAll(async () => {
  server = await createTestServer();
  const { kysely } = server.db;
  const at = '2026-01-01T00:00:00.000Z';
  const [schoolId = 0] = await insertSchools(kysely, { count: 1, codePrefix: 'IX', namePrefix: '索引学校', at });
  const cards = Array.from({ length: HOLDERS }, (_, index) => String(30000000 + index));
  await insertBareHolders(kysely, cards, at);
  const records = cards.flatMap((cardNo, holder) =>
    Array.from({ length: PER_HOLDER }, (_, index) => ({
      cardNo,
      date: `2025-${String((index % 12) + 1).padStart(2, '0')}-10`,
      activity: '活动',
      category: '竞赛',
      credits: 1,
      issuer: '索引学校',
      certificateNo: `C-${holder}-${index}`,
      institutionId: schoolId,
      catalogueId: 1 + (index % 5),
      kind: 'competition',
      level: '市级',
    })),
  );
  for (let start = 0; start < records.length; start += 500) {
    await insertCreditRecords(kysely, records.slice(start, start + 500));
  }
  // The planners choose by the tables' statistics, as they would on a live database.
  await sql`analyze`.execute(kysely);
});
afterAll(() => server.close());

const planOf = (statement: Parameters<typeof queryPlan>[1]) => queryPlan(server.db, statement);

describe('the ledger’s lookups read index ranges, never an institution’s or a holder’s whole history', () => {
  it('finds used certificate numbers through the partial unique index', async () => {
    const plan = await planOf(certificateQuery(server.db.kysely, 1, ['C-1-1', 'C-2-2']));
    expect(plan).toMatch(/credit_record_certificate/);
    expect(plan).not.toMatch(/SCAN credit_record\b|Seq Scan on credit_record/);
  });

  it('finds duplicates (holder, item, date) through their index', async () => {
    const plan = await planOf(standingQuery(server.db.kysely, ['30000001', '30000002'], [1, 2]));
    expect(plan).toMatch(/credit_record_holder_item/);
    expect(plan).not.toMatch(/SCAN credit_record\b|Seq Scan on credit_record/);
  });

  it("reads a holder's page from the (card, date) index, and the total from one row", async () => {
    const page = visibleCredits(server.db.kysely, { cardNo: '30000005', pageNum: 1, pageSize: 10 })
      .select(['r.id', 'r.date'])
      .orderBy('r.date', 'desc')
      .orderBy('r.id', 'desc')
      .limit(10);
    const plan = await planOf(page);
    expect(plan).toMatch(/credit_record_card_date|credit_record_holder_item/);
    expect(plan).not.toMatch(/SCAN r\b|Seq Scan on credit_record/);
    const total = await planOf(
      server.db.kysely.selectFrom('holderCreditTotal').select('total').where('cardNo', '=', '30000005'),
    );
    expect(total).toMatch(/holder_credit_total_pkey|sqlite_autoindex_holder_credit_total|PRIMARY KEY/);
    const row = await server.db.kysely
      .selectFrom('holderCreditTotal')
      .select('total')
      .where('cardNo', '=', '30000005')
      .executeTakeFirstOrThrow();
    expect(Number(row.total)).toBe(PER_HOLDER);
  });
});
