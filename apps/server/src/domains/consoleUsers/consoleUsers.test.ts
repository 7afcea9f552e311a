import { CONSOLE_SESSION_COOKIE } from '@lianmeng/core';
import { ACCOUNT_REFUSALS } from '@lianmeng/core/policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';

let server: TestServer;
let admin: string;
let editor: string;
let staff: string;

const NEW_PASSWORD = 'Another-password-1';

const snapshot = async () => ({
  users: await server.db.kysely.selectFrom('consoleUser').selectAll().orderBy('id').execute(),
  sessions: await server.db.kysely.selectFrom('consoleSession').select('idHash').orderBy('idHash').execute(),
  audit: await server.db.kysely.selectFrom('auditLog').select(['action', 'targetId']).orderBy('id').execute(),
});

const create = (cookie: string, payload: Record<string, unknown>) =>
  server.consoleInject(cookie, { method: 'POST', url: '/lianmeng/api/accounts', payload });

const update = (cookie: string, id: number | string, payload: Record<string, unknown>) =>
  server.consoleInject(cookie, { method: 'PUT', url: `/lianmeng/api/accounts/${id}`, payload });

const idOf = async (username: string) =>
  (
    await server.db.kysely
      .selectFrom('consoleUser')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

const signInWith = (username: string, password: string) =>
  server.consoleInject(null, { method: 'POST', url: '/lianmeng/auth/login', payload: { username, password } });

beforeAll(async () => {
  server = await createTestServer();
  ({ admin, editor, staff } = await server.signInRoles());
});
afterAll(() => server.close());

describe('console accounts', () => {
  it('lists the accounts for the administrator without any password hash', async () => {
    const response = await server.consoleInject(admin, {
      method: 'GET',
      url: '/lianmeng/api/accounts',
      query: { range: '[0,9]', sort: '["id","ASC"]', filter: '{}' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('accounts 0-2/3');
    expect(response.json().data.map((account: { username: string }) => account.username)).toEqual([
      'admin',
      'editor',
      'staff',
    ]);
    expect(response.body).not.toMatch(/argon|passwordHash/);
  });

  it('refuses every account call to editors, staff and anonymous callers, changing nothing', async () => {
    const before = await snapshot();
    for (const cookie of [editor, staff]) {
      const calls = [
        { method: 'GET', url: '/lianmeng/api/accounts' },
        { method: 'GET', url: '/lianmeng/api/accounts/1' },
        {
          method: 'POST',
          url: '/lianmeng/api/accounts',
          payload: { username: 'x1', displayName: 'x', role: 'staff', password: NEW_PASSWORD },
        },
        { method: 'PUT', url: '/lianmeng/api/accounts/3', payload: { disabled: true } },
      ] as const;
      for (const call of calls) {
        const response = await server.consoleInject(cookie, call);
        expect(response.statusCode).toBe(403);
      }
    }
    expect((await server.app.inject({ method: 'GET', url: '/lianmeng/api/accounts' })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('creates an editor who can then sign in, and records it', async () => {
    const response = await create(admin, {
      username: 'editor2',
      displayName: '第二编辑',
      role: 'editor',
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ username: 'editor2', role: 'editor', disabled: false });
    expect((await signInWith('editor2', NEW_PASSWORD)).statusCode).toBe(200);
    const entry = await server.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'insert')
      .where('targetType', '=', 'consoleUser')
      .executeTakeFirstOrThrow();
    expect(entry.username).toBe('admin');
  });

  it('refuses a taken username, an admin role and a password with a space, changing nothing', async () => {
    const before = await snapshot();
    const refused = [
      ['editor', '重复', 'editor', NEW_PASSWORD, 409, /已被使用/],
      ['boss', '老板', 'admin', NEW_PASSWORD, 400, /角色/],
      ['spaced', '空格', 'staff', 'has a space 1', 400, /空白/],
    ] as const;
    for (const [username, displayName, role, password, status, message] of refused) {
      const response = await create(admin, { username, displayName, role, password });
      expect(response.statusCode, username).toBe(status);
      expect(response.json().message, username).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a guessable password or one built on the user name, on creation and on a reset', async () => {
    const before = await snapshot();
    for (const [username, password] of [
      ['weak1', 'aaaaaaaa'],
      ['weak2', '12345678'],
      ['zhangsan', 'zhangsan2026'],
    ] as const) {
      const response = await create(admin, { username, displayName: '弱密码', role: 'staff', password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().message).toMatch(/^密码太容易被猜到/);
    }
    const reset = await update(admin, await idOf('editor'), { password: 'woaini1314' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toMatch(/拼音/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a username that differs from a taken one only in case, in the route and in the database', async () => {
    const before = await snapshot();
    for (const username of ['Editor', 'ADMIN']) {
      const taken = await create(admin, { username, displayName: '大小写', role: 'editor', password: NEW_PASSWORD });
      expect(taken.statusCode, username).toBe(409);
      expect(taken.json().message).toMatch(/不区分大小写/);
    }
    expect(await snapshot()).toEqual(before);
    // The unique index holds even for a writer that skips the route's check.
    const now = new Date().toISOString();
    await expect(
      server.db.kysely
        .insertInto('consoleUser')
        .values({
          username: 'StaFF',
          displayName: '绕过',
          role: 'staff',
          passwordHash: 'x',
          disabled: 0,
          createTime: now,
          updateTime: now,
        })
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE|duplicate/);
  });

  it('resets a password: the old one stops working, the new one works, open sessions end', async () => {
    const staffId = await idOf('staff');
    const staffSession = await server.signIn('staff');
    const response = await update(admin, staffId, { id: staffId, username: 'staff', password: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    const me = await server.consoleInject(staffSession, { method: 'GET', url: '/lianmeng/auth/me' });
    expect(me.statusCode).toBe(401);
    expect((await signInWith('staff', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('disables an account: its session dies and it can no longer sign in', async () => {
    const editorId = await idOf('editor');
    const response = await update(admin, editorId, { disabled: true });
    expect(response.json().data.disabled).toBe(true);
    const me = await server.consoleInject(editor, { method: 'GET', url: '/lianmeng/auth/me' });
    expect(me.statusCode).toBe(401);
    const again = await signInWith('editor', 'Test-password-2026');
    expect(again.statusCode).toBe(401);
    expect(again.cookies.find((cookie) => cookie.name === CONSOLE_SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses an administrator disabling or demoting their own account', async () => {
    const before = await snapshot();
    const disableSelf = await update(admin, 1, { disabled: true });
    expect(disableSelf.statusCode).toBe(403);
    const demoteSelf = await update(admin, 1, { role: 'staff' });
    expect(demoteSelf.statusCode).toBe(403);
    expect(demoteSelf.json().message).toBe(ACCOUNT_REFUSALS.ownRoleOrDisabled.message);
    const missing = await update(admin, 9999, { disabled: true });
    expect(missing.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses giving the administrator role and taking it from an administrator, changing nothing', async () => {
    const before = await snapshot();
    const promote = await update(admin, await idOf('editor'), { role: 'admin' });
    expect(promote.statusCode).toBe(400);
    expect(promote.json().message).toBe(ACCOUNT_REFUSALS.adminRole.message);
    const other = await create(admin, {
      username: 'second',
      displayName: '第二位',
      role: 'editor',
      password: NEW_PASSWORD,
    });
    await server.db.kysely.updateTable('consoleUser').set({ role: 'admin' }).where('username', '=', 'second').execute();
    const demote = await update(admin, other.json().data.id, { role: 'editor' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().message).toBe(ACCOUNT_REFUSALS.adminRole.message);
    expect((await snapshot()).users.find((user) => user.username === 'editor')).toEqual(
      before.users.find((user) => user.username === 'editor'),
    );
  });
});

describe('an administrator changing their own password', () => {
  it('must give the current one: refused without it and with a wrong one, changing nothing', async () => {
    const selfId = await idOf('admin');
    const session = await server.signIn('admin');
    const before = await snapshot();
    const change = (payload: Record<string, unknown>) =>
      server.consoleInject(session, { method: 'PUT', url: `/lianmeng/api/accounts/${selfId}`, payload });

    const without = await change({ password: NEW_PASSWORD });
    expect(without.json()).toEqual({ status: 400, message: '修改自己的密码需要输入当前密码' });
    const wrong = await change({ password: NEW_PASSWORD, currentPassword: 'Not-my-password-1' });
    expect(wrong.json()).toEqual({ status: 400, message: '当前密码不正确' });
    expect(await snapshot()).toEqual(before);

    const right = await change({ password: NEW_PASSWORD, currentPassword: TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect((await signInWith('admin', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signInWith('admin', TEST_PASSWORD)).statusCode).toBe(401);
  });
});
