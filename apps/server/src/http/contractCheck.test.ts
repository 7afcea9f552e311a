import { defineCall } from '@lianmeng/core';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config';
import { registerErrorHandling } from '../plugins/errors';
import type { CardTokens } from '../sessions/cardHolderTokens';
import type { ConsoleSessions } from '../sessions/consoleSessions';
import { registerAccessGuards } from './access';
import { defineRoute, registerContractCheck } from './defineRoute';

const call = defineCall({
  method: 'GET',
  path: '/contract-probe',
  host: 'main',
  access: 'anonymous',
  xsrf: false,
  bodyKind: 'none',
  response: z.object({ title: z.string() }),
  summary: 'probe',
});

const lines: string[] = [];

/** A bare server with the one route, whose handler answers a number where the contract says a string. */
const serverAnsweringOffContract = async (contractCheck: boolean) => {
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } });
  registerErrorHandling(app);
  registerAccessGuards(app, { consoleSessions: {} as ConsoleSessions, cardTokens: {} as CardTokens });
  registerContractCheck(app, contractCheck);
  // The handler's type is the contract's: the wrong answer gets past the compiler only by a cast.
  defineRoute(app, call, async () => ({ title: 42 }) as unknown as { title: string });
  await app.ready();
  return app;
};

afterEach(() => {
  lines.length = 0;
});

describe('CONTRACT_CHECK', () => {
  it('is read from the environment, and is on under the test runner when unset', () => {
    expect(loadConfig({ CONTRACT_CHECK: '1', NODE_ENV: 'production' }).contractCheck).toBe(true);
    expect(loadConfig({ CONTRACT_CHECK: '0' }).contractCheck).toBe(false);
    expect(loadConfig({}).contractCheck).toBe(true);
    expect(() => loadConfig({ CONTRACT_CHECK: 'yes' })).toThrow(/CONTRACT_CHECK/);
  });

  it('on: an answer off the contract is a 500 with an error log line naming the call', async () => {
    const app = await serverAnsweringOffContract(true);
    const response = await app.inject({ method: 'GET', url: '/contract-probe' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 500, message: '服务器开小差了，请稍后再试' });
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; call?: string });
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'response does not match the contract', call: 'probe' }),
    );
    await app.close();
  });

  it('off: the answer is sent as the handler built it', async () => {
    const app = await serverAnsweringOffContract(false);
    const response = await app.inject({ method: 'GET', url: '/contract-probe' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ title: 42 });
    expect(lines).toEqual([]);
    await app.close();
  });
});
