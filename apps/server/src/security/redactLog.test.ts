import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';

/** A real listening server logging at its most talkative level into `lines`. */
const lines: string[] = [];
let dataDir: string;
let port = 0;
let close: () => Promise<void>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-redact-'));
  const config = loadConfig({}, { dataDir, logLevel: 'trace', portalDist: dataDir, adminDist: dataDir });
  const db = openDatabase(undefined, dataDir);
  await migrate(db);
  const app = await createServer(config, { db, logStream: { write: (line) => lines.push(line) } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  close = async () => {
    await app.close();
    await db.destroy();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

/** Sends a request line exactly as written (no client library normalises it) and waits for the answer. */
const send = (target: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });

/** Every string and number a log line holds, however deep. */
const loggedValues = (value: unknown): (string | number)[] => {
  if (typeof value === 'string' || typeof value === 'number') return [value];
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(loggedValues);
  return [];
};

describe('the legacy card check in the log', () => {
  it('never shows its card number or password, however the path is spelled', async () => {
    const card = '10000002';
    const password = 'Secret-pass-word-9';
    const spellings = [
      `/api/ValidateCardByPass/${card}/${password}`,
      `/api/%56alidateCardByPass/${card}/${password}`,
      `/%61pi/ValidateCardByPass/${card}/${password}`,
      `/api/%2556alidateCardByPass/${card}/${password}`,
      `//api/ValidateCardByPass/${card}/${password}`,
      `http://evil.example/api/ValidateCardByPass/${card}/${password}`,
    ];
    for (const target of spellings) {
      const answer = await send(target);
      expect(answer, target).toMatch(/^HTTP\/1\.1 \d{3}/);
    }
    const log = lines.join('');
    expect(log).toContain('/api/ValidateCardByPass/[已隐藏]');
    // Read value by value, not as text: a timing such as "responseTime":0.5447910000002594 holds the card's
    // digits by chance, which failed this test in one CI run.
    const leaks = lines
      .flatMap((line) => loggedValues(JSON.parse(line)))
      .filter((value) =>
        typeof value === 'string' ? value.includes(card) || value.includes(password) : String(value) === card,
      );
    expect(leaks).toEqual([]);
  });
});
