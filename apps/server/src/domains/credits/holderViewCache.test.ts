import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCardHolder, buildCreditRecord, buildInstitution } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { findCardHolderWithLedgerVersion } from '../cardHolders/cardHolderRepository';
import { insertCreditRecords } from '../cardHolders/creditRecordRepository';
import { totalOf } from './creditTestKit';
import { createHolderViewCache } from './holderViewCache';

let server: TestServer;
let token: string;
let schoolId: number;
const HOLDER = '92000001';
const OTHER = '92000002';

beforeAll(async () => {
  server = await createTestServer();
  await buildCardHolder(server.db, { cardNo: HOLDER, phone: '13700000001', name: '周小文', school: '周边学校' });
  await buildCardHolder(server.db, { cardNo: OTHER, phone: '13700000002', name: '吴小武' });
  schoolId = (await buildInstitution(server.db, { name: '缓存测试学校' })).id;
  await insertCreditRecords(server.db.kysely, [
    {
      cardNo: HOLDER,
      date: '2026-03-01',
      activity: '机器人足球',
      category: '竞赛',
      credits: 2,
      issuer: '缓存测试学校',
      certificateNo: 'CACHE-1',
      institutionId: schoolId,
    },
  ]);
  token = await server.cardTokenFor(HOLDER);
});
afterAll(() => server.close());

const page = () => totalOf(server, token, HOLDER);
const firstRecordId = async () =>
  Number(
    (await server.db.kysely.selectFrom('creditRecord').select('id').where('cardNo', '=', HOLDER).executeTakeFirst())
      ?.id,
  );

describe("a holder's credit views, kept until what they show changes", () => {
  it('builds a view once per holder, key and ledger version; another holder’s writes leave it kept', async () => {
    const views = createHolderViewCache(server.app.cache);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return { builds };
    };
    // The card and its ledger version in one read, as the credit page reads them.
    const holder = async () => {
      const row = await findCardHolderWithLedgerVersion(server.db.kysely, HOLDER);
      if (!row) throw new Error(`no card ${HOLDER}`);
      return row;
    };
    await views.view(await holder(), 'k', build);
    expect(await views.view(await holder(), 'k', build)).toEqual({ builds: 1 });
    await views.view(await holder(), 'another filter', build);
    expect(builds).toBe(2);

    await buildCreditRecord(server.db, { cardNo: OTHER, date: '2026-02-01', category: '竞赛', credits: 1 });
    expect(await views.view(await holder(), 'k', build)).toEqual({ builds: 1 });

    const before = (await holder()).ledgerVersion;
    await buildCreditRecord(server.db, { cardNo: HOLDER, date: '2026-02-01', category: '竞赛', credits: 1 });
    expect((await holder()).ledgerVersion).toBeGreaterThan(before);
    expect(await views.view(await holder(), 'k', build)).toEqual({ builds: 3 });
  });

  // Each write below goes straight to the database, as a script or another process would: the triggers, not
  // the commands, are what make the next request see it.
  it('shows a record written by any writer on the next request', async () => {
    const before = (await page()).list.length;
    await buildCreditRecord(server.db, { cardNo: HOLDER, date: '2026-04-01', category: '培训', credits: 1 });
    expect((await page()).list.length).toBe(before + 1);
  });

  it('shows a reversal and an objection on the next request', async () => {
    await page();
    const id = await firstRecordId();
    await server.db.kysely.updateTable('creditRecord').set({ state: 'reversed' }).where('id', '=', id).execute();
    const reversed = (await page()).list.find((record: { id: number }) => record.id === id);
    expect(reversed.state).toBe('reversed');

    await server.db.kysely
      .insertInto('creditObjection')
      .values({
        recordId: id,
        cardNo: HOLDER,
        institutionId: schoolId,
        reason: '日期不对',
        state: 'open',
        createTime: '2026-03-02T00:00:00.000Z',
        answerTime: null,
      })
      .execute();
    const objected = (await page()).list.find((record: { id: number }) => record.id === id);
    expect(objected.objection?.reason).toBe('日期不对');
  });

  it("shows the holder's new name and school on the next request", async () => {
    expect((await page()).name).toBe('周小文');
    await server.db.kysely
      .updateTable('cardHolder')
      .set({ name: '周小雯', school: '新学校' })
      .where('cardNo', '=', HOLDER)
      .execute();
    const answer = await page();
    expect([answer.name, answer.school]).toEqual(['周小雯', '新学校']);
  });

  it('shows a renamed institution once the site version moves', async () => {
    expect(
      (await page()).list.some((record: { institutionName: string }) => record.institutionName === '缓存测试学校'),
    ).toBe(true);
    await server.db.kysely
      .updateTable('institution')
      .set({ name: '改名测试学校' })
      .where('id', '=', schoolId)
      .execute();
    // A console write forgets the process's site version at once; another process reads it within a quarter second.
    server.app.cache.siteVersion.invalidate();
    expect(
      (await page()).list.some((record: { institutionName: string }) => record.institutionName === '改名测试学校'),
    ).toBe(true);
  });

  it('keeps a phone log-in’s cards apart: each card its own view', async () => {
    const mine = await page();
    const other = await totalOf(server, await server.cardTokenFor(OTHER), OTHER);
    expect(other.cardNo).toBe(OTHER);
    expect(
      other.list.every((record: { id: number }) => !mine.list.some((kept: { id: number }) => kept.id === record.id)),
    ).toBe(true);
  });
});
