import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBareHolders, insertSchools } from '../../testing/bulkRows';
import { queryPlan } from '../../testing/queryPlan';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { peopleQueries } from './memberRepository';

let server: TestServer;
const INSTITUTIONS = 40;
const PER_INSTITUTION = 100;

beforeAll(async () => {
  server = await createTestServer();
  const { kysely } = server.db;
  const at = '2026-01-01T00:00:00.000Z';
  const ids = await insertSchools(kysely, { count: INSTITUTIONS, codePrefix: 'IX', namePrefix: '索引学校', at });
  const cards = Array.from({ length: INSTITUTIONS * PER_INSTITUTION }, (_, index) => String(30000000 + index));
  await insertBareHolders(kysely, cards, at);
  const members = cards.map((cardNo, index) => ({
    institutionId: ids[index % INSTITUTIONS] ?? 0,
    cardNo,
    how: 'opened',
    activationState: 'pending',
    batchId: null,
    linkTime: new Date(Date.parse(at) + index * 1000).toISOString(),
  }));
  for (let start = 0; start < members.length; start += 500) {
    await kysely
      .insertInto('institutionMember')
      .values(members.slice(start, start + 500))
      .execute();
  }
  // The planners choose by the tables' statistics, as they would on a live database.
  await sql`analyze`.execute(kysely);
});
afterAll(() => server.close());

const planOf = (statement: Parameters<typeof queryPlan>[1]) => queryPlan(server.db, statement);

describe("an institution's people list", () => {
  it('walks the (institution, link time, card) index in order: no scan of the members, no sort', async () => {
    const { rows } = peopleQueries(server.db.kysely, { institutionId: 1 }, { offset: 0, limit: 10 });
    const plan = await planOf(rows);
    expect(plan).toMatch(/institution_member_list/);
    if (server.db.dialect === 'sqlite') {
      expect(plan).toMatch(/SEARCH m USING (COVERING )?INDEX institution_member_list \(institution_id=\?\)/);
      expect(plan).not.toMatch(/SCAN m\b/);
      expect(plan).not.toContain('TEMP B-TREE');
    } else {
      expect(plan).not.toMatch(/Seq Scan on institution_member/);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });

  it('counts the members from the index alone', async () => {
    const { count } = peopleQueries(server.db.kysely, { institutionId: 1 }, { offset: 0, limit: 10 });
    const plan = await planOf(count);
    // The primary key (institution, card) serves as well as the list index; SQLite names it itself.
    expect(plan).toMatch(/institution_member_list|institution_member_pk|sqlite_autoindex_institution_member/);
    expect(plan).not.toMatch(/card_holder|SCAN m\b|Seq Scan/);
  });

  it('filters and counts by activation state from the state index, without reading the holders to count', async () => {
    const { rows, count } = peopleQueries(
      server.db.kysely,
      { institutionId: 1, state: 'pending' },
      { offset: 0, limit: 10 },
    );
    const rowsPlan = await planOf(rows);
    expect(rowsPlan).toMatch(/institution_member_state/);
    expect(rowsPlan).not.toMatch(/TEMP B-TREE|\bSort\b|SCAN m\b|Seq Scan on institution_member/);
    // Either index of the members bounds the count by the institution's size; the holders are not read.
    const countPlan = await planOf(count);
    expect(countPlan).toMatch(/institution_member_(state|pk|list)|sqlite_autoindex_institution_member/);
    expect(countPlan).not.toMatch(/card_holder|SCAN m\b|Seq Scan/);
  });

  it('answers the first page of one institution among many', async () => {
    const { rows, count } = peopleQueries(server.db.kysely, { institutionId: 2 }, { offset: 0, limit: 10 });
    const page = await rows.execute();
    expect(page).toHaveLength(10);
    expect(Number((await count.executeTakeFirstOrThrow()).total)).toBe(PER_INSTITUTION);
    const times = page.map((row) => row.linkTime);
    expect(times).toEqual([...times].sort().reverse());
  });
});
