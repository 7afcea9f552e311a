import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImage } from '../testing/factories';
import { testsUsePostgres } from '../testing/testDatabase';
import { createTestServer, type TestServer } from '../testing/testServer';

/** The traps of the two databases and their drivers, each with a test that fails when the guard against it is lost. */
let server: TestServer;
let editor: string;

beforeAll(async () => {
  server = await createTestServer();
  editor = await server.signIn('editor');
  for (let index = 0; index < 20; index += 1) {
    await buildImage(server.db, { belongSortid: 3, isOpen: index % 2, photoTitle: `合作伙伴 ${index}` });
  }
});
afterAll(() => server.close());

describe('the database this suite runs on', () => {
  it('is the one the test project asks for', () => {
    expect(server.db.dialect).toBe(testsUsePostgres() ? 'postgres' : 'sqlite');
  });
});

describe('counts and totals', () => {
  it('come back from the repositories as numbers, whatever the driver answers for count(*)', async () => {
    const raw = await server.db.kysely
      .selectFrom('imageMessage')
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    // The trap itself: pg answers bigint as text, better-sqlite3 as a number.
    expect(typeof raw.total).toBe(server.db.dialect === 'postgres' ? 'string' : 'number');

    const response = await server.app.inject({
      method: 'POST',
      url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=2',
      payload: { belongSortid: 3 },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(typeof data.total).toBe('number');
    expect(data.total).toBeGreaterThan(data.seachList.length);
    expect(data.seachList.every((item: { id: unknown }) => typeof item.id === 'number')).toBe(true);
  });
});

describe('text with a NUL character', () => {
  it('is refused with a 400 on both databases, in the query and in the body, and changes nothing', async () => {
    const before = await server.db.kysely.selectFrom('imageMessage').selectAll().orderBy('id').execute();
    const search = await server.app.inject({
      method: 'POST',
      url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=10',
      payload: { photoTitle: 'a\u0000b' },
    });
    const insert = await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgInsert',
      payload: { belongSortid: 3, photoAddress: 'https://cdn.example.com/a.png', photoTitle: '空\u0000字符' },
    });
    const query = await server.app.inject({ url: '/lianmeng/img/imageMsgSearchOne?id=1%00' });
    for (const response of [search, insert, query]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/含有不允许的空字符/);
    }
    expect(await server.db.kysely.selectFrom('imageMessage').selectAll().orderBy('id').execute()).toEqual(before);
  });
});

describe('writes that read first', () => {
  // The trap: Kysely opens SQLite transactions with a plain BEGIN, which takes only a read snapshot. When
  // another connection (another process) commits after the read, the write fails with SQLITE_BUSY.
  it.skipIf(testsUsePostgres())(
    'hold the SQLite write lock from their first statement, so a commit elsewhere cannot break them',
    async () => {
      const elsewhere = new BetterSqlite3(path.join(server.dataDir, 'lianmeng.sqlite'));
      elsewhere.pragma('busy_timeout = 0');
      let writeElsewhere = '';
      try {
        const id = await server.db.writeTransaction(async (trx) => {
          const row = await trx
            .selectFrom('imageMessage')
            .select(['id', 'photoTitle'])
            .orderBy('id')
            .executeTakeFirstOrThrow();
          try {
            elsewhere.prepare('update image_message set photo_title = ? where id = ?').run('别处的写入', row.id);
            writeElsewhere = 'committed';
          } catch (error) {
            writeElsewhere = (error as { code?: string }).code ?? String(error);
          }
          await trx
            .updateTable('imageMessage')
            .set({ photoTitle: `${row.photoTitle}（已改）` })
            .where('id', '=', row.id)
            .execute();
          return row.id;
        });
        expect(writeElsewhere).toBe('SQLITE_BUSY');
        const after = await server.db.kysely
          .selectFrom('imageMessage')
          .select('photoTitle')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(after.photoTitle).toMatch(/（已改）$/);
      } finally {
        elsewhere.close();
      }
    },
  );

  it('all succeed when twenty of them run at once through the real route', async () => {
    const at = new Date().toISOString();
    const existing = await server.db.kysely.selectFrom('imageMessage').select('id').execute();
    const extra = Math.max(0, 20 - existing.length);
    for (let index = 0; index < extra; index += 1) {
      await server.db.kysely
        .insertInto('imageMessage')
        .values({
          belongSortid: 3,
          isOpen: 0,
          photoAddress: 'https://cdn.example.com/p.png',
          smallPhotoAddress: '',
          photoTitle: `并发 ${index}`,
          urlAddress: '',
          createTime: at,
          updateTime: at,
        })
        .execute();
    }
    const rows = (await server.db.kysely.selectFrom('imageMessage').select(['id', 'isOpen']).orderBy('id').execute())
      .slice(0, 20)
      .map((row) => ({ id: Number(row.id), isOpen: Number(row.isOpen) }));
    const togglesBefore = await countToggles();

    const responses = await Promise.all(
      rows.map((row) =>
        server.consoleInject(editor, {
          method: 'POST',
          url: '/lianmeng/img/imageMsgUpdate',
          payload: { id: row.id, isOpen: 1 - row.isOpen },
        }),
      ),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(rows.map(() => 200));
    const after = await server.db.kysely
      .selectFrom('imageMessage')
      .select(['id', 'isOpen'])
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('id')
      .execute();
    expect(after.map((row) => Number(row.isOpen))).toEqual(rows.map((row) => 1 - row.isOpen));
    expect((await countToggles()) - togglesBefore).toBe(20);
  });
});

const countToggles = async () => {
  const { total } = await server.db.kysely
    .selectFrom('auditLog')
    .select(sql<string | number>`count(*)`.as('total'))
    .where('action', '=', 'toggle')
    .executeTakeFirstOrThrow();
  return Number(total);
};
