import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../harness/ports';
import { E2E_PASSWORD, REPO_ROOT, TEMPLATE_KEY } from '../harness/site';

/** Whether something answers TCP on `host:port`. */
const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The settings the harness would pass in the environment: here they must come from `.env` alone. */
const FROM_FILE = ['PORT', 'HOST', 'DATA_DIR', 'METRICS_PORT', 'METRICS_HOST', 'LOG_LEVEL', 'LOG_FORMAT'];

let child: ChildProcess | undefined;
let folder: string | undefined;
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (folder) await fs.rm(folder, { recursive: true, force: true });
});

describe('npm start with a .env file', () => {
  it('takes its settings from .env, listens on IPv4 and IPv6, and serves the probes and the metrics', async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-envfile-'));
    const dataDir = path.join(folder, 'data');
    const template = inject(TEMPLATE_KEY);
    if (template) await fs.cp(template, dataDir, { recursive: true });
    const [port, metricsPort] = [await freePort(), await freePort()];
    // No HOST: the default, `::`, is what is tested.
    await fs.writeFile(
      path.join(folder, '.env'),
      `# written by the test\nPORT=${port}\nDATA_DIR=${dataDir}\nMETRICS_PORT=${metricsPort}\nLOG_LEVEL=info # inline comment\n`,
    );
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DEMO_PASSWORD: E2E_PASSWORD,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      CAPTCHA: 'off',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    for (const name of FROM_FILE) delete env[name];
    let log = '';
    child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/start.mjs')], {
      cwd: folder,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });

    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    while (
      !(await fetch(`${url}/livez`).then(
        (response) => response.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer /livez within 90 s:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    // `::` takes both families; a machine without IPv6 falls back to IPv4 and says so.
    if (log.includes('listening on IPv4 only')) {
      expect(await reachable('::1', port)).toBe(false);
    } else {
      expect(await reachable('::1', port)).toBe(true);
    }

    // JSON lines: stdout is a pipe here.
    expect(log).toMatch(/^\{"level":30,/m);

    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^http_requests_total\{method="GET",route="\/livez",status="200"\} \d+$/m);
    expect(metrics).toContain('nodejs_eventloop_lag_p99_seconds');
    // The metrics are not on the site's own port.
    expect(await (await fetch(`${url}/metrics`)).text()).not.toContain('http_requests_total');
  });
});
