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
  const port = await freePort();
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
      CONTRACT_CHECK: '1',
      // The image challenge is off unless a suite is about it (e2e/accounts/captcha.e2e.ts turns it on).
      CAPTCHA: 'off',
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
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
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

/** `spawnServer` on a fresh DATA_DIR, removed at `stop()`. */
export const startSite = async (env: Record<string, string> = {}): Promise<RunningSite> => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-e2e-'));
  const server = await spawnServer(dataDir, env).catch(async (error: unknown) => {
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
