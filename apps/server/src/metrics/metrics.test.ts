import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testsUsePostgres } from '../testing/testDatabase';
import { createTestServer, type TestServer } from '../testing/testServer';
import { serveMetrics } from '.';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The value of one series in a Prometheus text answer, or undefined when it is not there. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('the Prometheus metrics', () => {
  let server: TestServer;
  let metricsUrl: string;
  beforeAll(async () => {
    server = await createTestServer({ metrics: { port: await freePort(), host: '127.0.0.1' } });
    const address = await serveMetrics(server.app, server.config.metrics);
    if (!address) throw new Error('the metrics were not served');
    metricsUrl = `http://127.0.0.1:${address.port}/metrics`;
  });
  afterAll(() => server.close());

  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  it('count requests and their latency by route pattern, never by address', async () => {
    for (let index = 0; index < 3; index += 1) await server.app.inject({ url: '/livez' });
    await server.app.inject({ url: '/api/uc/user/logout/87654321' });
    const text = await scrape();
    expect(sample(text, 'http_requests_total{method="GET",route="/livez",status="200"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/livez",status="200"}')).toBe(3);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/uc\/user\/logout\/:cardNo",status="\d+"\} 1/);
    expect(text).not.toContain('87654321');
  });

  it('count failed log-ins by kind of account', async () => {
    const before = sample(await scrape(), 'lianmeng_login_failures_total{kind="console"}');
    expect(before).toBe(0);
    const refused = await server.consoleInject(null, {
      method: 'POST',
      url: '/lianmeng/auth/login',
      payload: { username: 'nobody', password: 'wrong-password-1' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const text = await scrape();
    expect(sample(text, 'lianmeng_login_failures_total{kind="console"}')).toBe(1);
    expect(sample(text, 'lianmeng_login_failures_total{kind="card"}')).toBe(0);
  });

  it('count the challenges issued', async () => {
    const before = sample(await scrape(), 'lianmeng_challenges_issued_total') ?? Number.NaN;
    const challenge = await server.app.inject({ url: '/api/captcha' });
    expect(challenge.statusCode).toBe(200);
    expect(sample(await scrape(), 'lianmeng_challenges_issued_total')).toBe(before + 1);
  });

  it('report the event-loop delay, the process, and the PostgreSQL pool (none on SQLite)', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (testsUsePostgres()) {
      expect(sample(text, 'lianmeng_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'lianmeng_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('lianmeng_db_pool_connections');
    }
  });

  it('are served only on their own port: the site has no /metrics', async () => {
    expect((await server.app.inject({ url: '/metrics' })).body).not.toContain('http_requests_total');
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
  });
});

describe('metrics off (METRICS_PORT=0)', () => {
  it('records nothing and serves nothing', async () => {
    const server = await createTestServer({ metrics: { port: 0, host: '127.0.0.1' } });
    try {
      expect(server.app.metrics).toBeUndefined();
      expect(await serveMetrics(server.app, server.config.metrics)).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
