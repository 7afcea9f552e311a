import { IMAGE_SORT } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImage } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { keptWindowEdge } from './imageRepository';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('the kept window edge', () => {
  it('asks the database again only after a new version or once the edge has passed', async () => {
    const opens = '2026-11-23T10:00:00.000Z';
    const closes = '2026-11-23T12:00:00.000Z';
    await buildImage(server.db, { belongSortid: IMAGE_SORT.partner, showFrom: opens, showUntil: closes });
    let version = 1;
    let asked = 0;
    const executor = server.db.kysely.getExecutor();
    const original = executor.executeQuery.bind(executor);
    executor.executeQuery = ((...args: Parameters<typeof original>) => {
      asked += 1;
      return original(...args);
    }) as typeof executor.executeQuery;
    try {
      const edge = keptWindowEdge(server.db.kysely, async () => version);
      expect((await edge(new Date('2026-11-23T09:00:00.000Z')))?.toISOString()).toBe(opens);
      const first = asked;
      expect((await edge(new Date('2026-11-23T09:59:59.999Z')))?.toISOString()).toBe(opens);
      expect(asked).toBe(first);
      // The window opened: the next edge is its close.
      expect((await edge(new Date(opens)))?.toISOString()).toBe(closes);
      expect(asked).toBeGreaterThan(first);
      const second = asked;
      version = 2;
      expect((await edge(new Date('2026-11-23T11:00:00.000Z')))?.toISOString()).toBe(closes);
      expect(asked).toBeGreaterThan(second);
      // An instant before the one the edge was found for is asked again.
      const third = asked;
      await edge(new Date('2026-11-23T09:00:00.000Z'));
      expect(asked).toBeGreaterThan(third);
    } finally {
      executor.executeQuery = original;
    }
  });
});
