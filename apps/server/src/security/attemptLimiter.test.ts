import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/testServer';
import { type AttemptRule, createAttemptLimiter } from './attemptLimiter';

let server: TestServer;
let clock = Date.now();
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const rule: AttemptRule = { name: 'test-rule', max: 3, windowMs: 60_000, message: '太频繁了' };

describe('attemptLimiter', () => {
  it('refuses with a 429 once the limit is reached, per subject, until the window has passed', async () => {
    const limiter = createAttemptLimiter(server.db, () => new Date(clock));
    const check = [{ rule, subject: 'a' }];
    for (let index = 0; index < rule.max; index++) {
      await limiter.assertAllowed(check);
      await limiter.record(check);
    }
    await expect(limiter.assertAllowed(check)).rejects.toMatchObject({ status: 429, message: '太频繁了' });
    await expect(limiter.assertAllowed([{ rule, subject: 'b' }])).resolves.toBeUndefined();
    clock += rule.windowMs + 1;
    await expect(limiter.assertAllowed(check)).resolves.toBeUndefined();
  });

  it('is shared through the database: a second limiter sees the first one’s counts', async () => {
    const first = createAttemptLimiter(server.db, () => new Date(clock));
    const second = createAttemptLimiter(server.db, () => new Date(clock));
    for (let index = 0; index < rule.max; index++) await first.record([{ rule, subject: 'shared' }]);
    await expect(second.assertAllowed([{ rule, subject: 'shared' }])).rejects.toMatchObject({ status: 429 });
    await second.reset(rule, 'shared');
    await expect(first.assertAllowed([{ rule, subject: 'shared' }])).resolves.toBeUndefined();
  });
});
