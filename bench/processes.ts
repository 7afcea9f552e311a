// What the benchmarks that start servers share: stopping a child, and its memory as Linux reports it. The free
// port comes from the end-to-end harness's probe (e2e/harness/ports.ts), written once for both.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';

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
