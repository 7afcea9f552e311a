import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { sweepOrphanUploads } from '../uploads/sweepOrphanUploads';
import { writeSiteSettings } from './siteSettingsRepository';

let server: TestServer;
let uploadDir: string;
beforeAll(async () => {
  server = await createTestServer();
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-logo-'));
});
afterAll(async () => {
  await server.close();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

describe('the uploaded site logo', () => {
  it('is kept by the sweep of unused uploads while the settings name it', async () => {
    const old = new Date(Date.now() - 30 * 86_400_000);
    for (const name of ['logo0001.png', 'unused0002.png']) {
      await fs.writeFile(path.join(uploadDir, name), 'png');
      await fs.utimes(path.join(uploadDir, name), old, old);
    }
    await writeSiteSettings(server.db.kysely, { logoImage: '/uploads/logo0001.png' }, new Date());
    const removed = await sweepOrphanUploads({ db: server.db.kysely, uploadDir, now: new Date(), maxAgeMs: 0 });
    expect(removed).toEqual(['unused0002.png']);
    expect(await fs.readdir(uploadDir)).toEqual(['logo0001.png']);
  });
});
