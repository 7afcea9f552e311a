import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';

let server: TestServer;
const cookies: Record<'admin' | 'editor' | 'staff', string> = { admin: '', editor: '', staff: '' };

const NEW_SETTINGS = {
  hotline: '010-1234 5678',
  copyright: '版权所有 © 测试',
  icpNumber: '京ICP备12345678号-1',
  icpLink: 'https://beian.miit.gov.cn/',
  publicSecurityNumber: '京公网安备 11010000000001号',
  publicSecurityLink: 'https://beian.mps.gov.cn/',
  sponsor: '测试主办单位',
  certificationUrl: 'https://cert.example.org/robot/',
  logoImage: '/uploads/logo-abc123.png',
};

const snapshot = async () => ({
  settings: await server.db.kysely.selectFrom('siteSetting').selectAll().orderBy('key').execute(),
  audit: await server.db.kysely.selectFrom('auditLog').select(['action', 'targetId']).orderBy('id').execute(),
});

/** The newest audit entry of a settings change. */
const lastSettingsAudit = () =>
  server.db.kysely
    .selectFrom('auditLog')
    .selectAll()
    .where('action', '=', 'settings')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  server = await createTestServer();
  for (const role of ['admin', 'editor', 'staff'] as const) cookies[role] = await server.signIn(role);
});
afterAll(() => server.close());

describe('console settings', () => {
  it('lets an administrator read the settings as one record with a Content-Range', async () => {
    const list = await server.consoleInject(cookies.admin, { method: 'GET', url: '/lianmeng/api/settings' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('settings 0-0/1');
    expect(list.json().data).toHaveLength(1);
    const one = await server.consoleInject(cookies.admin, { method: 'GET', url: '/lianmeng/api/settings/site' });
    expect(one.json().data).toMatchObject({ id: 'site', hotline: expect.any(String) });
  });

  it('refuses editors, staff and anonymous callers on every settings call, changing nothing', async () => {
    const before = await snapshot();
    for (const cookie of [cookies.editor, cookies.staff]) {
      for (const [method, url] of [
        ['GET', '/lianmeng/api/settings'],
        ['GET', '/lianmeng/api/settings/site'],
        ['PUT', '/lianmeng/api/settings/site'],
      ] as const) {
        const response = await server.consoleInject(cookie, { method, url, payload: NEW_SETTINGS });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ status: 403, message: expect.stringMatching(/权限/) });
      }
    }
    const anonymous = await server.consoleInject(null, {
      method: 'PUT',
      url: '/lianmeng/api/settings/site',
      payload: NEW_SETTINGS,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an administrator without the anti-forgery header, changing nothing', async () => {
    const before = await snapshot();
    const response = await server.consoleInject(cookies.admin, {
      method: 'PUT',
      url: '/lianmeng/api/settings/site',
      payload: NEW_SETTINGS,
      xsrf: false,
    });
    expect(response.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a link that is not http(s) with a Chinese message naming the field', async () => {
    const response = await server.consoleInject(cookies.admin, {
      method: 'PUT',
      url: '/lianmeng/api/settings/site',
      payload: { ...NEW_SETTINGS, icpLink: 'javascript:alert(1)' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/http/);
  });

  it.each([
    ['certificationUrl', 'javascript:alert(1)', /http/],
    ['certificationUrl', 'ftp://cert.example.org/', /http/],
    ['certificationUrl', '', /不能为空/],
    ['logoImage', 'https://elsewhere.example.org/logo.png', /上传/],
    ['logoImage', '/uploads/../secret.png', /上传/],
  ])('refuses %s %j with a Chinese message, changing nothing', async (field, value, message) => {
    const before = await snapshot();
    const response = await server.consoleInject(cookies.admin, {
      method: 'PUT',
      url: '/lianmeng/api/settings/site',
      payload: { ...NEW_SETTINGS, [field]: value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, message: expect.stringMatching(message) });
    expect(response.json().message).toContain(field);
    expect(await snapshot()).toEqual(before);
  });

  it('shows a new certification address and logo on the public call at once, cached answer or not', async () => {
    const read = async () => (await server.app.inject({ method: 'GET', url: '/api/site/settings' })).json().data;
    // Read twice so the public answer is kept for the current site version before the change.
    await read();
    const kept = await read();
    const change = { ...kept, certificationUrl: 'https://cert2.example.org/', logoImage: '/uploads/logo-2.webp' };
    const response = await server.consoleInject(cookies.admin, {
      method: 'PUT',
      url: '/lianmeng/api/settings/site',
      payload: { id: 'site', ...change },
    });
    expect(response.statusCode).toBe(200);
    expect(await read()).toMatchObject({
      certificationUrl: 'https://cert2.example.org/',
      logoImage: '/uploads/logo-2.webp',
    });
    const entry = await lastSettingsAudit();
    expect(JSON.parse(entry.detail)).toEqual({
      certificationUrl: { from: kept.certificationUrl, to: 'https://cert2.example.org/' },
      logoImage: { from: kept.logoImage, to: '/uploads/logo-2.webp' },
    });
    // An empty logo is allowed: the portal falls back to its built-in one.
    const cleared = await server.consoleInject(cookies.admin, {
      method: 'PUT',
      url: '/lianmeng/api/settings/site',
      payload: { ...change, logoImage: '' },
    });
    expect(cleared.statusCode).toBe(200);
    expect((await read()).logoImage).toBe('');
  });

  it('saves an administrator’s change, shows it on the public settings call and records it in the audit log', async () => {
    const response = await server.consoleInject(cookies.admin, {
      method: 'PUT',
      url: '/lianmeng/api/settings/site',
      payload: { id: 'site', ...NEW_SETTINGS },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: 'site', ...NEW_SETTINGS });
    const publicSettings = await server.app.inject({ method: 'GET', url: '/api/site/settings' });
    expect(publicSettings.json().data).toEqual(NEW_SETTINGS);
    const entry = await lastSettingsAudit();
    expect(entry.username).toBe('admin');
    expect(JSON.parse(entry.detail).hotline.to).toBe(NEW_SETTINGS.hotline);
  });
});
