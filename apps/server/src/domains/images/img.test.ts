import { IMAGE_SORT } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImage } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';

let server: TestServer;
let editor: string;
let staff: string;

const SEARCH = '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999';

/** Everything the image table and the audit log hold, to prove a refusal changed nothing. */
const snapshot = async () => ({
  images: await server.db.kysely.selectFrom('imageMessage').selectAll().orderBy('id').execute(),
  audit: await server.db.kysely.selectFrom('auditLog').select(['action', 'targetId']).execute(),
});

const anySortRows = async (sort: number) =>
  server.db.kysely.selectFrom('imageMessage').selectAll().where('belongSortid', '=', sort).execute();

const closedBanner = async () => {
  const rows = await anySortRows(IMAGE_SORT.banner);
  const closed = rows.find((row) => row.isOpen === 0);
  if (!closed) throw new Error('no closed banner was built');
  return closed;
};

beforeAll(async () => {
  server = await createTestServer();
  // Three banners, the newest open; thirteen open partners, one of them with 编程 in its title.
  const now = Date.now();
  const banners = [
    '全国青少年机器人交流活动报名开启',
    '机器人运动进校园 · 秋季师资培训',
    '测评认证（一至七级）考点公示',
  ];
  for (const [index, photoTitle] of banners.entries()) {
    await buildImage(server.db, {
      belongSortid: IMAGE_SORT.banner,
      isOpen: index === 0 ? 1 : 0,
      photoTitle,
      createdAt: new Date(now - index * 3600_000),
    });
  }
  for (let index = 0; index < 13; index += 1) {
    await buildImage(server.db, {
      belongSortid: IMAGE_SORT.partner,
      photoTitle: index === 4 ? '青少年编程教育基地' : `合作单位 ${index + 1}`,
      createdAt: new Date(now - index * 60_000),
    });
  }
  editor = await server.signIn('editor');
  staff = await server.signIn('staff');
});
afterAll(() => server.close());

describe('imageMsgSearch', () => {
  it('answers the layout banner call with the open banners only, in seachList', async () => {
    const response = await server.app.inject({ method: 'POST', url: SEARCH, payload: { belongSortid: 2, isOpen: 1 } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(200);
    expect(body.data.seachList.length).toBeGreaterThan(0);
    expect(
      body.data.seachList.every(
        (item: { isOpen: number; belongSortid: number }) => item.isOpen === 1 && item.belongSortid === 2,
      ),
    ).toBe(true);
    expect(body.data.total).toBe(body.data.seachList.length);
  });

  it('never shows a closed item to an anonymous caller, even when asked for closed ones', async () => {
    const all = await server.app.inject({ method: 'POST', url: SEARCH, payload: { belongSortid: 2 } });
    expect(all.json().data.seachList.map((item: { isOpen: number }) => item.isOpen)).not.toContain(0);
    const closed = await server.app.inject({ method: 'POST', url: SEARCH, payload: { belongSortid: 2, isOpen: 0 } });
    expect(closed.json().data).toMatchObject({ seachList: [], total: 0 });
  });

  it('shows closed items to a console request with a session, and not to a signed-in editor browsing the portal', async () => {
    const fromConsole = await server.consoleInject(editor, {
      method: 'POST',
      url: SEARCH,
      payload: { belongSortid: 2 },
    });
    expect(fromConsole.json().data.seachList.map((item: { isOpen: number }) => item.isOpen)).toContain(0);

    const browsing = await server.app.inject({
      method: 'POST',
      url: SEARCH,
      payload: { belongSortid: 2 },
      headers: { cookie: editor },
    });
    expect(browsing.json().data.seachList.map((item: { isOpen: number }) => item.isOpen)).not.toContain(0);

    const headerWithoutSession = await server.consoleInject(null, {
      method: 'POST',
      url: SEARCH,
      payload: { belongSortid: 2 },
    });
    expect(headerWithoutSession.json().data.seachList.map((item: { isOpen: number }) => item.isOpen)).not.toContain(0);
  });

  it('lists the newest first and pages with pageNum and pageSize', async () => {
    const first = await server.app.inject({
      method: 'POST',
      url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=5',
      payload: { belongSortid: 3 },
    });
    const second = await server.app.inject({
      method: 'POST',
      url: '/lianmeng/img/imageMsgSearch?pageNum=2&pageSize=5',
      payload: { belongSortid: 3 },
    });
    const a = first.json().data;
    const b = second.json().data;
    expect(a.seachList).toHaveLength(5);
    expect(a.total).toBeGreaterThanOrEqual(12);
    expect(b.seachList[0].id).not.toBe(a.seachList[0].id);
    const times = [...a.seachList, ...b.seachList].map((item: { createTime: string }) => item.createTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('finds by title for the console, treating % and _ as plain characters', async () => {
    const hit = await server.consoleInject(editor, { method: 'POST', url: SEARCH, payload: { photoTitle: '编程' } });
    expect(hit.json().data.seachList.map((item: { photoTitle: string }) => item.photoTitle)).toEqual([
      '青少年编程教育基地',
    ]);
    const wildcard = await server.consoleInject(editor, { method: 'POST', url: SEARCH, payload: { photoTitle: '%' } });
    expect(wildcard.json().data.total).toBe(0);
  });

  it('refuses a page size over 999 and a wrong type with a Chinese message naming the field', async () => {
    const tooBig = await server.app.inject({
      method: 'POST',
      url: '/lianmeng/img/imageMsgSearch?pageSize=1000',
      payload: {},
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ status: 400, message: expect.stringContaining('每页条数') });
    const wrongType = await server.app.inject({ method: 'POST', url: SEARCH, payload: { belongSortid: '2' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/分类（belongSortid）/);
  });
});

describe('imageMsgSearchOne', () => {
  it('answers an open item to anyone and a closed one only to the console', async () => {
    const closed = await closedBanner();
    const anonymous = await server.app.inject({ url: `/lianmeng/img/imageMsgSearchOne?id=${closed.id}` });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().message).toMatch(/不存在/);
    const console = await server.consoleInject(editor, { url: `/lianmeng/img/imageMsgSearchOne?id=${closed.id}` });
    expect(console.json().data).toMatchObject({ id: closed.id, isOpen: 0 });
  });

  it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
    expect((await server.app.inject({ url: '/lianmeng/img/imageMsgSearchOne?id=999999' })).statusCode).toBe(404);
    const bad = await server.app.inject({ url: '/lianmeng/img/imageMsgSearchOne?id=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/编号（id）应为整数/);
  });
});

describe('writes need a console session and the right role', () => {
  const newBanner = { belongSortid: 2, isOpen: 0, photoAddress: 'https://cdn.example.com/b.png', photoTitle: '新横幅' };
  /** Every write of the image calls, the spec's GET delete and clear included, aimed at one banner. */
  const writeCallsOn = (id: number) => [
    { method: 'POST' as const, url: '/lianmeng/img/imageMsgInsert', payload: newBanner },
    { method: 'POST' as const, url: '/lianmeng/img/imageMsgUpdate', payload: { id, isOpen: 1 } },
    { method: 'GET' as const, url: `/lianmeng/img/imageMsgDel?id=${id}` },
    { method: 'GET' as const, url: '/lianmeng/img/imageSortClear?belongSortid=2' },
  ];

  it('refuses every anonymous write and changes nothing', async () => {
    const before = await snapshot();
    const { id } = await closedBanner();
    const calls = writeCallsOn(id);
    for (const call of calls) {
      const response = await server.consoleInject(null, call);
      expect(response.statusCode, call.url).toBe(401);
      expect(response.json()).toEqual({ status: 401, message: '请先登录管理台' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a console call without the anti-forgery header, the GET delete and clear included', async () => {
    const before = await snapshot();
    const { id } = await closedBanner();
    const calls = writeCallsOn(id);
    for (const call of calls) {
      const missing = await server.consoleInject(editor, { ...call, xsrf: false });
      expect(missing.statusCode, call.url).toBe(403);
      expect(missing.json().message).toMatch(/安全校验未通过/);
      const wrong = await server.consoleInject(editor, { ...call, xsrf: false, headers: { 'x-xsrf-token': 'forged' } });
      expect(wrong.statusCode, call.url).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets staff turn isOpen and nothing else', async () => {
    const target = await closedBanner();
    const toggled = await server.consoleInject(staff, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgUpdate',
      payload: { id: target.id, isOpen: 1 },
    });
    expect(toggled.json()).toMatchObject({ status: 200, data: { id: target.id, isOpen: 1 } });
    const audit = await server.db.kysely.selectFrom('auditLog').selectAll().where('action', '=', 'toggle').execute();
    expect(audit.at(-1)).toMatchObject({ username: 'staff', targetId: String(target.id) });

    // The whole record sent back with only isOpen changed is still a toggle.
    const current = (
      await server.consoleInject(staff, { url: `/lianmeng/img/imageMsgSearchOne?id=${target.id}` })
    ).json().data;
    const back = await server.consoleInject(staff, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgUpdate',
      payload: { ...current, isOpen: 0 },
    });
    expect(back.json().data.isOpen).toBe(0);

    const before = await snapshot();
    const refused = [
      {
        method: 'POST' as const,
        url: '/lianmeng/img/imageMsgUpdate',
        payload: { id: target.id, photoTitle: '改标题' },
      },
      {
        method: 'POST' as const,
        url: '/lianmeng/img/imageMsgUpdate',
        payload: { id: target.id, isOpen: 1, urlAddress: 'https://evil.example/' },
      },
      { method: 'POST' as const, url: '/lianmeng/img/imageMsgInsert', payload: newBanner },
      { method: 'GET' as const, url: `/lianmeng/img/imageMsgDel?id=${target.id}` },
      { method: 'GET' as const, url: '/lianmeng/img/imageSortClear?belongSortid=3' },
    ];
    for (const call of refused) {
      const response = await server.consoleInject(staff, call);
      expect(response.statusCode, JSON.stringify(call.payload ?? call.url)).toBe(403);
      expect(response.json().message).toMatch(/权限|只能修改开放状态/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets an editor insert, update and delete, each recorded in the audit log', async () => {
    const inserted = await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgInsert',
      payload: newBanner,
    });
    expect(inserted.json()).toMatchObject({
      status: 200,
      data: { photoTitle: '新横幅', isOpen: 0, smallPhotoAddress: '', urlAddress: '' },
    });
    const { id, createTime } = inserted.json().data;

    const updated = await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgUpdate',
      payload: { id, photoTitle: '  改过的横幅  ', urlAddress: 'https://www.example.edu.cn/news' },
    });
    expect(updated.json().data).toMatchObject({
      id,
      photoTitle: '改过的横幅',
      urlAddress: 'https://www.example.edu.cn/news',
      createTime,
    });

    const deleted = await server.consoleInject(editor, { url: `/lianmeng/img/imageMsgDel?id=${id}` });
    expect(deleted.json()).toMatchObject({ status: 200, data: { id } });
    const again = await server.consoleInject(editor, { url: `/lianmeng/img/imageMsgDel?id=${id}` });
    expect(again.statusCode).toBe(404);

    const actions = await server.db.kysely
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', String(id))
      .where('targetType', '=', 'image')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['insert', 'update', 'delete']);
  });

  it('refuses unsafe or malformed image fields with a Chinese message and no change', async () => {
    const before = await snapshot();
    const bad = [
      { ...newBanner, photoAddress: 'javascript:alert(1)' },
      { ...newBanner, photoAddress: '/etc/passwd' },
      { ...newBanner, urlAddress: 'javascript:alert(1)' },
      { ...newBanner, belongSortid: 4 },
      { ...newBanner, isOpen: 2 },
      { ...newBanner, isOpen: true },
      { ...newBanner, photoTitle: '   ' },
      { ...newBanner, photoTitle: '长'.repeat(101) },
      { ...newBanner, extra: 'x' },
      { ...newBanner, photoTitle: 'a\u0000b' },
      [],
      'text',
    ];
    for (const payload of bad) {
      const response = await server.consoleInject(editor, {
        method: 'POST',
        url: '/lianmeng/img/imageMsgInsert',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers malformed bodies and odd inputs with 4xx, never 5xx', async () => {
    const inputs = [
      {
        method: 'POST' as const,
        url: '/lianmeng/img/imageMsgInsert',
        payload: '{"belongSortid":',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST' as const,
        url: '/lianmeng/img/imageMsgUpdate',
        payload: '',
        headers: { 'content-type': 'application/json' },
      },
      { method: 'POST' as const, url: '/lianmeng/img/imageMsgUpdate', payload: { id: 'x' } },
      { method: 'POST' as const, url: '/lianmeng/img/imageMsgUpdate', payload: { id: 99999, isOpen: 1 } },
      {
        method: 'POST' as const,
        url: '/lianmeng/img/imageMsgUpdate',
        payload: '<xml/>',
        headers: { 'content-type': 'application/xml' },
      },
      {
        method: 'POST' as const,
        url: SEARCH,
        payload: 'a'.repeat(300 * 1024),
        headers: { 'content-type': 'application/json' },
      },
      { method: 'GET' as const, url: '/lianmeng/img/imageSortClear?belongSortid=9' },
      { method: 'GET' as const, url: '/lianmeng/img/imageSortClear' },
      { method: 'GET' as const, url: '/lianmeng/img/imageMsgDel?id=1e3' },
      { method: 'GET' as const, url: '/lianmeng/img/imageMsgDel?id=-1' },
      { method: 'GET' as const, url: '/lianmeng/img/imageMsgDel?id=99999999999999999999' },
      { method: 'GET' as const, url: '/lianmeng/img/imageMsgSearchOne?id=%00' },
      { method: 'GET' as const, url: '/lianmeng/img/nothing' },
    ];
    for (const input of inputs) {
      const response = await server.consoleInject(editor, input);
      expect(response.statusCode, input.url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, input.url).toBeLessThan(500);
      const body = response.json();
      expect(body.status, input.url).toBe(response.statusCode);
      expect(body.message, input.url).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('clears one sort for an editor and reports how many went', async () => {
    const partners = await anySortRows(IMAGE_SORT.partner);
    const banners = await anySortRows(IMAGE_SORT.banner);
    const response = await server.consoleInject(editor, { url: '/lianmeng/img/imageSortClear?belongSortid=3' });
    expect(response.json()).toEqual({
      status: 200,
      message: '操作成功',
      data: { belongSortid: 3, removed: partners.length },
    });
    expect(await anySortRows(IMAGE_SORT.partner)).toEqual([]);
    expect(await anySortRows(IMAGE_SORT.banner)).toHaveLength(banners.length);
    const audit = await server.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'sort-clear')
      .executeTakeFirst();
    expect(JSON.parse(audit?.detail ?? '{}')).toEqual({ removed: partners.length });
  });
});
