import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONSOLE_SESSION_COOKIE } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { seedDemoData } from '../../db/seed';
import { totpCode } from '../../security/totp';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { offerSetupLink, SETUP_LINK_REFUSED, setupLinkUrl } from './setupLink';

let clock = new Date('2026-11-22T08:00:00.000Z');
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({}, () => clock);
});
afterAll(() => server.close());

const setup = (payload: Record<string, unknown>) =>
  server.consoleInject(null, { method: 'POST', url: '/lianmeng/auth/setup', payload });
const first = { username: 'chief', displayName: '首任管理员', password: 'First-admin-pass-2026' };

describe('a site without demo data', () => {
  it('is what NODE_ENV=production starts, unless DEMO_DATA says otherwise; `npm start` alone seeds the demo', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
  });

  it('offers a one-time link that creates the first administrator, who then enrols a second factor', async () => {
    const token = await offerSetupLink(server.db, clock);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(setupLinkUrl('https://lianmeng.example/', token ?? '')).toBe(
      `https://lianmeng.example/admin/#/setup/${token}`,
    );
    // Only the hash is stored.
    const stored = await server.db.kysely.selectFrom('setupLink').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const weak = await setup({ ...first, token, password: 'chief123' });
    expect(weak.statusCode).toBe(400);
    const created = await setup({ ...first, token });
    const step = created.json().data.secondFactor;
    expect(step.enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(created.cookies.find((cookie) => cookie.name === CONSOLE_SESSION_COOKIE)).toBeUndefined();
    const admin = await server.db.kysely.selectFrom('consoleUser').selectAll().execute();
    expect(admin).toMatchObject([{ username: 'chief', role: 'admin' }]);

    const enrolled = await server.consoleInject(null, {
      method: 'POST',
      url: '/lianmeng/auth/secondFactor',
      payload: { ticket: step.ticket, code: totpCode(step.enrolment.secret, clock) },
    });
    expect(enrolled.json().data).toMatchObject({ username: 'chief', role: 'admin' });
    expect(enrolled.json().data.recoveryCodes).toHaveLength(10);

    // The link works once; once an administrator exists no new link is offered.
    expect((await setup({ ...first, username: 'second', token })).json()).toEqual({
      status: 400,
      message: SETUP_LINK_REFUSED,
    });
    expect(await offerSetupLink(server.db, clock)).toBeNull();
    expect(await server.db.kysely.selectFrom('consoleUser').select('username').execute()).toHaveLength(1);
  });

  it('refuses an expired link and a made-up one', async () => {
    const other = await createTestServer({}, () => clock);
    try {
      const token = await offerSetupLink(other.db, clock);
      clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000);
      const late = await other.consoleInject(null, {
        method: 'POST',
        url: '/lianmeng/auth/setup',
        payload: { ...first, token },
      });
      expect(late.json()).toEqual({ status: 400, message: SETUP_LINK_REFUSED });
      const madeUp = await other.consoleInject(null, {
        method: 'POST',
        url: '/lianmeng/auth/setup',
        payload: { ...first, token: 'made-up-token' },
      });
      expect(madeUp.json()).toEqual({ status: 400, message: SETUP_LINK_REFUSED });
      expect(await other.db.kysely.selectFrom('consoleUser').select('id').execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('DEMO_PASSWORD', () => {
  it('must pass the password rule: a weak one seeds nothing', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-weak-demo-'));
    try {
      await expect(seedDemoData(server.db, { dataDir, demoPassword: 'password1', now: clock })).rejects.toThrow(
        /DEMO_PASSWORD 不符合密码规则/,
      );
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
