// What the benchmarks that start servers share: starting one until it answers, stopping it, its memory as Linux
// reports it, a load from a process of its own, and what a bare server replays of an answer. The free
// port comes from the end-to-end harness's probe (e2e/harness/ports.ts), written once for both.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options } from 'autocannon';

/** Sends SIGTERM and waits for the exit. */
export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

const statusField = async (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
};

/** Resident memory now, in MB. */
export const rssMb = (pid: number) => statusField(pid, 'VmRSS');

/** The most resident memory the process has had since it started, in MB. */
export const peakRssMb = (pid: number) => statusField(pid, 'VmHWM');

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts `node <args>` in the repository with `env` added, and waits until `probe` answers below 500 on `port`. */
export const spawnUntilHealthy = async (args: string[], env: Record<string, string>, port: number, probe: string) => {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A first start builds what is stale: minutes on a loaded machine.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    const status = await new Promise<number>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: probe }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', () => resolve(0));
    });
    if (status > 0 && status < 500) return child;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop(child);
  throw new Error(`${args.join(' ')} did not answer ${probe} within 300 s`);
};

export interface LoadResult {
  perSecond: number;
  total: number;
  /** Milliseconds. */
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * autocannon with `options`, in a process of its own (bench/loadGenerator.ts), so that no server measured
 * shares a core's time slices or a heap with the client that measures it.
 */
export const loadFrom = (options: Options) =>
  new Promise<LoadResult>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench/loadGenerator.ts'), JSON.stringify(options)],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`the load generator exited ${code}`)),
    );
  });

/** Requests per second over all rounds, and the median of the rounds' p99. */
export const combineRounds = (rounds: LoadResult[]) => ({
  perSecond: rounds.reduce((sum, round) => sum + round.perSecond, 0) / rounds.length,
  p99: [...rounds].sort((a, b) => a.p99 - b.p99)[Math.floor(rounds.length / 2)]?.p99 ?? Number.NaN,
});

/** Headers Node's http module writes itself (or that belong to one connection), left out of a replay. */
export const NODE_WRITES = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** An answer's headers as a bare server sends them again: all but those Node writes itself. */
export const replayedHeaders = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !NODE_WRITES.has(name))) as Record<string, string>;
