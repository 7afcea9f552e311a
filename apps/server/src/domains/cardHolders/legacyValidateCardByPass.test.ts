import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import { seedDemoData } from '../../db/seed';
import { FIRST_CARD } from '../../testing/cardHolders';
import { TEST_PASSWORD } from '../../testing/testServer';
import { createMemorySmsSender } from './smsSender';

/** A server that logs every request at the most talkative level into `lines`. */
const lines: string[] = [];
let dataDir: string;
let app: Awaited<ReturnType<typeof createServer>>;
let close: () => Promise<void>;
const sms = createMemorySmsSender();

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-log-'));
  const config = loadConfig({}, { dataDir, logLevel: 'trace', portalDist: dataDir, adminDist: dataDir });
  const db = openDatabase(undefined, dataDir);
  await migrate(db);
  await seedDemoData(db, { dataDir, demoPassword: TEST_PASSWORD, now: new Date() });
  app = await createServer(config, { db, smsSender: sms, logStream: { write: (line) => lines.push(line) } });
  close = async () => {
    await app.close();
    await db.destroy();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

const check = (username: string, password: string) =>
  app.inject({ method: 'POST', url: `/api/ValidateCardByPass/${username}/${encodeURIComponent(password)}` });

describe('POST /api/ValidateCardByPass/{username}/{password}', () => {
  it('says whether the pair is valid, with an empty body, and issues no token', async () => {
    expect((await check(FIRST_CARD, TEST_PASSWORD)).json().data).toEqual({ valid: true });
    expect((await check(FIRST_CARD, 'Wrong-secret-77')).json().data).toEqual({ valid: false });
    expect((await check('99999999', 'Wrong-secret-77')).json().data).toEqual({ valid: false });
  });

  it('never writes its path, the card number or the password to a log line', async () => {
    lines.length = 0;
    const secret = 'Very-secret-pass-31';
    await check(FIRST_CARD, secret);
    await check('10000002', `${secret}x`);
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(0);
    expect(log).toContain('/api/ValidateCardByPass/[已隐藏]');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(TEST_PASSWORD);
    expect(log).not.toMatch(/ValidateCardByPass\/1000000/);
  });

  it('keeps SMS codes and tokens out of the log too', async () => {
    lines.length = 0;
    const sent = await app.inject({
      method: 'POST',
      url: '/api/uc/user/sendCode',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
      payload: 'phone=13800000000',
    });
    expect(sent.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/uc/user/sendCode');
    const code = sms.lastCodeFor('13800000000');
    expect(code).toMatch(/^\d{6}$/);
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });
});
