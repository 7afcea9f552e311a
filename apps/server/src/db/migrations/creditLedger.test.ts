import { type MigrationProvider, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDatabasePerTest } from '../../testing/emptyDatabase';
import { migrate, migrationsFor } from '../migrate';

const openEmpty = emptyDatabasePerTest();

describe('migration 0016_credit_ledger', () => {
  it('turns the records written before it into posted ledger entries, counted in their holders’ totals', async () => {
    const db = await openEmpty();
    const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
    const before = await new Migrator({ db: db.kysely, provider }).migrateTo('0015_institutions');
    expect(before.error).toBeUndefined();
    const at = '2026-01-01T00:00:00.000Z';
    await sql`insert into card_holder (card_no, name, school, phone, password_hash, create_time, update_time)
      values ('80000001', '测试', '测试学校', '13900000001', '', ${at}, ${at})`.execute(db.kysely);
    for (const [date, credits] of [
      ['2025-03-01', 2],
      ['2025-04-01', 1.5],
    ] as const) {
      await sql`insert into credit_record (card_no, date, activity, category, credits, issuer, certificate_no)
        values ('80000001', ${date}, '活动', '竞赛获奖', ${credits}, '联盟', '')`.execute(db.kysely);
    }

    await migrate(db);

    const records = await db.kysely
      .selectFrom('creditRecord')
      .select(['state', 'postedDate', 'date'])
      .orderBy('date')
      .execute();
    expect(records).toEqual([
      { state: 'posted', postedDate: '2025-03-01', date: '2025-03-01' },
      { state: 'posted', postedDate: '2025-04-01', date: '2025-04-01' },
    ]);
    const total = await db.kysely.selectFrom('holderCreditTotal').selectAll().executeTakeFirstOrThrow();
    expect({ ...total, total: Number(total.total), recordCount: Number(total.recordCount) }).toEqual({
      cardNo: '80000001',
      total: 3.5,
      recordCount: 2,
    });
    expect(
      await db.kysely.selectFrom('creditCatalogue').select('code').where('code', '=', 'EXAM-7').execute(),
    ).toHaveLength(1);
  });
});
