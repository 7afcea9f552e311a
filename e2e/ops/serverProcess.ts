import { type ChildProcess, execFile, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { consoleHeaders } from '../harness/consoleApi';
import { E2E_PASSWORD, REPO_ROOT, type RunningSite } from '../harness/site';

export interface ServerProcess extends RunningSite {
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/**
 * The real server the way `npm start` runs it, on a DATA_DIR the test owns (it outlives the process, so a
 * test can restart on it or back it up), with its process at hand for signals.
 */
export const startServer = async (dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> => {
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
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      NODE_ENV: 'production',
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
    if (Date.now() > deadline) throw new Error(`no /healthz within 60 s:\n${log}`);
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
    },
  };
};

export interface Answer {
  status: number;
  body: { status: number; message?: string; data?: unknown };
}

/**
 * A console write over a connection of its own (no keep-alive pool), so a refused or cut connection
 * belongs to this one request. `holdMs` sends the body in two halves that far apart: the request is in
 * flight, on the server, for that long.
 */
export const consoleWrite = (
  url: string,
  session: string,
  pathName: string,
  body: unknown,
  options: { holdMs?: number; onHeld?: () => void } = {},
) =>
  new Promise<Answer>((resolve, reject) => {
    const text = Buffer.from(JSON.stringify(body));
    const request = http.request(`${url}${pathName}`, {
      method: 'POST',
      agent: false,
      headers: { ...consoleHeaders(session), 'content-length': String(text.length) },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let received = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        received += chunk;
      });
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(received) });
        } catch (error) {
          reject(new Error(`not JSON (${response.statusCode}): ${received.slice(0, 200)}`, { cause: error }));
        }
      });
    });
    if (!options.holdMs) {
      request.end(text);
      return;
    }
    const half = Math.floor(text.length / 2);
    request.flushHeaders();
    request.write(text.subarray(0, half));
    options.onHeld?.();
    setTimeout(() => request.end(text.subarray(half)), options.holdMs);
  });

/** Runs a script of the repository with the given environment; resolves with its exit code and output. */
export const runScript = (script: string, args: string[], env: Record<string, string>) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(REPO_ROOT, 'scripts', script), ...args],
      { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: '', ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });

/** Every image message the console sees in a sort, open or closed. */
export const imageTitles = async (site: RunningSite, session: string, belongSortid: number) => {
  const response = await fetch(`${site.url}/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999`, {
    method: 'POST',
    headers: consoleHeaders(session),
    body: JSON.stringify({ belongSortid }),
  });
  const body = (await response.json()) as { data: { seachList: { photoTitle: string }[]; total: number } };
  if (body.data.total > 999) throw new Error('more rows than one page shows');
  return new Set(body.data.seachList.map((item) => item.photoTitle));
};
