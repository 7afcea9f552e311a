import { defineCall } from '@lianmeng/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServerContext } from '../context';
import { registerErrorHandling } from '../plugins/errors';
import type { CardTokens } from '../sessions/cardHolderTokens';
import type { ConsoleSessions } from '../sessions/consoleSessions';
import { registerAccessGuards } from './access';
import { registerConsoleResource } from './consoleResource';
import { registerContractCheck } from './defineRoute';

const item = z.object({ id: z.number() });
const base = { host: 'main', access: 'anonymous', xsrf: false, response: item, summary: 'probe' } as const;
const calls = {
  list: defineCall({
    ...base,
    method: 'GET',
    path: '/things',
    bodyKind: 'none',
    query: z.object({ range: z.tuple([z.number(), z.number()]).default([0, 9]) }),
    response: z.array(item),
  }),
  one: defineCall({
    ...base,
    method: 'GET',
    path: '/things/:id',
    bodyKind: 'none',
    params: z.object({ id: z.coerce.number() }),
  }),
  create: defineCall({ ...base, method: 'POST', path: '/things', bodyKind: 'json', body: z.object({}) }),
};

const bareServer = () => {
  const app = Fastify();
  // What the console session check leaves on a request with no session.
  app.decorateRequest('consoleUser', null);
  registerErrorHandling(app);
  registerAccessGuards(app, { consoleSessions: {} as ConsoleSessions, cardTokens: {} as CardTokens });
  registerContractCheck(app, true);
  return app;
};
const context = { db: {}, now: () => new Date(0) } as unknown as ServerContext;
const store = {
  list: async () => ({ list: [{ id: 1 }, { id: 2 }], total: 7 }),
  one: async (_db: unknown, id: number) => ({ id }),
};

describe('registerConsoleResource', () => {
  it('answers the list with its total in Content-Range and one record by its id; a read-only resource has no writes', async () => {
    const app = bareServer();
    registerConsoleResource(app, context, 'things', { list: calls.list, one: calls.one }, store);
    const list = await app.inject({ method: 'GET', url: '/things' });
    expect(list.headers['content-range']).toBe('things 0-1/7');
    expect(list.json().data).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await app.inject({ method: 'GET', url: '/things/5' })).json().data).toEqual({ id: 5 });
    expect((await app.inject({ method: 'POST', url: '/things', payload: {} })).statusCode).toBe(404);
    await app.close();
  });

  it('hands a write the signed-in user and the time', async () => {
    const app = bareServer();
    const written: unknown[] = [];
    registerConsoleResource(app, context, 'things', calls, {
      ...store,
      create: async (_db, body, actor, now) => {
        written.push({ body, actor, now });
        return { id: 3 };
      },
    });
    const created = await app.inject({ method: 'POST', url: '/things', payload: {} });
    expect(created.json().data).toEqual({ id: 3 });
    expect(written).toEqual([{ body: {}, actor: null, now: new Date(0) }]);
    await app.close();
  });

  it('refuses to start when the store lacks a write the calls have', () => {
    const app = bareServer();
    const incomplete = store as unknown as Parameters<typeof registerConsoleResource<typeof calls>>[4];
    expect(() => registerConsoleResource(app, context, 'things', calls, incomplete)).toThrow(
      'the things store has no create',
    );
  });
});
