import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { buildCreditWorld, call, daysAgo, PNG_BYTES, recordCount, upload, WORKBENCH } from './creditTestKit';

let server: TestServer;
let world: Awaited<ReturnType<typeof buildCreditWorld>>;

beforeAll(async () => {
  server = await createTestServer();
  world = await buildCreditWorld(server);
  // An item retired in the catalogue keeps its records but takes no new one.
  await server.db.kysely
    .updateTable('creditCatalogue')
    .set({ status: 'retired' })
    .where('code', '=', 'EXCH-NAT')
    .execute();
  // A certificate number school A has used already.
  const first = await call(server, world.tokens.schoolA, 'POST', `${WORKBENCH}/credits`, {
    cardNo: '91000001',
    itemId: world.itemId('COMP-PRV'),
    date: daysAgo(30),
    certificateNo: 'ZS-0001',
  });
  if (first.statusCode !== 200) throw new Error(first.body);
});
afterAll(() => server.close());

const attempt = (body: Record<string, unknown>, token = world.tokens.schoolA) =>
  call(server, token, 'POST', `${WORKBENCH}/credits`, body);
const base = () => ({ cardNo: '91000001', itemId: world.itemId('COMP-CIT'), date: daysAgo(5) });

describe('recording refuses bad input with a clear message and writes nothing', () => {
  const cases: [string, () => Record<string, unknown>, number, string | RegExp][] = [
    [
      'a holder not linked to the institution',
      () => ({ ...base(), cardNo: '91000004' }),
      400,
      '该卡不在本机构人员名单中，请先通过名单关联',
    ],
    [
      "another institution's holder",
      () => ({ ...base(), cardNo: '91000003' }),
      400,
      '该卡不在本机构人员名单中，请先通过名单关联',
    ],
    ['an unknown item', () => ({ ...base(), itemId: 999999 }), 400, '学分项目不存在'],
    ['a retired item', () => ({ ...base(), itemId: world.itemId('EXCH-NAT') }), 400, '该学分项目已停用，不能再登记'],
    ['credits above the maximum', () => ({ ...base(), credits: 7 }), 400, '学分不能超过该项目的最高学分 6'],
    ['credits that are not a number', () => ({ ...base(), credits: 'abc' }), 400, /学分应为数字/],
    ['credits of zero', () => ({ ...base(), credits: 0 }), 400, /学分应大于 0/],
    ['a date in the future', () => ({ ...base(), date: '2999-01-01' }), 400, '日期不能晚于今天'],
    [
      'a date that does not exist',
      () => ({ ...base(), date: '2025-02-30' }),
      400,
      '日期应为 YYYY-MM-DD 格式的真实日期',
    ],
    [
      "a date before the holder's birth",
      () => ({ ...base(), date: '2011-12-31' }),
      400,
      '日期不能早于持卡人的出生日期',
    ],
    ['a duplicate certificate number', () => ({ ...base(), certificateNo: 'ZS-0001' }), 409, '证书编号已被本机构使用'],
    [
      'no evidence where the item requires it',
      () => ({ ...base(), itemId: world.itemId('EXAM-1') }),
      400,
      '该项目须上传证明材料',
    ],
    ['an unknown evidence id', () => ({ ...base(), evidenceId: 999999 }), 400, '证明材料不存在，请重新上传'],
    [
      'the same holder, item and date again',
      () => ({ ...base(), itemId: world.itemId('COMP-PRV'), date: daysAgo(30) }),
      409,
      '该持卡人已有同一项目、同一日期的记录',
    ],
  ];
  for (const [what, body, status, message] of cases) {
    it(`refuses ${what}`, async () => {
      const before = await recordCount(server);
      const response = await attempt(body());
      expect(response.statusCode).toBe(status);
      if (typeof message === 'string') expect(response.json().message).toBe(message);
      else expect(response.json().message).toMatch(message);
      expect(await recordCount(server)).toBe(before);
    });
  }

  it("refuses another institution's evidence, and a card without the institution role", async () => {
    const evidence = (await upload(server, world.tokens.schoolB, `${WORKBENCH}/evidence`, PNG_BYTES, 'b.png')).json()
      .data;
    const response = await attempt({ ...base(), evidenceId: evidence.evidenceId });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('证明材料不存在，请重新上传');
    const pupil = await attempt(base(), world.tokens.pupil);
    expect(pupil.statusCode).toBe(403);
  });

  it('refuses evidence that is not a PDF or picture by its bytes, and evidence over the size limit', async () => {
    const text = await upload(server, world.tokens.schoolA, `${WORKBENCH}/evidence`, Buffer.from('not a pdf'), 'x.pdf');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/PDF、PNG、JPEG/);
    const large = await upload(
      server,
      world.tokens.schoolA,
      `${WORKBENCH}/evidence`,
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5 * 1024 * 1024 + 1, 0x20)]),
      'big.pdf',
    );
    expect(large.statusCode).toBe(413);
    const empty = await upload(server, world.tokens.schoolA, `${WORKBENCH}/evidence`, Buffer.alloc(0), 'e.pdf');
    expect(empty.statusCode).toBe(400);
  });

  it("answers another institution's record ids with 404, never its data", async () => {
    const mine = (await call(server, world.tokens.schoolA, 'GET', `${WORKBENCH}/credits?pageNum=1&pageSize=5`)).json()
      .data.list[0];
    const reverse = await call(server, world.tokens.schoolB, 'POST', `${WORKBENCH}/credits/${mine.id}/reversal`, {
      reason: '冒充冲正',
    });
    expect(reverse.statusCode).toBe(404);
    expect(reverse.body).not.toContain('91000001');
    const list = (await call(server, world.tokens.schoolB, 'GET', `${WORKBENCH}/credits?pageNum=1&pageSize=50`)).json()
      .data;
    expect(list.total).toBe(0);
    const answer = await call(server, world.tokens.schoolB, 'POST', `${WORKBENCH}/objections/1/answer`, {
      decision: 'keep',
      explanation: '无此异议',
    });
    expect(answer.statusCode).toBe(404);
  });

  it('refuses approving records already decided, or unknown ones', async () => {
    const unknown = await call(server, world.tokens.operator, 'POST', '/api/creditBank/review/records/approve', {
      ids: [999999],
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await call(server, world.tokens.operator, 'POST', '/api/creditBank/review/records/approve', {
      ids: [],
    });
    expect(empty.statusCode).toBe(400);
    const noReason = await call(server, world.tokens.operator, 'POST', '/api/creditBank/review/records/return', {
      ids: [1],
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
  });
});
