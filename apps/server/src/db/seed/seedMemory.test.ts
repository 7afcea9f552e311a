import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testsUsePostgres } from '../../testing/testDatabase';
import { type Db, openDatabase } from '../database';
import { migrate } from '../migrate';
import { seedDemoData } from '.';

let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-seed-memory-'));
  db = openDatabase(undefined, dataDir);
  await migrate(db);
});
afterAll(async () => {
  await db.destroy();
  await fs.rm(dataDir, { recursive: true, force: true });
});

// The pictures are drawn the same way whatever the database: the PostgreSQL run would repeat this test.
describe.skipIf(testsUsePostgres())('the first start’s demo seed', () => {
  it('draws its pictures one at a time with no image cache, then gives sharp its settings back', async () => {
    const before = { concurrency: sharp.concurrency(), cache: sharp.cache() };
    const seen: { concurrency: number; cacheItems: number }[] = [];
    const toFile = vi.spyOn(sharp.prototype, 'toFile');
    // The pictures' files are not needed here: what matters is the settings each is drawn under.
    toFile.mockImplementation((async (file: string) => {
      seen.push({ concurrency: sharp.concurrency(), cacheItems: sharp.cache().items.max });
      await fs.writeFile(file, '');
      return {};
    }) as never);
    try {
      const result = await seedDemoData(db, { dataDir, demoPassword: 'Seed-memory-test-1', now: new Date() });
      expect(result.seeded).toBe(true);
    } finally {
      toFile.mockRestore();
    }
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.every((call) => call.concurrency === 1 && call.cacheItems === 0)).toBe(true);
    expect(sharp.concurrency()).toBe(before.concurrency);
    expect(sharp.cache().items.max).toBe(before.cache.items.max);
    expect(sharp.cache().memory.max).toBe(before.cache.memory.max);
  });
});
