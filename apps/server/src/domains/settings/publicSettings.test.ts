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

  it('answers a stored change at once', async () => {
    await writeSiteSettings(server.db.kysely, { hotline: '400-800-1234' }, new Date());
    await writeSiteSettings(server.db.kysely, { hotline: '400-800-5678' }, new Date());
    const response = await server.app.inject({ url: '/api/site/settings' });
    expect(response.json().data).toEqual({ ...DEFAULT_SITE_SETTINGS, hotline: '400-800-5678' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
