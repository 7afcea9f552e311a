import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { buildCreditWorld, call, daysAgo, REVIEW, totalOf, WORKBENCH } from './creditTestKit';

let server: TestServer;
let world: Awaited<ReturnType<typeof buildCreditWorld>>;

beforeAll(async () => {
  server = await createTestServer();
  world = await buildCreditWorld(server);
});
afterAll(() => server.close());

/** A record of school A for the first pupil, posted by the plain operator. */
const posted = async (code: string, days: number) => {
  const entry = (
    await call(server, world.tokens.schoolA, 'POST', `${WORKBENCH}/credits`, {
      cardNo: '91000001',
      itemId: world.itemId(code),
      date: daysAgo(days),
    })
  ).json().data;
  const approved = await call(server, world.tokens.operator, 'POST', `${REVIEW}/records/approve`, { ids: [entry.id] });
  if (approved.statusCode !== 200) throw new Error(approved.body);
  return entry.id as number;
};
const object = (id: number, reason = '我没有参加这次比赛', token = world.tokens.pupil) =>
  call(server, token, 'POST', `/api/creditBank/records/${id}/objection`, { reason });
const recordOf = async (id: number) =>
  (await totalOf(server, world.tokens.pupil, '91000001')).list.find((row: { id: number }) => row.id === id);

describe('objections', () => {
  it('mark the record 异议处理中 without changing the ledger; a kept answer reaches the holder', async () => {
    const id = await posted('COMP-CIT', 3);
    const before = (await totalOf(server, world.tokens.pupil, '91000001')).totalCredits;
    const objection = await object(id);
    expect(objection.statusCode).toBe(200);
    expect(objection.json().data).toMatchObject({ recordId: id, state: 'open', reason: '我没有参加这次比赛' });
    expect(await recordOf(id)).toMatchObject({ state: 'objecting', stateLabel: '异议处理中', canObject: false });
    expect((await totalOf(server, world.tokens.pupil, '91000001')).totalCredits).toBe(before);
    expect((await object(id)).statusCode).toBe(409);

    const seen = (
      await call(server, world.tokens.schoolA, 'GET', `${WORKBENCH}/objections?pageNum=1&pageSize=10&state=open`)
    ).json().data;
    expect(seen.list[0]).toMatchObject({ recordId: id, holderName: '王小明', state: 'open' });
    const answer = await call(
      server,
      world.tokens.schoolA,
      'POST',
      `${WORKBENCH}/objections/${seen.list[0].id}/answer`,
      {
        decision: 'keep',
        explanation: '赛事成绩单显示该生参赛，已核实',
      },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ state: 'kept', answer: '赛事成绩单显示该生参赛，已核实' });
    expect(await recordOf(id)).toMatchObject({
      state: 'posted',
      objection: { state: 'kept', answer: '赛事成绩单显示该生参赛，已核实' },
    });
    const again = await call(
      server,
      world.tokens.schoolA,
      'POST',
      `${WORKBENCH}/objections/${seen.list[0].id}/answer`,
      {
        decision: 'keep',
        explanation: '再次答复',
      },
    );
    expect(again.statusCode).toBe(409);
    const inbox = (
      await call(server, world.tokens.pupil, 'GET', '/api/creditBank/messages?pageNum=1&pageSize=5')
    ).json().data;
    expect(inbox.list[0]).toMatchObject({ title: '异议答复', recordId: id });
  });

  it('answered with a reversal, lower the total once an operator posts the reversal', async () => {
    const id = await posted('MEET-C-PRV', 2);
    const before = (await totalOf(server, world.tokens.pupil, '91000001')).totalCredits;
    const objectionId = (await object(id, '成绩记错了')).json().data.id;
    const answer = await call(server, world.tokens.schoolA, 'POST', `${WORKBENCH}/objections/${objectionId}/answer`, {
      decision: 'reverse',
      explanation: '核实后确系录入错误',
    });
    expect(answer.json().data.state).toBe('reversal');
    expect((await totalOf(server, world.tokens.pupil, '91000001')).totalCredits).toBe(before);
    const reversal = (
      await call(server, world.tokens.operator, 'GET', `${REVIEW}/records?pageNum=1&pageSize=50&state=submitted`)
    )
      .json()
      .data.list.find((row: { reversesId: number | null }) => row.reversesId === id);
    expect(reversal).toMatchObject({ reason: '核实后确系录入错误', state: 'submitted' });
    await call(server, world.tokens.operator, 'POST', `${REVIEW}/records/approve`, { ids: [reversal.id] });
    expect((await totalOf(server, world.tokens.pupil, '91000001')).totalCredits).toBe(before - 3);
    expect(await recordOf(id)).toMatchObject({ state: 'reversed', objection: { state: 'reversal' } });
  });

  it('are refused after 15 days, on another holder’s record, and on a record not posted', async () => {
    const id = await posted('EXCH-CIT', 40);
    await server.db.kysely
      .updateTable('creditRecord')
      .set({ postedDate: daysAgo(16) })
      .where('id', '=', id)
      .execute();
    const late = await object(id);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('已超过入账后 15 天，不能再提出异议');
    expect((await recordOf(id)).canObject).toBe(false);

    const fresh = await posted('EXCH-PRV', 41);
    const other = await object(fresh, '不是我的', world.tokens.pupil2);
    expect(other.statusCode).toBe(404);
    const asOtherCard = await call(server, world.tokens.pupil2, 'POST', `/api/creditBank/records/${fresh}/objection`, {
      cardNo: '91000001',
      reason: '冒用他人卡号',
    });
    expect(asOtherCard.statusCode).toBe(403);

    const waiting = (
      await call(server, world.tokens.schoolA, 'POST', `${WORKBENCH}/credits`, {
        cardNo: '91000001',
        itemId: world.itemId('TRAIN-CIT'),
        date: daysAgo(1),
      })
    ).json().data;
    expect((await object(waiting.id)).statusCode).toBe(404);
  });
});
