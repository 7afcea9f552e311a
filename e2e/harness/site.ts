import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const E2E_PASSWORD = 'E2e-demo-password-1';

export interface RunningSite {
  url: string;
  dataDir: string;
  /** What the server printed, for a failing test to show. */
  output(): string;
  stop(): Promise<void>;
}

/** What the server logs when an answer is off the contract (apps/server/src/http/defineRoute.ts). */
const CONTRACT_FAILURE = 'response does not match the contract';

export interface ServerProcess extends RunningSite {
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Runs the real server the way `npm start` does (scripts/start.mjs: build what is stale, then run the
 * bundled server) on a free port and the given DATA_DIR, and resolves once `/healthz` answers. It runs
 * the production build with every answer checked against the contract: `stop()` fails when any was not.
 * `stop()` leaves the DATA_DIR to its owner.
 */
export const spawnServer = async (dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> => {
  // The port is free when probed, but until the server listens on it any outgoing connection on the machine
  // (another suite's browser, its server) may be given it as a local port: then the server cannot listen, and a
  // new port is tried instead of failing the suite.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await spawnServerOn(await freePort(), dataDir, env);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
    }
  }
};

class PortTakenError extends Error {}

/**
 * The DATA_DIRs of the servers this test file started, newest last: two servers on one database share the
 * demo accounts that only the one that seeded it lists in its `demo-credentials.txt`.
 */
export const startedDataDirs: string[] = [];

const spawnServerOn = async (port: number, dataDir: string, env: Record<string, string>): Promise<ServerProcess> => {
  startedDataDirs.push(dataDir);
  let log = '';
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/start.mjs')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: E2E_PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // vitest sets NODE_ENV=test; inherited, it would make `npm start` build React's development bundles.
      NODE_ENV: 'production',
      // Production mode seeds no demo; the browser suites sign in as the demo accounts.
      DEMO_DATA: '1',
      CONTRACT_CHECK: '1',
      // The image challenge is off unless a suite is about it (e2e/accounts/captcha.e2e.ts turns it on).
      CAPTCHA: 'off',
      // Load shedding answers 503 to every request for a sample interval in which the event loop could not
      // be measured; on a machine loaded by other test workers that refuses a test's page at random. The
      // shedding has its own server tests; the browser tests are about the features.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // Suites run servers side by side; each would ask for the same metrics port.
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      const message = `the server exited with ${child.exitCode}:\n${log}`;
      throw log.includes('EADDRINUSE') ? new PortTakenError(message) : new Error(message);
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer /healthz within 60 s:\n${log}`);
    const ok = await fetch(`${url}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    child,
    exited,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      const offContract = log.split('\n').filter((line) => line.includes(CONTRACT_FAILURE));
      if (offContract.length > 0) {
        throw new Error(`${offContract.length} answer(s) did not match the contract:\n${offContract.join('\n')}`);
      }
    },
  };
};

/** Where globalSetup leaves the seeded DATA_DIR that `startSite` copies (see `seedTemplate`). */
export const TEMPLATE_KEY = 'e2eTemplateDataDir';

declare module 'vitest' {
  export interface ProvidedContext {
    [TEMPLATE_KEY]: string;
  }
}

/**
 * Starts the server once on a new DATA_DIR and stops it, so the folder holds the migrated, demo-seeded
 * database, its uploads and its keys. Seeding draws the demo images and hashes every demo password, the
 * largest part of a first start; a suite that copies this folder starts without paying it again.
 */
export const seedTemplate = async (): Promise<string> => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-e2e-template-'));
  try {
    const server = await spawnServer(dataDir);
    await server.stop();
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return dataDir;
};

/** The seeded folder of this run, or undefined outside the e2e project's globalSetup (then: a first start). */
const templateDataDir = async (): Promise<string | undefined> => {
  const { inject } = await import('vitest');
  return inject(TEMPLATE_KEY);
};

/**
 * `spawnServer` on a DATA_DIR of its own, removed at `stop()`: a copy of the seeded template, so the suite
 * starts on a seeded site without seeding. On another database (`DATABASE_URL`) the template's SQLite file
 * would not be read, so that suite gets an empty folder and the server seeds its database itself.
 */
export const startSite = async (env: Record<string, string> = {}): Promise<RunningSite> => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-e2e-'));
  const template = env.DATABASE_URL ? undefined : await templateDataDir();
  const server = await (async () => {
    if (template) await fs.cp(template, dataDir, { recursive: true });
    return spawnServer(dataDir, env);
  })().catch(async (error: unknown) => {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url: server.url,
    dataDir,
    output: server.output,
    async stop() {
      try {
        await server.stop();
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
  };
};
