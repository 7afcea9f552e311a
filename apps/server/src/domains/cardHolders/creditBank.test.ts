import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCardsOnOnePhone, FIRST_CARD, SECOND_CARD, SHARED_PHONE } from '../../testing/cardHolders';
import { buildCreditRecord } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';

const CATEGORIES = ['竞赛获奖', '培训研修', '裁判执裁', '志愿服务', '课程学习'];

let server: TestServer;
let cardToken: string;

beforeAll(async () => {
  server = await createTestServer();
  await buildCardsOnOnePhone(server);
  // 24 records over two years in five categories, with half credits among them; two for the other card.
  for (let index = 0; index < 24; index += 1) {
    await buildCreditRecord(server.db, {
      cardNo: FIRST_CARD,
      date: new Date(Date.UTC(2025, 0, 1) + index * 30 * 86_400_000).toISOString().slice(0, 10),
      category: CATEGORIES[index % CATEGORIES.length] ?? '竞赛获奖',
      credits: 1 + (index % 4) * 0.5,
    });
  }
  for (const date of ['2026-03-01', '2026-04-01']) {
    await buildCreditRecord(server.db, { cardNo: SECOND_CARD, date, category: '志愿服务', credits: 1 });
  }
  // The token a card log-in issues: the log-in itself is validateCardByPass.test.ts's subject.
  cardToken = await server.cardTokenFor(FIRST_CARD);
});
afterAll(() => server.close());

const info = (query: string, token = cardToken) =>
  server.app.inject({ method: 'GET', url: `/api/creditBank/info?${query}`, headers: { authorization: token } });

describe('GET /api/creditBank/info', () => {
  it('answers the account with its total and the first page of its 20+ records, newest first', async () => {
    const response = await info(`cardNo=${FIRST_CARD}&pageNum=1&pageSize=10`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ cardNo: FIRST_CARD, name: expect.any(String), school: expect.any(String) });
    expect(data.total).toBeGreaterThanOrEqual(20);
    expect(data.list).toHaveLength(10);
    expect(data.categories.length).toBeGreaterThanOrEqual(3);
    const dates = data.list.map((record: { date: string }) => record.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const all = await server.db.kysely
      .selectFrom('creditRecord')
      .select('credits')
      .where('cardNo', '=', FIRST_CARD)
      .execute();
    expect(data.totalCredits).toBeCloseTo(
      all.reduce((sum, row) => sum + row.credits, 0),
      5,
    );
  });

  it('pages: the second page continues the first', async () => {
    const first = (await info(`cardNo=${FIRST_CARD}&pageNum=1&pageSize=5`)).json().data.list;
    const second = (await info(`cardNo=${FIRST_CARD}&pageNum=2&pageSize=5`)).json().data.list;
    expect(second).toHaveLength(5);
    expect(second.map((r: { id: number }) => r.id)).not.toContain(first[0].id);
  });

  it('filters by category and date range, keeping the account total', async () => {
    const everything = (await info(`cardNo=${FIRST_CARD}&pageSize=999`)).json().data;
    const category = everything.categories[0];
    const byCategory = (await info(`cardNo=${FIRST_CARD}&pageSize=999&category=${encodeURIComponent(category)}`)).json()
      .data;
    expect(byCategory.list.length).toBeGreaterThan(0);
    expect(byCategory.list.every((r: { category: string }) => r.category === category)).toBe(true);
    expect(byCategory.totalCredits).toBe(everything.totalCredits);
    const middle = everything.list[10].date;
    const to = (await info(`cardNo=${FIRST_CARD}&pageSize=999&to=${middle}`)).json().data.list;
    expect(to.every((r: { date: string }) => r.date <= middle)).toBe(true);
    const from = (await info(`cardNo=${FIRST_CARD}&pageSize=999&from=${middle}`)).json().data.list;
    expect(from.every((r: { date: string }) => r.date >= middle)).toBe(true);
    expect(from.length + to.length).toBeGreaterThanOrEqual(everything.total);
  });

  it('refuses a card that is not the token’s after a card log-in, and a missing token', async () => {
    expect((await info(`cardNo=${SECOND_CARD}`)).json()).toEqual({ status: 403, message: '无权查看该卡号的信息' });
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/creditBank/info?cardNo=${FIRST_CARD}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a phone log-in read every card of that phone', async () => {
    // The token a phone log-in issues (phoneCode.test.ts logs in with a code): its card, and the phone.
    const phoneToken = await server.app.accessGuards.cardTokens.issue(FIRST_CARD, SHARED_PHONE);
    const second = await info(`cardNo=${SECOND_CARD}`, phoneToken);
    expect(second.json().data.cardNo).toBe(SECOND_CARD);
    expect((await info(`cardNo=${FIRST_CARD}`, phoneToken)).statusCode).toBe(200);
  });

  it('refuses bad filters in Chinese, never a 5xx', async () => {
    const response = await info(`cardNo=${FIRST_CARD}&from=2024-13`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/开始日期/);
    expect((await info('cardNo=abc')).statusCode).toBe(400);
  });
});
