import { api, buildPath, type CallDefinition, MAX_ID } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
let admin = '';
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.signIn('admin');
});
afterAll(() => server.close());

/** The console's and the public calls that name a record by a path parameter. */
const callsWithIds = () =>
  Object.values(api)
    .flatMap((group) => Object.values(group) as CallDefinition[])
    .filter((call) => /:[A-Za-z]*[iI]d\b/.test(call.path) && call.access !== 'cardHolder');

describe('an id past PostgreSQL’s integer', () => {
  it('is refused as input (400) or names nothing (404, a card account is named by its card number), never a 5xx', async () => {
    const calls = callsWithIds();
    expect(calls.length).toBeGreaterThan(5);
    const tooLarge = String(MAX_ID + 1);
    const answers: string[] = [];
    for (const call of calls) {
      const params = Object.fromEntries([...call.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name, tooLarge]));
      const url = buildPath(call.path, params);
      const response = await server.consoleInject(admin, {
        method: call.method,
        url,
        ...(call.bodyKind === 'json' ? { payload: {} } : {}),
      });
      answers.push(`${call.method} ${call.path} ${response.statusCode}`);
    }
    expect(answers.filter((answer) => !/ 40[04]$/.test(answer))).toEqual([]);
    expect(answers.filter((answer) => answer.endsWith(' 400')).length).toBeGreaterThan(5);
  });

  it('at its largest, finds nothing (404) rather than failing', async () => {
    const response = await server.consoleInject(admin, { method: 'GET', url: `/lianmeng/api/catalogue/${MAX_ID}` });
    expect(response.statusCode).toBe(404);
  });
});
