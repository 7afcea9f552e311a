import { SMS_CODE_RULES } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardLogin, DEMO_CARD, DEMO_PHONE, postForm, SECOND_CARD, tokenOf } from '../../testing/cardHolders';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';

let server: TestServer;
let cardToken: string;

beforeAll(async () => {
  server = await createTestServer();
  cardToken = tokenOf(await cardLogin(server, DEMO_CARD, TEST_PASSWORD));
});
afterAll(() => server.close());

const info = (query: string, token = cardToken) =>
  server.app.inject({ method: 'GET', url: `/api/creditBank/info?${query}`, headers: { authorization: token } });

describe('GET /api/creditBank/info', () => {
  it('answers the account with its total and the first page of its 20+ records, newest first', async () => {
    const response = await info(`cardNo=${DEMO_CARD}&pageNum=1&pageSize=10`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ cardNo: DEMO_CARD, name: expect.any(String), school: expect.any(String) });
    expect(data.total).toBeGreaterThanOrEqual(20);
    expect(data.list).toHaveLength(10);
    expect(data.categories.length).toBeGreaterThanOrEqual(3);
    const dates = data.list.map((record: { date: string }) => record.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const all = await server.db.kysely
      .selectFrom('creditRecord')
      .select('credits')
      .where('cardNo', '=', DEMO_CARD)
      .execute();
    expect(data.totalCredits).toBeCloseTo(
      all.reduce((sum, row) => sum + row.credits, 0),
      5,
    );
  });

  it('pages: the second page continues the first', async () => {
    const first = (await info(`cardNo=${DEMO_CARD}&pageNum=1&pageSize=5`)).json().data.list;
    const second = (await info(`cardNo=${DEMO_CARD}&pageNum=2&pageSize=5`)).json().data.list;
    expect(second).toHaveLength(5);
    expect(second.map((r: { id: number }) => r.id)).not.toContain(first[0].id);
  });

  it('filters by category and date range, keeping the account total', async () => {
    const everything = (await info(`cardNo=${DEMO_CARD}&pageSize=999`)).json().data;
    const category = everything.categories[0];
    const byCategory = (await info(`cardNo=${DEMO_CARD}&pageSize=999&category=${encodeURIComponent(category)}`)).json()
      .data;
    expect(byCategory.list.length).toBeGreaterThan(0);
    expect(byCategory.list.every((r: { category: string }) => r.category === category)).toBe(true);
    expect(byCategory.totalCredits).toBe(everything.totalCredits);
    const middle = everything.list[10].date;
    const to = (await info(`cardNo=${DEMO_CARD}&pageSize=999&to=${middle}`)).json().data.list;
    expect(to.every((r: { date: string }) => r.date <= middle)).toBe(true);
    const from = (await info(`cardNo=${DEMO_CARD}&pageSize=999&from=${middle}`)).json().data.list;
    expect(from.every((r: { date: string }) => r.date >= middle)).toBe(true);
    expect(from.length + to.length).toBeGreaterThanOrEqual(everything.total);
  });

  it('refuses a card that is not the token’s after a card log-in, and a missing token', async () => {
    expect((await info(`cardNo=${SECOND_CARD}`)).json()).toEqual({ status: 403, message: '无权查看该卡号的信息' });
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/creditBank/info?cardNo=${DEMO_CARD}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a phone log-in read every card of that phone', async () => {
    await postForm(server, '/api/uc/user/sendCode', { phone: DEMO_PHONE });
    const code = server.sms.lastCodeFor(DEMO_PHONE) ?? '';
    expect(code).toHaveLength(SMS_CODE_RULES.digits);
    const phoneToken = tokenOf(await postForm(server, '/api/uc/user/loginByPhoneAndCode', { phone: DEMO_PHONE, code }));
    const second = await info(`cardNo=${SECOND_CARD}`, phoneToken);
    expect(second.json().data.cardNo).toBe(SECOND_CARD);
    expect((await info(`cardNo=${DEMO_CARD}`, phoneToken)).statusCode).toBe(200);
  });

  it('refuses bad filters in Chinese, never a 5xx', async () => {
    const response = await info(`cardNo=${DEMO_CARD}&from=2024-13`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/开始日期/);
    expect((await info('cardNo=abc')).statusCode).toBe(400);
  });
});
