import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { DEFAULT_SITE_SETTINGS, writeSiteSettings } from './siteSettingsRepository';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('GET /api/site/settings', () => {
  it('answers the defaults on a fresh site', async () => {
    const response = await server.app.inject({ url: '/api/site/settings' });
    expect(response.json()).toEqual({ status: 200, message: '操作成功', data: DEFAULT_SITE_SETTINGS });
  });

  it('answers a change stored beside the server (by another process or a script) within a second', async () => {
    await server.app.inject({ url: '/api/site/settings' });
    await writeSiteSettings(server.db.kysely, { hotline: '400-800-1234' }, new Date());
    await writeSiteSettings(server.db.kysely, { hotline: '400-800-5678' }, new Date());
    // The promise to the public is one second; the version is read again every quarter of one.
    await expect
      .poll(async () => (await server.app.inject({ url: '/api/site/settings' })).json().data, {
        interval: 20,
        timeout: 1000,
      })
      .toEqual({ ...DEFAULT_SITE_SETTINGS, hotline: '400-800-5678' });
    const response = await server.app.inject({ url: '/api/site/settings' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
