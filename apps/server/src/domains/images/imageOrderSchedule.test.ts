import { IMAGE_SORT } from '@lianmeng/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildImage } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';

const SEARCH = '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999';
const REORDER = '/lianmeng/img/imageMsgReorder';

let server: TestServer;
let editor: string;
/** The server's clock, moved by the tests. */
let clock = new Date('2026-11-23T02:00:00.000Z');

beforeEach(async () => {
  clock = new Date('2026-11-23T02:00:00.000Z');
  server = await createTestServer({}, () => clock);
  editor = await server.signIn('editor');
});
afterEach(() => server.close());

const publicTitles = async (belongSortid: number) => {
  const response = await server.app.inject({ method: 'POST', url: SEARCH, payload: { belongSortid, isOpen: 1 } });
  expect(response.statusCode).toBe(200);
  return response.json().data.seachList.map((item: { photoTitle: string }) => item.photoTitle) as string[];
};

const consoleList = async (belongSortid: number) => {
  const response = await server.consoleInject(editor, { method: 'POST', url: SEARCH, payload: { belongSortid } });
  expect(response.statusCode).toBe(200);
  return response.json().data.seachList as { id: number; photoTitle: string; displayOrder: number }[];
};

const insert = (payload: Record<string, unknown>) =>
  server.consoleInject(editor, { method: 'POST', url: '/lianmeng/img/imageMsgInsert', payload });

/** An open item of a sort, shown inside the window given (no bounds: always). */
const openItem = (belongSortid: number, photoTitle: string, window: { showFrom?: string; showUntil?: string } = {}) =>
  insert({ belongSortid, isOpen: 1, photoAddress: '/uploads/p.png', photoTitle, ...window });

const partner = (photoTitle: string) => openItem(IMAGE_SORT.partner, photoTitle);

describe('display order', () => {
  it('puts a new item first, as newest-first did, and answers both the portal and the console in display order', async () => {
    for (const title of ['甲', '乙', '丙']) expect((await partner(title)).statusCode).toBe(200);
    expect(await publicTitles(IMAGE_SORT.partner)).toEqual(['丙', '乙', '甲']);
    expect((await consoleList(IMAGE_SORT.partner)).map((item) => item.photoTitle)).toEqual(['丙', '乙', '甲']);
  });

  it('reorders a sort, keeps the items not named in their places, and records one audit entry', async () => {
    for (const title of ['甲', '乙', '丙', '丁']) await partner(title);
    const byTitle = Object.fromEntries(
      (await consoleList(IMAGE_SORT.partner)).map((item) => [item.photoTitle, item.id]),
    );
    // Shown 丁 丙 乙 甲; swap 丙 and 甲 only (as a page of the list would send them).
    const response = await server.consoleInject(editor, {
      method: 'POST',
      url: REORDER,
      payload: { belongSortid: IMAGE_SORT.partner, ids: [byTitle.甲, byTitle.丙] },
    });
    expect(response.statusCode).toBe(200);
    expect(await publicTitles(IMAGE_SORT.partner)).toEqual(['丁', '甲', '乙', '丙']);
    expect((await consoleList(IMAGE_SORT.partner)).map((item) => item.displayOrder)).toEqual([0, 1, 2, 3]);
    const audit = await server.db.kysely.selectFrom('auditLog').selectAll().where('action', '=', 'reorder').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: 'imageSort', targetId: String(IMAGE_SORT.partner) });
    expect(JSON.parse(audit[0]?.detail ?? '{}').to).toEqual([byTitle.丁, byTitle.甲, byTitle.乙, byTitle.丙]);
  });

  it('refuses an id of another sort or a repeated id in Chinese and changes nothing', async () => {
    await partner('甲');
    const banner = await buildImage(server.db, { belongSortid: IMAGE_SORT.banner, photoTitle: '横幅' });
    const [only] = await consoleList(IMAGE_SORT.partner);
    const before = await server.db.kysely.selectFrom('imageMessage').selectAll().orderBy('id').execute();
    const foreign = await server.consoleInject(editor, {
      method: 'POST',
      url: REORDER,
      payload: { belongSortid: IMAGE_SORT.partner, ids: [only?.id, banner.id] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain(`编号 ${banner.id} 不属于该分类`);
    const repeated = await server.consoleInject(editor, {
      method: 'POST',
      url: REORDER,
      payload: { belongSortid: IMAGE_SORT.partner, ids: [only?.id, only?.id] },
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toContain('编号不能重复');
    expect(await server.db.kysely.selectFrom('imageMessage').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await server.db.kysely.selectFrom('auditLog').where('action', '=', 'reorder').selectAll().execute()).toEqual(
      [],
    );
  });

  it('lets only editors reorder', async () => {
    await partner('甲');
    const [only] = await consoleList(IMAGE_SORT.partner);
    const staff = await server.signIn('staff');
    const response = await server.consoleInject(staff, {
      method: 'POST',
      url: REORDER,
      payload: { belongSortid: IMAGE_SORT.partner, ids: [only?.id] },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('showing window', () => {
  it('stores Beijing-time bounds as UTC and shows an open banner to the public only inside its window', async () => {
    // 10:01 and 10:03 in Beijing are 02:01 and 02:03 UTC; the clock stands at 02:00 UTC.
    const created = await openItem(IMAGE_SORT.banner, '下周一的横幅', {
      showFrom: '2026-11-23T10:01:00+08:00',
      showUntil: '2026-11-23T10:03:00+08:00',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({
      showFrom: '2026-11-23T02:01:00.000Z',
      showUntil: '2026-11-23T02:03:00.000Z',
    });
    const id = created.json().data.id as number;
    const one = () => server.app.inject({ method: 'GET', url: `/lianmeng/img/imageMsgSearchOne?id=${id}` });

    expect(await publicTitles(IMAGE_SORT.banner)).toEqual([]);
    expect((await one()).statusCode).toBe(404);
    // The console sees it before its time.
    expect((await consoleList(IMAGE_SORT.banner)).map((item) => item.id)).toEqual([id]);

    clock = new Date('2026-11-23T02:01:00.000Z');
    expect(await publicTitles(IMAGE_SORT.banner)).toEqual(['下周一的横幅']);
    expect((await one()).statusCode).toBe(200);

    clock = new Date('2026-11-23T02:03:00.000Z');
    expect(await publicTitles(IMAGE_SORT.banner)).toEqual([]);
    expect((await one()).statusCode).toBe(404);
  });

  it('clears a bound with null, refuses a window that ends before it starts and a time without its zone', async () => {
    const created = await openItem(IMAGE_SORT.partner, '合作伙伴', { showFrom: '2026-11-24T00:00:00+08:00' });
    const id = created.json().data.id as number;
    expect(await publicTitles(IMAGE_SORT.partner)).toEqual([]);

    const update = (payload: Record<string, unknown>) =>
      server.consoleInject(editor, {
        method: 'POST',
        url: '/lianmeng/img/imageMsgUpdate',
        payload: { id, ...payload },
      });
    const backwards = await update({ showUntil: '2026-11-23T23:00:00+08:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('结束时间应晚于开始时间');
    const noZone = await update({ showUntil: '2026-11-25 10:00' });
    expect(noZone.statusCode).toBe(400);
    expect(noZone.json().message).toContain('带时区');

    const cleared = await update({ showFrom: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.showFrom).toBeNull();
    expect(await publicTitles(IMAGE_SORT.partner)).toEqual(['合作伙伴']);
  });
});

describe('bulk open and close (imageMsgOpenMany)', () => {
  const openMany = (cookie: string, payload: Record<string, unknown>) =>
    server.consoleInject(cookie, { method: 'POST', url: '/lianmeng/img/imageMsgOpenMany', payload });

  it('switches every selected item, with one audit entry per item that changed', async () => {
    const a = await buildImage(server.db, { isOpen: 0 });
    const b = await buildImage(server.db, { isOpen: 0 });
    const c = await buildImage(server.db, { isOpen: 1 });
    const staff = await server.signIn('staff');
    const response = await openMany(staff, { belongSortid: IMAGE_SORT.partner, ids: [a.id, b.id, c.id], isOpen: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ids: [a.id, b.id, c.id], changed: 2 });
    const rows = await server.db.kysely.selectFrom('imageMessage').select(['id', 'isOpen']).orderBy('id').execute();
    expect(rows.map((row) => Number(row.isOpen))).toEqual([1, 1, 1]);
    const audit = await server.db.kysely
      .selectFrom('auditLog')
      .select(['action', 'targetId', 'username'])
      .where('action', '=', 'toggle')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'toggle', targetId: String(a.id), username: 'staff' },
      { action: 'toggle', targetId: String(b.id), username: 'staff' },
    ]);
  });

  it('changes none when one item fails (deleted meanwhile, or of another sort), and says which', async () => {
    const a = await buildImage(server.db, { isOpen: 0 });
    const b = await buildImage(server.db, { isOpen: 0 });
    const banner = await buildImage(server.db, { belongSortid: IMAGE_SORT.banner, isOpen: 0 });
    const gone = await buildImage(server.db, { isOpen: 0 });
    await server.db.kysely.deleteFrom('imageMessage').where('id', '=', gone.id).execute();
    const before = await server.db.kysely.selectFrom('imageMessage').selectAll().orderBy('id').execute();

    for (const failing of [gone.id, banner.id]) {
      const response = await openMany(editor, {
        belongSortid: IMAGE_SORT.partner,
        ids: [a.id, b.id, failing],
        isOpen: 1,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(`编号 ${failing} 的图片信息不存在或已被删除，全部未修改`);
    }
    expect(await server.db.kysely.selectFrom('imageMessage').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await server.db.kysely.selectFrom('auditLog').selectAll().where('action', '=', 'toggle').execute()).toEqual(
      [],
    );
  });
});
