import { api } from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuthProvider, SecondFactorNeeded } from './authProvider';
import { accountFieldsOffered, canRoleAccess } from './permissions';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const STAFF = { id: 3, username: 'staff', displayName: '内容运营', role: 'staff' as const };

describe('the console auth provider', () => {
  it('signs in, knows the role, and signs out', async () => {
    let signedOut = false;
    server.use(
      mockCall(api.consoleAuth.login, () => STAFF),
      mockCall(api.consoleAuth.logout, () => {
        signedOut = true;
        return {};
      }),
    );
    const auth = createAuthProvider();
    await auth.login({ username: 'staff', password: 'x' });
    expect(auth.currentRole()).toBe('staff');
    await expect(auth.getIdentity?.()).resolves.toEqual({
      id: 3,
      fullName: '内容运营（内容运营）',
      mustChangePassword: false,
    });
    await auth.logout({});
    expect(signedOut).toBe(true);
    expect(auth.currentRole()).toBeUndefined();
  });

  it('hands an account with a second factor to the code step, then signs it in with the code', async () => {
    const step = { secondFactor: { ticket: 'ticket-1', enrolment: null } };
    server.use(
      mockCall(api.consoleAuth.login, () => step),
      mockCall(api.consoleAuth.secondFactor, () => ({ ...STAFF, role: 'editor' as const, recoveryCodes: null })),
    );
    const auth = createAuthProvider();
    const refused = await auth.login({ username: 'editor', password: 'x' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SecondFactorNeeded);
    expect((refused as SecondFactorNeeded).step).toEqual(step);
    expect(auth.currentRole()).toBeUndefined();
    await expect(auth.secondFactor('ticket-1', '123456')).resolves.toEqual({ recoveryCodes: null });
    expect(auth.currentRole()).toBe('editor');
  });

  it('rejects a refused sign-in with the server’s message', async () => {
    server.use(mockCall(api.consoleAuth.login, () => failure(401, '用户名或密码不正确，或账号已停用')));
    await expect(createAuthProvider().login({ username: 'a', password: 'b' })).rejects.toThrow(
      '用户名或密码不正确，或账号已停用',
    );
  });

  it('survives a reload through the session cookie: checkAuth asks the server who is signed in', async () => {
    server.use(mockCall(api.consoleAuth.me, () => STAFF));
    const auth = createAuthProvider();
    await auth.checkAuth({});
    expect(auth.currentRole()).toBe('staff');
    await expect(auth.canAccess?.({ resource: 'partners', action: 'toggle' })).resolves.toBe(true);
    await expect(auth.canAccess?.({ resource: 'partners', action: 'delete' })).resolves.toBe(false);
  });

  it('sends a signed-out visitor to sign-in, and logs out on a 401 but not on a 403', async () => {
    server.use(mockCall(api.consoleAuth.me, () => failure(401, '请先登录管理台')));
    const auth = createAuthProvider();
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    await expect(auth.checkError({ status: 401 })).rejects.toThrow();
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
  });
});

describe('what each role may do in the console', () => {
  it.each([
    ['admin', 'accounts', 'list', true],
    ['admin', 'banners', 'delete', true],
    ['editor', 'banners', 'delete', true],
    ['editor', 'articles', 'create', true],
    ['editor', 'settings', 'edit', false],
    ['editor', 'audit', 'list', false],
    ['staff', 'partners', 'list', true],
    ['staff', 'partners', 'toggle', true],
    ['staff', 'partners', 'edit', false],
    ['staff', 'banners', 'create', false],
    ['staff', 'banners', 'delete', false],
    ['staff', 'banners', 'clear', false],
    ['staff', 'articles', 'list', true],
    ['staff', 'articles', 'toggle', false],
    ['staff', 'accounts', 'list', false],
    ['admin', 'settings', 'edit', true],
    ['admin', 'accounts', 'delete', false],
    ['admin', 'audit', 'edit', false],
    ['editor', 'articles', 'delete', true],
    ['staff', 'banners', 'toggle', true],
    ['staff', 'banners', 'edit', false],
    ['editor', 'partners', 'edit', true],
    ['editor', 'partners', 'toggle', true],
    ['admin', 'catalogue', 'list', true],
    ['admin', 'catalogue', 'create', true],
    ['admin', 'catalogue', 'edit', true],
    ['admin', 'catalogue', 'retire', true],
    // Retired, never deleted: the records made under an item keep it.
    ['admin', 'catalogue', 'delete', false],
    ['editor', 'catalogue', 'list', false],
    ['editor', 'catalogue', 'retire', false],
    ['staff', 'catalogue', 'list', false],
    ['staff', 'catalogue', 'create', false],
    ['admin', 'events', 'list', true],
    ['editor', 'events', 'list', true],
    ['editor', 'events', 'create', true],
    ['editor', 'events', 'edit', true],
    // Events are hidden, never deleted.
    ['editor', 'events', 'delete', false],
    ['staff', 'events', 'list', false],
    ['staff', 'events', 'edit', false],
    [undefined, 'banners', 'list', false],
  ] as const)('%s on %s / %s: %s', (role, resource, action, allowed) => {
    expect(canRoleAccess(role, resource, action)).toBe(allowed);
  });
});

describe('what the account form offers, read from the account rules', () => {
  const editor = { id: 2, role: 'editor', disabled: false } as const;
  it('on another editor or staff account: both roles and the disabled switch', () => {
    expect(accountFieldsOffered('1', editor)).toEqual({ roles: ['editor', 'staff'], disabled: true });
  });
  it('on one’s own account: no role change and no disabled switch', () => {
    expect(accountFieldsOffered('2', editor)).toEqual({ roles: [], disabled: false });
  });
  it('on another administrator: no role change, the disabled switch stays', () => {
    expect(accountFieldsOffered(1, { id: 3, role: 'admin', disabled: false })).toEqual({ roles: [], disabled: true });
  });
});
