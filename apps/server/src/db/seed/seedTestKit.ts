import { afterAll, beforeAll } from 'vitest';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';
import type { Db } from '../database';

export interface SeedOptions {
  dataDir: string;
  demoPassword: string;
  now: Date;
}

/** One part of the demo seed, as `seedDemoData` runs it. */
export type SeedStep = (db: Db, options: SeedOptions) => Promise<unknown>;

/**
 * A suite's test server with the demo seed's parts it depends on, run in order in `beforeAll` (the part under
 * test is left to the tests), closed after the suite. `server` is a getter: read it inside hooks and tests.
 */
export const setupSeededServer = (steps: SeedStep[]) => {
  let server: TestServer | undefined;
  const kit = {
    get server(): TestServer {
      if (!server) throw new Error('setupSeededServer: the server is built in beforeAll; read it in a test');
      return server;
    },
    /** The options a seed step takes, at this moment. */
    options: (): SeedOptions => ({ dataDir: kit.server.dataDir, demoPassword: TEST_PASSWORD, now: new Date() }),
  };
  beforeAll(async () => {
    server = await createTestServer();
    for (const step of steps) await step(server.db, kit.options());
  });
  afterAll(() => server?.close());
  return kit;
};
