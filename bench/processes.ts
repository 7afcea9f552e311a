// What the benchmarks that start servers share: a free port, stopping a child, and its memory as Linux
// reports it. Self-contained: the benchmarks do not reach into the end-to-end harness.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';

/** A port nothing listens on right now, from the system's own choice. */
export const freePort = () =>
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
