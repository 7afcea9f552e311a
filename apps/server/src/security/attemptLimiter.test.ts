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

  it('takes 50 parallel tries one at a time: exactly `max` are counted and let through, the rest refused', async () => {
    const limiter = createAttemptLimiter(server.db, () => new Date(clock));
    const burst = { ...rule, name: 'test-burst', max: 7 };
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => limiter.take([{ rule: burst, subject: 'burst' }])),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(7);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(43);
    expect(refused[0]).toMatchObject({ reason: { status: 429, message: '太频繁了' } });
    expect((await limiter.recent(burst, 'burst')).count).toBe(7);
  });

  it('gives a reservation back on release, and counts nothing when a check refuses', async () => {
    const limiter = createAttemptLimiter(server.db, () => new Date(clock));
    const open = { ...rule, name: 'test-release', max: 10 };
    const reservation = await limiter.take([{ rule: open, subject: 'x' }]);
    expect((await limiter.recent(open, 'x')).count).toBe(1);
    await reservation.release();
    expect((await limiter.recent(open, 'x')).count).toBe(0);
    for (let index = 0; index < rule.max; index++) await limiter.record([{ rule, subject: 'full' }]);
    await expect(
      limiter.take([
        { rule: open, subject: 'y' },
        { rule, subject: 'full' },
      ]),
    ).rejects.toMatchObject({ status: 429 });
    expect((await limiter.recent(open, 'y')).count).toBe(0);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 one, under every rule', async () => {
    const limiter = createAttemptLimiter(server.db, () => new Date(clock));
    const byAddress = { ...rule, name: 'test-address' };
    await limiter.record([{ rule: byAddress, subject: '2001:db8:1:2::1' }]);
    await limiter.take([{ rule: byAddress, subject: '2001:db8:1:2:ffff:ffff:ffff:ffff' }]);
    await limiter.take([{ rule: byAddress, subject: '2001:0db8:0001:0002:0:0:0:99' }]);
    await expect(limiter.take([{ rule: byAddress, subject: '2001:db8:1:2::abcd' }])).rejects.toMatchObject({
      status: 429,
    });
    // The next /64 is another client.
    await expect(limiter.take([{ rule: byAddress, subject: '2001:db8:1:3::1' }])).resolves.toBeDefined();
    await limiter.record([{ rule: byAddress, subject: '::ffff:203.0.113.9' }]);
    expect((await limiter.recent(byAddress, '203.0.113.9')).count).toBe(1);
  });

  it('takes in one step only while clear: exactly `max` of 50 parallel tries, none while an `unless` rule is full', async () => {
    const limiter = createAttemptLimiter(server.db, () => new Date(clock));
    const burst = { ...rule, name: 'test-clear', max: 7 };
    const taken = await Promise.all(
      Array.from({ length: 50 }, () => limiter.takeIfClear([{ rule: burst, subject: 'clear' }])),
    );
    expect(taken.filter(Boolean)).toHaveLength(7);
    expect((await limiter.recent(burst, 'clear')).count).toBe(7);

    const guard = { ...rule, name: 'test-clear-guard', max: 2 };
    expect(
      await limiter.takeIfClear([{ rule: burst, subject: 'guarded' }], [{ rule: guard, subject: 'guarded' }]),
    ).toBe(true);
    for (let index = 0; index < guard.max; index++) await limiter.record([{ rule: guard, subject: 'guarded' }]);
    expect(
      await limiter.takeIfClear([{ rule: burst, subject: 'guarded' }], [{ rule: guard, subject: 'guarded' }]),
    ).toBe(false);
    // Judged, never counted.
    expect((await limiter.recent(burst, 'guarded')).count).toBe(1);
    expect((await limiter.recent(guard, 'guarded')).count).toBe(guard.max);
  });
});
