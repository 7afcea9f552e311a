import { fork } from 'node:child_process';
import sharp from 'sharp';
import type { ServerConfig } from '../../config';
import { openDatabase } from '../database';
import { type SeedResult, seedDemoData } from '.';

/** Set in the environment of the short-lived process that seeds the demo data for a starting server. */
export const SEED_PROCESS_ENV = 'LIANMENG_SEED_PROCESS';

export const isSeedProcess = () => process.env[SEED_PROCESS_ENV] === '1';

/**
 * Seeds the demo data in a process of its own, started from the same entry with the same options: drawing
 * the pictures takes libvips' memory pools, which a process never gives back to the system, so seeding in
 * the server's own process left its resident memory tens of MB above what serving needs. Once the seeding
 * process exits, that memory is the system's again.
 */
export const seedDemoDataApart = (): Promise<SeedResult> =>
  new Promise((resolve, reject) => {
    const entry = process.argv[1];
    if (!entry) return reject(new Error('the server was started without an entry file to seed from'));
    const child = fork(entry, process.argv.slice(2), {
      env: { ...process.env, [SEED_PROCESS_ENV]: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: SeedResult | undefined;
    child.once('message', (message) => {
      result = message as SeedResult;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0 && result) resolve(result);
      else reject(new Error(`the demo seed process ended with ${signal ?? code}`));
    });
  });

/** The seeding process's whole work: seed, hand the result to the server, close the database. */
export const runSeedProcess = async (config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'demoPassword'>) => {
  // Each picture is drawn once, so an image cache only holds memory, and every extra worker thread keeps a
  // memory pool of its own. Set for this process alone: it draws nothing else.
  sharp.cache(false);
  sharp.concurrency(1);
  const db = openDatabase(config.databaseUrl, config.dataDir);
  try {
    const result = await seedDemoData(db, {
      dataDir: config.dataDir,
      demoPassword: config.demoPassword,
      now: new Date(),
    });
    await new Promise<void>((resolve, reject) => {
      if (!process.send) return reject(new Error('the seed process has no channel to its server'));
      process.send(result, (error: Error | null) => (error ? reject(error) : resolve()));
    });
  } finally {
    await db.destroy();
  }
};
