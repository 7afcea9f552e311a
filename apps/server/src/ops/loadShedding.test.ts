import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/testServer';
import { overloadMessage } from './loadShedding';

/** Keeps the event loop busy in 100 ms slices for `ms`, yielding between slices so requests still arrive. */
const lagFor = async (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const slice = Date.now() + 100;
    while (Date.now() < slice) {
      // busy: this is the lag being measured
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
};

describe('load shedding', () => {
  const SAMPLE_MS = 200;
  let server: TestServer;
  beforeAll(async () => {
    // Samples of a fifth of a second instead of one: the same rule, seen in a fifth of the time.
    server = await createTestServer({ maxEventLoopDelayMs: 40, eventLoopSampleMs: SAMPLE_MS });
  });
  afterAll(() => server.close());

  it('refuses with a Chinese 503 envelope while the event loop lags, /healthz and /readyz saying why, /livez still 200, then recovers', async () => {
    // Healthy before the lag: on a machine busy with other suites a sample can itself pass 40 ms, so the
    // starting state is waited for (a few samples) rather than read once.
    await expect
      .poll(async () => (await server.app.inject({ url: '/healthz' })).statusCode, { timeout: 5_000 })
      .toBe(200);

    // Over two samples of lag: the measurement taken during it is well above the 40 ms limit.
    await lagFor(SAMPLE_MS * 2 + 100);
    const health = await server.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('10');
    const body = health.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'status']);
    expect(body.status).toBe(503);
    // A number, or (when the loop never ticked during the sample) the sample's length.
    expect(body.message).toMatch(
      new RegExp(
        `^服务器繁忙，请稍后再试（(事件循环延迟 \\d+ 毫秒，|事件循环在 ${SAMPLE_MS} 毫秒的采样期内没有空闲，延迟)超过上限 40 毫秒）$`,
      ),
    );
    const call = await server.app.inject({ url: '/api/site/settings' });
    expect(call.statusCode).toBe(503);
    expect(call.json().status).toBe(503);
    // Not ready for traffic; but alive: an orchestrator must not restart a process for being busy.
    expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect((await server.app.inject({ url: '/livez' })).statusCode).toBe(200);

    // Once a quiet sample has been taken the server answers again: asked every sample, it must recover
    // within a few (a loaded test machine may lag one sample on its own).
    let after = await server.app.inject({ url: '/healthz' });
    for (let tries = 0; after.statusCode === 503 && tries < 25; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
      after = await server.app.inject({ url: '/healthz' });
    }
    expect(after.statusCode).toBe(200);
    expect(after.json().data.database).toBe('ok');
  });
});

describe('the overload message', () => {
  const options = { maxEventLoopDelayMs: 1000, eventLoopSampleMs: 1000 };

  it('names the measured delay, rounded, and the limit', () => {
    expect(overloadMessage(1234.4, options)).toBe(
      '服务器繁忙，请稍后再试（事件循环延迟 1234 毫秒，超过上限 1000 毫秒）',
    );
  });

  it('says the loop had no idle moment in the sample when no delay could be measured, never a non-number', () => {
    for (const unmeasured of [Number.POSITIVE_INFINITY, Number.NaN, undefined]) {
      expect(overloadMessage(unmeasured, options)).toBe(
        '服务器繁忙，请稍后再试（事件循环在 1000 毫秒的采样期内没有空闲，延迟超过上限 1000 毫秒）',
      );
    }
  });
});
