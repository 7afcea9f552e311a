import { execFile } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { consoleHeaders } from '../harness/consoleApi';
import { REPO_ROOT, type RunningSite, type ServerProcess, spawnServer } from '../harness/site';

export type { ServerProcess } from '../harness/site';

/**
 * The real server on a DATA_DIR the test owns (it outlives the process, so a test can restart on it or back
 * it up), with its process at hand for signals; it logs at `info` by default, for the tests that read the log.
 */
export const startServer = (dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> =>
  spawnServer(dataDir, { LOG_LEVEL: 'info', ...env });

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
