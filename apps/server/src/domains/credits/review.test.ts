import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testsUsePostgres } from '../../testing/testDatabase';
import { createTestServer, type TestServer } from '../../testing/testServer';
import {
  buildCreditWorld,
  call,
  creditCsv,
  daysAgo,
  REVIEW,
  recordCount,
  totalOf,
  upload,
  WORKBENCH,
} from './creditTestKit';

let server: TestServer;
let world: Awaited<ReturnType<typeof buildCreditWorld>>;

beforeAll(async () => {
  server = await createTestServer();
  world = await buildCreditWorld(server);
});
afterAll(() => server.close());

const preview = (file: Buffer, token = world.tokens.schoolA) =>
  upload(server, token, `${WORKBENCH}/credits/import/preview`, file, 'credits.csv');
const commit = (file: Buffer, fields: Record<string, string> = {}, token = world.tokens.schoolA) =>
  upload(server, token, `${WORKBENCH}/credits/import/commit`, file, 'credits.csv', fields);

/** Competition credits for the two pupils of school A on distinct days, `count` rows. */
const competitionRows = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, index) => [
    index % 2 ? '91000002' : '91000001',
    index % 2 ? '赵小红' : '王小明',
    'COMP-CIT',
    daysAgo(20 + index + offset),
    '2',
    `JS-${offset}-${index}`,
  ]);

describe('a credit spreadsheet', () => {
  it('previews every row: OK, refused with row, column and reason, or a flagged duplicate', async () => {
    const rows = [
      ...competitionRows(4),
      ['91000003', '钱小刚', 'COMP-CIT', daysAgo(30), '2', ''], // school B's pupil
      ['91000001', '王小明', 'NOPE-1', daysAgo(30), '2', ''],
      ['91000001', '王小明', 'COMP-CIT', daysAgo(31), '99', ''],
      ['91000001', '王小明', 'COMP-CIT', '2999-01-01', '1', ''],
      ['91000001', '王小明', 'COMP-CIT', '2010-01-01', '1', ''], // before birth
      ['91000001', '王小明', 'EXAM-2', daysAgo(40), '2', ''], // needs evidence
      ['91000001', '王小明', 'COMP-CIT', daysAgo(32), 'abc', ''],
      ['91000001', '李四', 'COMP-CIT', daysAgo(33), '1', ''],
      competitionRows(1)[0] ?? [], // repeats the first row
    ];
    const response = await preview(creditCsv(rows));
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ total: 13, okCount: 4, duplicateCount: 1, refusedCount: 8, committedBatchId: null });
    const messages = data.rows.flatMap((row: { issues: { message: string }[] }) => row.issues.map((i) => i.message));
    expect(messages).toEqual(
      expect.arrayContaining([
        '第 6 行「卡号」：该卡不在本机构人员名单中，请先通过名单关联',
        '第 7 行「项目代码」：学分项目不存在',
        '第 8 行「学分」：学分不能超过该项目的最高学分 6',
        '第 9 行「获得日期」：日期不能晚于今天',
        '第 10 行「获得日期」：日期不能早于持卡人的出生日期',
        '第 11 行「项目代码」：该项目须上传证明材料，请逐条登记',
        '第 12 行「学分」：学分应为数字',
        '第 13 行「姓名」：与卡号登记的姓名不符',
      ]),
    );
    expect(data.rows[13 - 1]).toMatchObject({ row: 14, outcome: 'duplicate' });
    // A file with refused rows commits nothing.
    const before = await recordCount(server);
    const refused = await commit(creditCsv(rows));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('表格中有 8 行未通过检查，请修改后重新预览');
    expect(await recordCount(server)).toBe(before);
  });

  it('refuses the header alone in preview and commit, rather than previewing it as a file with nothing wrong', async () => {
    const before = await recordCount(server);
    for (const send of [preview, commit]) {
      const response = await send(creditCsv([]));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('表格中只有表头，没有要导入的行');
    }
    expect(await recordCount(server)).toBe(before);
  });

  it('commits all or nothing, once: the same file again adds nothing', async () => {
    const file = creditCsv(competitionRows(6, 100));
    const previewed = (await preview(file)).json().data;
    const mismatch = await commit(file, { previewId: 'f'.repeat(64) });
    expect(mismatch.statusCode).toBe(400);
    const first = await commit(file, { previewId: previewed.previewId });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ recorded: 6, duplicates: 0, alreadyCommitted: false });
    const count = await recordCount(server);
    const again = await commit(file);
    expect(again.json().data).toMatchObject({
      batchId: first.json().data.batchId,
      alreadyCommitted: true,
      recorded: 0,
    });
    expect(await recordCount(server)).toBe(count);
    expect((await preview(file)).json().data.committedBatchId).toBe(first.json().data.batchId);
    // The holder sees none of it until it is posted.
    expect((await totalOf(server, world.tokens.pupil, '91000001')).total).toBe(0);
  });

  it('is approved by exactly one of two operators approving at once; the other gets 409 and nothing is posted twice', async () => {
    const committed = (await commit(creditCsv(competitionRows(10, 200)))).json().data;
    const batchId = committed.batchId;
    const queue = (await call(server, world.tokens.operator, 'GET', `${REVIEW}/queue?pageNum=1&pageSize=50`)).json()
      .data;
    expect(queue.list).toContainEqual(expect.objectContaining({ key: `batch:${batchId}`, count: 10, credits: 20 }));
    const secondOperator = await server.cardTokenFor('90000005');
    const [one, two] = await Promise.all([
      call(server, world.tokens.operator, 'POST', `${REVIEW}/batches/${batchId}/approve`),
      call(server, secondOperator, 'POST', `${REVIEW}/batches/${batchId}/approve`),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const loser = one.statusCode === 409 ? one : two;
    expect(loser.json().message).toBe('该批次已被处理');
    const posted = await server.db.kysely
      .selectFrom('creditRecord')
      .select(['cardNo', 'credits'])
      .where('batchId', '=', batchId)
      .where('state', '=', 'posted')
      .execute();
    expect(posted).toHaveLength(10);
    expect((await totalOf(server, world.tokens.pupil, '91000001')).totalCredits).toBe(10);
    expect((await totalOf(server, world.tokens.pupil2, '91000002')).totalCredits).toBe(10);
    // A decided batch stays decided.
    const late = await call(server, world.tokens.operator, 'POST', `${REVIEW}/batches/${batchId}/return`, {
      reason: '重复审核',
    });
    expect(late.statusCode).toBe(409);
  });

  it('returns one record of a batch and approves the rest', async () => {
    const committed = (await commit(creditCsv(competitionRows(3, 300)))).json().data;
    const records = (
      await call(
        server,
        world.tokens.operator,
        'GET',
        `${REVIEW}/records?batchId=${committed.batchId}&pageNum=1&pageSize=10`,
      )
    ).json().data.list;
    expect(records).toHaveLength(3);
    const [bad, ...rest] = records as { id: number }[];
    const returned = await call(server, world.tokens.operator, 'POST', `${REVIEW}/records/return`, {
      ids: [bad?.id],
      reason: '证书编号与原件不符',
    });
    expect(returned.statusCode).toBe(200);
    const approved = await call(
      server,
      world.tokens.operator,
      'POST',
      `${REVIEW}/batches/${committed.batchId}/approve`,
    );
    expect(approved.json().data).toEqual({ posted: rest.length });
    const states = await server.db.kysely
      .selectFrom('creditRecord')
      .select(['id', 'state'])
      .where('batchId', '=', committed.batchId)
      .orderBy('id')
      .execute();
    expect(states.map((row) => row.state).sort()).toEqual(['posted', 'posted', 'returned']);
  });

  it('refuses the review calls to a card without the operator role, and a batch of its own institution', async () => {
    const committed = (await commit(creditCsv(competitionRows(2, 400)))).json().data;
    const plain = await call(server, world.tokens.pupil, 'POST', `${REVIEW}/batches/${committed.batchId}/approve`);
    expect(plain.statusCode).toBe(403);
    const institution = await call(server, world.tokens.schoolA, 'GET', `${REVIEW}/queue?pageNum=1&pageSize=5`);
    expect(institution.statusCode).toBe(403);
    const own = await call(server, world.tokens.operatorOfA, 'POST', `${REVIEW}/batches/${committed.batchId}/approve`);
    expect(own.statusCode).toBe(403);
    const unknown = await call(server, world.tokens.operator, 'POST', `${REVIEW}/batches/999999/approve`);
    expect(unknown.statusCode).toBe(404);
  });

  it('narrows the queue by submission dates read as Beijing days, as the workbench shows its times', async () => {
    const batchId = (await commit(creditCsv(competitionRows(2, 600)))).json().data.batchId;
    const single = await call(server, world.tokens.schoolA, 'POST', `${WORKBENCH}/credits`, {
      cardNo: '91000002',
      itemId: world.itemId('COMP-CIT'),
      date: daysAgo(700),
    });
    expect(single.statusCode).toBe(200);
    // 07:30 on 10 March in Beijing is still 9 March in UTC.
    const submitted = '2026-03-09T23:30:00.000Z';
    await server.db.kysely
      .updateTable('creditBatch')
      .set({ createTime: submitted })
      .where('id', '=', batchId)
      .execute();
    await server.db.kysely
      .updateTable('creditRecord')
      .set({ submitTime: submitted })
      .where('id', '=', single.json().data.id)
      .execute();
    const keys = async (range: string) =>
      (
        (await call(server, world.tokens.operator, 'GET', `${REVIEW}/queue?pageNum=1&pageSize=999&${range}`)).json()
          .data.list as { key: string }[]
      ).map((item) => item.key);
    const both = [`batch:${batchId}`, `record:${single.json().data.id}`];
    expect(await keys('from=2026-03-10&to=2026-03-10')).toEqual(expect.arrayContaining(both));
    for (const range of ['from=2026-03-09&to=2026-03-09', 'from=2026-03-11', 'to=2026-03-09']) {
      const found = await keys(range);
      expect(found.filter((key) => both.includes(key))).toEqual([]);
    }
  });
});

describe.runIf(testsUsePostgres())('two server processes on one PostgreSQL database', () => {
  it('let exactly one of two operators approve a batch, and post it once', async () => {
    const other = await createTestServer({ databaseUrl: server.config.databaseUrl });
    try {
      const committed = (await commit(creditCsv(competitionRows(8, 500)))).json().data;
      const before = (await totalOf(server, world.tokens.pupil, '91000001')).totalCredits;
      const otherToken = await other.cardTokenFor('90000005');
      const [one, two] = await Promise.all([
        call(server, world.tokens.operator, 'POST', `${REVIEW}/batches/${committed.batchId}/approve`),
        call(other, otherToken, 'POST', `${REVIEW}/batches/${committed.batchId}/approve`),
      ]);
      expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
      expect((await totalOf(server, world.tokens.pupil, '91000001')).totalCredits).toBe(before + 8);
      expect((await totalOf(other, await other.cardTokenFor('91000001'), '91000001')).totalCredits).toBe(before + 8);
    } finally {
      await other.close();
    }
  });
});
