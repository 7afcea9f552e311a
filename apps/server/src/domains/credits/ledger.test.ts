import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { buildCreditWorld, call, daysAgo, PNG_BYTES, REVIEW, totalOf, upload, WORKBENCH } from './creditTestKit';

let server: TestServer;
let world: Awaited<ReturnType<typeof buildCreditWorld>>;

beforeAll(async () => {
  server = await createTestServer();
  world = await buildCreditWorld(server);
});
afterAll(() => server.close());

const record = (body: Record<string, unknown>, token = world.tokens.schoolA) =>
  call(server, token, 'POST', `${WORKBENCH}/credits`, body);
const approve = (ids: number[], token = world.tokens.operator) =>
  call(server, token, 'POST', `${REVIEW}/records/approve`, { ids });

describe('recording, review and the ledger', () => {
  it('keeps a recorded credit from the holder until an operator posts it, then counts it', async () => {
    const before = await totalOf(server, world.tokens.pupil, '91000001');
    expect(before.totalCredits).toBe(0);
    const recorded = await record({ cardNo: '91000001', itemId: world.itemId('COMP-PRV'), date: daysAgo(3) });
    expect(recorded.statusCode).toBe(200);
    const entry = recorded.json().data;
    expect(entry).toMatchObject({ state: 'submitted', stateLabel: '待审核', credits: 4, institutionName: '甲学校' });

    const waiting = await totalOf(server, world.tokens.pupil, '91000001');
    expect(waiting).toMatchObject({ totalCredits: 0, total: 0 });

    const queue = (await call(server, world.tokens.operator, 'GET', `${REVIEW}/queue?pageNum=1&pageSize=20`)).json()
      .data;
    expect(queue.list).toContainEqual(
      expect.objectContaining({
        key: `record:${entry.id}`,
        type: 'record',
        reviewable: true,
        institutionName: '甲学校',
      }),
    );

    const posted = await approve([entry.id]);
    expect(posted.statusCode).toBe(200);
    expect(posted.json().data).toEqual({ posted: 1 });
    const after = await totalOf(server, world.tokens.pupil, '91000001');
    expect(after.totalCredits).toBe(4);
    expect(after.list[0]).toMatchObject({
      id: entry.id,
      state: 'posted',
      stateLabel: '已入账',
      institutionName: '甲学校',
      reviewingUnit: '联盟认证中心',
      kind: '竞赛',
      level: '省级',
      hasEvidence: false,
      canObject: true,
      objection: null,
      reversal: null,
    });
    expect(after.list[0].postedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A decided record is not decided again.
    expect((await approve([entry.id])).statusCode).toBe(409);
  });

  it('sends the holder an inbox message and an SMS line on posting', async () => {
    const inbox = (
      await call(server, world.tokens.pupil, 'GET', '/api/creditBank/messages?pageNum=1&pageSize=10')
    ).json().data;
    expect(inbox.unread).toBeGreaterThanOrEqual(1);
    expect(inbox.list[0]).toMatchObject({ title: '学分入账', read: false });
    expect(server.sms.sent.some((line) => line.phone === '13500000001' && line.code.includes('学分银行'))).toBe(true);
    const read = await call(server, world.tokens.pupil, 'POST', '/api/creditBank/messages/read', {});
    expect(read.json().data).toEqual({ unread: 0 });
    const count = await call(server, world.tokens.pupil, 'GET', '/api/creditBank/messages/unread');
    expect(count.json().data).toEqual({ unread: 0 });
  });

  it('never lets an operator review what its own institution submitted', async () => {
    const entry = (await record({ cardNo: '91000001', itemId: world.itemId('COMP-CIT'), date: daysAgo(4) })).json()
      .data;
    const own = await approve([entry.id], world.tokens.operatorOfA);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('不能审核本机构提交的记录');
    const queue = (await call(server, world.tokens.operatorOfA, 'GET', `${REVIEW}/queue?pageNum=1&pageSize=50`)).json()
      .data;
    expect(queue.list.find((item: { recordId: number }) => item.recordId === entry.id)?.reviewable).toBe(false);
    // A returned record carries the reason the institution sees, and never reaches the holder.
    const returned = await call(server, world.tokens.operator, 'POST', `${REVIEW}/records/return`, {
      ids: [entry.id],
      reason: '日期有误，请核对',
    });
    expect(returned.json().data).toEqual({ returned: 1 });
    const mine = (await call(server, world.tokens.schoolA, 'GET', `${WORKBENCH}/credits?pageNum=1&pageSize=50`)).json()
      .data.list;
    expect(mine.find((row: { id: number }) => row.id === entry.id)).toMatchObject({
      state: 'returned',
      reason: '日期有误，请核对',
    });
    expect(
      (await totalOf(server, world.tokens.pupil, '91000001')).list.map((row: { id: number }) => row.id),
    ).not.toContain(entry.id);
  });

  it('posts, reverses and re-posts, the total following the ledger at each step', async () => {
    const holder = world.tokens.pupil2;
    const first = (await record({ cardNo: '91000002', itemId: world.itemId('MEET-R-CIT'), date: daysAgo(10) })).json()
      .data;
    await approve([first.id]);
    expect((await totalOf(server, holder, '91000002')).totalCredits).toBe(2);

    // A reversal of a record not posted is refused.
    const waiting = (await record({ cardNo: '91000002', itemId: world.itemId('EXCH-CIT'), date: daysAgo(2) })).json()
      .data;
    const early = await call(server, world.tokens.schoolA, 'POST', `${WORKBENCH}/credits/${waiting.id}/reversal`, {
      reason: '录入错误',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('只能冲正已入账的记录');

    const reversal = await call(server, world.tokens.schoolA, 'POST', `${WORKBENCH}/credits/${first.id}/reversal`, {
      reason: '项目选错，应为创意类',
    });
    expect(reversal.statusCode).toBe(200);
    expect(reversal.json().data).toMatchObject({ reversesId: first.id, state: 'submitted', credits: 2 });
    // Submitted, the reversal changes nothing yet; a second one waits behind it.
    expect((await totalOf(server, holder, '91000002')).totalCredits).toBe(2);
    const again = await call(server, world.tokens.schoolA, 'POST', `${WORKBENCH}/credits/${first.id}/reversal`, {
      reason: '再次冲正',
    });
    expect(again.statusCode).toBe(409);

    await approve([reversal.json().data.id]);
    const reversed = await totalOf(server, holder, '91000002');
    expect(reversed.totalCredits).toBe(0);
    expect(reversed.list.find((row: { id: number }) => row.id === first.id)).toMatchObject({
      state: 'reversed',
      stateLabel: '已冲正',
      reversal: { reason: '项目选错，应为创意类' },
      canObject: false,
    });
    const twice = await call(server, world.tokens.schoolA, 'POST', `${WORKBENCH}/credits/${first.id}/reversal`, {
      reason: '再次冲正',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('该记录已冲正');

    const corrected = (
      await record({ cardNo: '91000002', itemId: world.itemId('MEET-C-CIT'), date: daysAgo(10) })
    ).json().data;
    await approve([corrected.id, waiting.id]);
    expect((await totalOf(server, holder, '91000002')).totalCredits).toBe(2 + 0.5);
    // The total is the ledger's sum: posted records minus those reversed.
    const ledger = await server.db.kysely
      .selectFrom('creditRecord')
      .select(['credits'])
      .where('cardNo', '=', '91000002')
      .where('state', '=', 'posted')
      .where('reversesId', 'is', null)
      .execute();
    expect(ledger.reduce((sum, row) => sum + Number(row.credits), 0)).toBeCloseTo(2.5, 5);
    const messages = (await call(server, holder, 'GET', '/api/creditBank/messages?pageNum=1&pageSize=20')).json().data;
    expect(messages.list.map((message: { title: string }) => message.title)).toContain('学分冲正');
  });

  it('keeps evidence private: the recording institution, the operators and, once posted, the holder open it', async () => {
    const stored = await upload(server, world.tokens.schoolA, `${WORKBENCH}/evidence`, PNG_BYTES, 'cert.png');
    expect(stored.statusCode).toBe(200);
    const evidence = stored.json().data;
    expect(evidence).toMatchObject({ contentType: 'image/png', fileName: 'cert.png', size: PNG_BYTES.length });
    const entry = (
      await record({
        cardNo: '91000001',
        itemId: world.itemId('EXAM-3'),
        date: daysAgo(1),
        evidenceId: evidence.evidenceId,
        certificateNo: 'KS-2026-0003',
      })
    ).json().data;
    expect(entry).toMatchObject({ hasEvidence: true, credits: 3, level: '三级', kind: '等级考试' });
    const byOperator = await call(server, world.tokens.operator, 'GET', `${REVIEW}/records/${entry.id}/evidence`);
    expect(Buffer.from(byOperator.json().data.base64, 'base64').equals(PNG_BYTES)).toBe(true);
    // Not the holder's to open before it is posted; never another institution's.
    expect(
      (await call(server, world.tokens.pupil, 'GET', `/api/creditBank/records/${entry.id}/evidence`)).statusCode,
    ).toBe(404);
    expect(
      (await call(server, world.tokens.schoolB, 'GET', `${WORKBENCH}/credits/${entry.id}/evidence`)).statusCode,
    ).toBe(404);
    await approve([entry.id]);
    // Another holder asking for it by id finds nothing.
    const byHolder = await call(server, world.tokens.pupil, 'GET', `/api/creditBank/records/${entry.id}/evidence`);
    expect(byHolder.json().data).toMatchObject({ fileName: 'cert.png', mimeType: 'image/png' });
    expect(
      (await call(server, world.tokens.pupil2, 'GET', `/api/creditBank/records/${entry.id}/evidence`)).statusCode,
    ).toBe(404);
  });

  it('audits each step with the institution and the holder, for the audit list to filter by', async () => {
    const admin = await server.signIn('admin');
    const filter = encodeURIComponent(JSON.stringify({ holderCardNo: '91000002' }));
    const entries = (
      await server.consoleInject(admin, {
        method: 'GET',
        url: `/lianmeng/api/audit?filter=${filter}&range=${encodeURIComponent('[0,99]')}`,
      })
    ).json().data;
    const actions = new Set(entries.map((entry: { action: string }) => entry.action));
    for (const action of ['record', 'approve', 'reverse']) expect(actions).toContain(action);
    const byInstitution = encodeURIComponent(JSON.stringify({ institutionId: world.schoolB.id }));
    const none = (
      await server.consoleInject(admin, {
        method: 'GET',
        url: `/lianmeng/api/audit?filter=${byInstitution}`,
      })
    ).json().data;
    expect(none).toEqual([]);
    const approvals = entries.filter((entry: { action: string }) => entry.action === 'approve');
    expect(JSON.parse(approvals[0].detail)).toMatchObject({ institutionId: world.schoolA.id, result: 'ok' });
    expect(approvals[0].username).toBe('卡号90000005');
  });
});
