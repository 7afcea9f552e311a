import { api, buildPath, type CallDefinition, MAX_ID } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCreditWorld, call } from '../domains/credits/creditTestKit';
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

describe('an id past PostgreSQL’s integer in a query or a body', () => {
  it('is refused as input (400) by the card-holder and public calls that filter or choose by id', async () => {
    const world = await buildCreditWorld(server);
    const tooLarge = MAX_ID + 1;
    const attempts: [string, Promise<{ statusCode: number }>][] = [
      [
        'records by batch',
        call(server, world.tokens.schoolA, 'GET', `/api/creditBank/institution/credits?batchId=${tooLarge}`),
      ],
      [
        'review queue by institution',
        call(server, world.tokens.operator, 'GET', `/api/creditBank/review/queue?institutionId=${tooLarge}`),
      ],
      [
        'review records by batch',
        call(server, world.tokens.operator, 'GET', `/api/creditBank/review/records?batchId=${tooLarge}`),
      ],
      [
        'review records by institution',
        call(server, world.tokens.operator, 'GET', `/api/creditBank/review/records?institutionId=${tooLarge}`),
      ],
      [
        'a proof of a record',
        call(server, world.tokens.pupil, 'POST', '/api/creditBank/proofs', { recordIds: [tooLarge], validDays: 30 }),
      ],
      ['articles of a column', server.app.inject({ method: 'GET', url: `/api/content/articles?typeId=${tooLarge}` })],
    ];
    const answers = await Promise.all(attempts.map(async ([what, answer]) => `${what} ${(await answer).statusCode}`));
    expect(answers.filter((answer) => !answer.endsWith(' 400'))).toEqual([]);
  });
});
