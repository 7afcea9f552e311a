import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_SORT, SITE_SETTINGS_ID } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImage } from '../testing/factories';
import { createScratchPostgres, type ScratchDatabase, testsUsePostgres } from '../testing/testDatabase';
import { createTestServer, type TestServer } from '../testing/testServer';

/**
 * Two servers (two connection pools, as two processes would have) on one database, each taking half
 * of a burst of writes to the same rows. Every audit entry's `from` must be what the write replaced:
 * read in order, each item's entries form one unbroken chain from the first value to the stored one.
 */
let servers: [TestServer, TestServer];
let scratch: ScratchDatabase | null = null;
let sqliteDir: string | null = null;

beforeAll(async () => {
  let databaseUrl: string;
  if (testsUsePostgres()) {
    scratch = await createScratchPostgres();
    databaseUrl = scratch.url;
  } else {
    sqliteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-concurrent-'));
    databaseUrl = `sqlite:${path.join(sqliteDir, 'shared.sqlite')}`;
  }
  servers = [await createTestServer({ databaseUrl }), await createTestServer({ databaseUrl })];
});
afterAll(async () => {
  for (const server of servers ?? []) await server.close();
  await scratch?.drop();
  if (sqliteDir) await fs.rm(sqliteDir, { recursive: true, force: true });
});

interface Step {
  from: unknown;
  to: unknown;
}

const auditSteps = async (targetType: string, targetId: number | string, field: string) => {
  const rows = await servers[0].db.kysely
    .selectFrom('auditLog')
    .select(['detail'])
    .where('targetType', '=', targetType)
    .where('targetId', '=', String(targetId))
    .orderBy('id')
    .execute();
  return rows
    .map((row) => (JSON.parse(row.detail) as Record<string, Step | undefined>)[field])
    .filter((step): step is Step => step !== undefined);
};

/** The values the chain passes through; throws at the first entry whose `from` is not the previous `to`. */
const expectUnbrokenChain = (steps: Step[], first: unknown, last: unknown) => {
  let value = first;
  for (const [index, step] of steps.entries()) {
    expect(step.from, `entry ${index} starts where the one before it ended`).toEqual(value);
    expect(step.to).not.toEqual(step.from);
    value = step.to;
  }
  expect(value).toEqual(last);
};

const burst = <T>(count: number, request: (index: number, server: TestServer) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => request(index, servers[index % 2] as TestServer)));

describe('read-modify-writes from two servers at once on one database', () => {
  it('audits sixty concurrent toggles of one item as one chain of open/closed', async () => {
    const image = await buildImage(servers[0].db, { belongSortid: IMAGE_SORT.partner, isOpen: 1 });
    const staff = [await servers[0].signIn('staff'), await servers[1].signIn('staff')];
    const responses = await burst(60, (index, server) =>
      server.consoleInject(staff[index % 2] as string, {
        method: 'POST',
        url: '/lianmeng/img/imageMsgUpdate',
        // Every writer believes it flips the item it last saw open (or closed): half of them change nothing.
        payload: { id: image.id, isOpen: index % 4 < 2 ? 0 : 1 },
      }),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const stored = await servers[1].db.kysely
      .selectFrom('imageMessage')
      .select('isOpen')
      .where('id', '=', image.id)
      .executeTakeFirstOrThrow();
    const steps = await auditSteps('image', image.id, 'isOpen');
    expect(steps.length).toBeGreaterThan(0);
    expectUnbrokenChain(steps, 1, Number(stored.isOpen));
  });

  it('audits forty concurrent renames of one item as one chain of titles, each title once', async () => {
    const image = await buildImage(servers[0].db, { photoTitle: '改名前' });
    const editors = [await servers[0].signIn('editor'), await servers[1].signIn('editor')];
    const responses = await burst(40, (index, server) =>
      server.consoleInject(editors[index % 2] as string, {
        method: 'POST',
        url: '/lianmeng/img/imageMsgUpdate',
        payload: { id: image.id, photoTitle: `改名 ${index}` },
      }),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const stored = await servers[0].db.kysely
      .selectFrom('imageMessage')
      .select('photoTitle')
      .where('id', '=', image.id)
      .executeTakeFirstOrThrow();
    const steps = await auditSteps('image', image.id, 'photoTitle');
    expect(steps).toHaveLength(40);
    expectUnbrokenChain(steps, '改名前', stored.photoTitle);
  });

  it('audits twenty concurrent changes of the site settings as one chain of hotlines', async () => {
    const admins = [await servers[0].signIn('admin'), await servers[1].signIn('admin')];
    const before = await servers[0].app.inject({ method: 'GET', url: '/api/site/settings' });
    const settings = before.json().data;
    const firstHotline = settings.hotline;
    const responses = await burst(20, (index, server) =>
      server.consoleInject(admins[index % 2] as string, {
        method: 'PUT',
        url: '/lianmeng/api/settings/site',
        payload: { ...settings, hotline: `010-6600 ${String(1000 + index)}` },
      }),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const after = await servers[1].app.inject({ method: 'GET', url: '/api/site/settings' });
    const steps = await auditSteps('siteSettings', SITE_SETTINGS_ID, 'hotline');
    expect(steps).toHaveLength(20);
    expectUnbrokenChain(steps, firstHotline, after.json().data.hotline);
  });
});
