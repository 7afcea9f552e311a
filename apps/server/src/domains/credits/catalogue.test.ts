import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { buildCreditWorld, call, daysAgo, REVIEW, totalOf, WORKBENCH } from './creditTestKit';

let server: TestServer;
let admin = '';
let editor = '';

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.signIn('admin');
  editor = await server.signIn('editor');
});
afterAll(() => server.close());

const list = (cookie: string, filter: Record<string, unknown> = {}) =>
  server.consoleInject(cookie, {
    method: 'GET',
    url: `/lianmeng/api/catalogue?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,99]')}&sort=${encodeURIComponent('["id","ASC"]')}`,
  });

describe('the catalogue (学分项目目录)', () => {
  it("starts with the alliance's kinds: seven exam levels, two kinds of sports meeting at five levels, exchanges", async () => {
    const response = await list(admin);
    expect(response.statusCode).toBe(200);
    const items = response.json().data as { code: string; kind: string; level: string; name: string }[];
    expect(items.filter((item) => item.kind === 'exam').map((item) => item.level)).toEqual([
      '一级',
      '二级',
      '三级',
      '四级',
      '五级',
      '六级',
      '七级',
    ]);
    const meetings = items.filter((item) => item.kind === 'sportsMeet');
    expect(meetings.filter((item) => item.name.includes('常规类'))).toHaveLength(5);
    expect(meetings.filter((item) => item.name.includes('创意类'))).toHaveLength(5);
    expect(items.some((item) => item.kind === 'exchange')).toBe(true);
    expect(response.headers['content-range']).toMatch(/^catalogue 0-\d+\/\d+$/);
    const exams = (await list(admin, { kind: 'exam', level: '三级' })).json().data;
    expect(exams).toEqual([expect.objectContaining({ code: 'EXAM-3', evidenceRequired: true, maxCredits: 3 })]);
  });

  it('is kept by administrators only; a code is unique and the default never above the maximum', async () => {
    expect((await list(editor)).statusCode).toBe(403);
    const item = {
      code: 'TEST-1',
      name: '测试项目',
      kind: 'training',
      level: '市级',
      defaultCredits: 1,
      maxCredits: 2,
    };
    const created = await server.consoleInject(admin, {
      method: 'POST',
      url: '/lianmeng/api/catalogue',
      payload: item,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({
      ...item,
      status: 'active',
      evidenceRequired: false,
      kindLabel: '培训',
    });
    const twice = await server.consoleInject(admin, { method: 'POST', url: '/lianmeng/api/catalogue', payload: item });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('项目代码已存在');
    const inverted = await server.consoleInject(admin, {
      method: 'POST',
      url: '/lianmeng/api/catalogue',
      payload: { ...item, code: 'TEST-2', defaultCredits: 3 },
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().message).toBe('默认学分不能大于最高学分');
    // A level of another kind: an exam graded 省级, a training graded 三级; nothing is written.
    for (const payload of [
      { ...item, code: 'TEST-4', kind: 'exam', level: '省级' },
      { ...item, code: 'TEST-5', level: '三级' },
    ]) {
      const mismatched = await server.consoleInject(admin, { method: 'POST', url: '/lianmeng/api/catalogue', payload });
      expect(mismatched.statusCode).toBe(400);
      expect(mismatched.json().message).toBe('级别与项目类型不符：等级考试为一级至七级，其余为校级至国家级');
    }
    expect((await list(admin, { q: 'TEST-4' })).json().data).toEqual([]);
    expect((await list(admin, { q: 'TEST-5' })).json().data).toEqual([]);
    // Changing the kind alone is checked against the level the item keeps.
    const createdId = created.json().data.id as number;
    const toExam = await server.consoleInject(admin, {
      method: 'PUT',
      url: `/lianmeng/api/catalogue/${createdId}`,
      payload: { kind: 'exam' },
    });
    expect(toExam.statusCode).toBe(400);
    expect((await list(admin, { id: [createdId] })).json().data[0]).toMatchObject({ kind: 'training', level: '市级' });
    const byEditor = await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/api/catalogue',
      payload: { ...item, code: 'TEST-3' },
    });
    expect(byEditor.statusCode).toBe(403);
  });

  it('retires an item: no new records under it, and the records made under it keep it', async () => {
    const world = await buildCreditWorld(server);
    const itemId = world.itemId('EXCH-PRV');
    const entry = (
      await call(server, world.tokens.schoolA, 'POST', `${WORKBENCH}/credits`, {
        cardNo: '91000001',
        itemId,
        date: daysAgo(3),
      })
    ).json().data;
    await call(server, world.tokens.operator, 'POST', `${REVIEW}/records/approve`, { ids: [entry.id] });
    const retired = await server.consoleInject(admin, {
      method: 'PUT',
      url: `/lianmeng/api/catalogue/${itemId}`,
      payload: { status: 'retired', kindLabel: '交流', id: itemId },
    });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().data.status).toBe('retired');
    const offered = (await call(server, world.tokens.schoolA, 'GET', `${WORKBENCH}/catalogue`)).json().data;
    expect(offered.map((item: { id: number }) => item.id)).not.toContain(itemId);
    const refused = await call(server, world.tokens.schoolA, 'POST', `${WORKBENCH}/credits`, {
      cardNo: '91000002',
      itemId,
      date: daysAgo(3),
    });
    expect(refused.statusCode).toBe(400);
    const account = await totalOf(server, world.tokens.pupil, '91000001');
    expect(account.list[0]).toMatchObject({ id: entry.id, itemName: '机器人运动交流活动（省级）', level: '省级' });
    // The holder's filters by kind and level.
    const byKind = await call(
      server,
      world.tokens.pupil,
      'GET',
      `/api/creditBank/info?cardNo=91000001&pageNum=1&pageSize=10&kind=exchange&level=${encodeURIComponent('省级')}`,
    );
    expect(byKind.json().data.total).toBe(1);
    const otherKind = await call(server, world.tokens.pupil, 'GET', '/api/creditBank/info?cardNo=91000001&kind=exam');
    expect(otherKind.json().data).toMatchObject({ total: 0, totalCredits: 1 });
  });
});
