import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testsUsePostgres } from '../../testing/testDatabase';
import { type Db, openDatabase } from '../database';
import { migrate } from '../migrate';
import { seedDemoData } from '.';
import { runSeedProcess } from './apart';

const dataDirs: string[] = [];
const freshDatabase = async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-seed-memory-'));
  dataDirs.push(dataDir);
  const db = openDatabase(undefined, dataDir);
  await migrate(db);
  return { dataDir, db };
};
const opened: Db[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
  await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** Runs `seed` with the pictures' files left empty, and gives sharp's settings at each picture drawn. */
const drawnUnder = async (seed: () => Promise<unknown>) => {
  const seen: { concurrency: number; cacheItems: number }[] = [];
  const toFile = vi.spyOn(sharp.prototype, 'toFile');
  // The pictures' files are not needed here: what matters is the settings each is drawn under.
  toFile.mockImplementation((async (file: string) => {
    seen.push({ concurrency: sharp.concurrency(), cacheItems: sharp.cache().items.max });
    await fs.writeFile(file, '');
    return {};
  }) as never);
  try {
    await seed();
  } finally {
    toFile.mockRestore();
  }
  return seen;
};

// The pictures are drawn the same way whatever the database: the PostgreSQL run would repeat this test.
describe.skipIf(testsUsePostgres())('the first start’s demo seed', () => {
  it('leaves sharp’s process-wide settings alone when it seeds in the server’s process', async () => {
    const { dataDir, db } = await freshDatabase();
    opened.push(db);
    const cache = vi.spyOn(sharp, 'cache');
    const concurrency = vi.spyOn(sharp, 'concurrency');
    try {
      const seen = await drawnUnder(async () => {
        const result = await seedDemoData(db, { dataDir, demoPassword: 'Seed-memory-test-1', now: new Date() });
        expect(result.seeded).toBe(true);
      });
      expect(seen.length).toBeGreaterThan(10);
      // Read by the spy on the pictures above, never set.
      expect(cache.mock.calls.every((call) => call.length === 0)).toBe(true);
      expect(concurrency.mock.calls.every((call) => call.length === 0)).toBe(true);
    } finally {
      cache.mockRestore();
      concurrency.mockRestore();
    }
  });

  it('draws its pictures one at a time with no image cache in its own process, and hands the result on', async () => {
    const { dataDir } = await freshDatabase();
    const sent: unknown[] = [];
    const original = process.send?.bind(process);
    // The seed's result goes to the server over the process channel; the test runner's own messages pass.
    process.send = ((message: unknown, ...rest: unknown[]) => {
      const callback = rest.find((item) => typeof item === 'function') as ((error: null) => void) | undefined;
      if (message && typeof message === 'object' && 'seeded' in message) {
        sent.push(message);
        callback?.(null);
        return true;
      }
      return original ? (original as (...args: unknown[]) => boolean)(message, ...rest) : false;
    }) as typeof process.send;
    const before = { concurrency: sharp.concurrency(), cache: sharp.cache() };
    try {
      const seen = await drawnUnder(() =>
        runSeedProcess({ databaseUrl: undefined, dataDir, demoPassword: 'Seed-memory-test-1' }),
      );
      expect(seen.length).toBeGreaterThan(10);
      expect(seen.every((call) => call.concurrency === 1 && call.cacheItems === 0)).toBe(true);
      expect(sent).toEqual([expect.objectContaining({ seeded: true })]);
    } finally {
      process.send = original;
      sharp.cache({ memory: before.cache.memory.max, files: before.cache.files.max, items: before.cache.items.max });
      sharp.concurrency(before.concurrency);
    }
  });
});
