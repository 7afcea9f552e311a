import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, type CallDefinition } from '@lianmeng/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';

/** The calls whose refusals count as failed log-ins, by the kind of account they are for. */
const LOGIN_CALLS: [CallDefinition, string][] = [
  [api.uc.validateCardByPass, 'card'],
  [api.uc.legacyValidateCardByPass, 'card'],
  [api.uc.loginByPhoneAndCode, 'phone'],
  [api.consoleAuth.login, 'console'],
  // A wrong second-factor code is a failed log-in too.
  [api.uc.secondFactor, 'card'],
  [api.consoleAuth.secondFactor, 'console'],
];

/** The calls that issue a challenge (a human has to answer it before an SMS is sent or after failures). */
const CHALLENGE_CALLS: CallDefinition[] = [api.captcha.create];

const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * A request's route as registered (`/api/uc/user/logout/:cardNo`), never its address: one series per route
 * whatever the card numbers, ids and query strings, and no personal data in the metrics. The portal's pages
 * and every unknown address go through the fallback and are counted under it.
 */
const routeOf = (request: FastifyRequest, reply: FastifyReply) =>
  request.routeOptions.url ?? (reply.statusCode < 400 ? '(page)' : '(not found)');

export interface Metrics {
  registry: Registry;
  /** The port it is served on, once `serveMetrics` has started it. */
  server?: http.Server;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's Prometheus registry; absent when METRICS_PORT is 0. */
    metrics?: Metrics;
  }
}

/**
 * The server's Prometheus metrics, in a registry of its own (two servers in one process, as in the tests,
 * never mix): requests and their latency by route, log-in failures, challenges issued, the PostgreSQL pool,
 * and Node's own (event-loop delay, memory, CPU, garbage collection). Nothing is recorded when the metrics
 * are off.
 */
export const registerMetrics = (app: FastifyInstance, config: Pick<ServerConfig, 'metrics'>, db: Db) => {
  if (config.metrics.port === 0) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const loginFailures = new Counter({
    name: 'lianmeng_login_failures_total',
    help: 'Refused log-in attempts (wrong password or code, throttled, challenge failed), by kind of account',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const challenges = new Counter({
    name: 'lianmeng_challenges_issued_total',
    help: 'Challenges issued to clients',
    registers: [registry],
  });
  for (const kind of new Set(LOGIN_CALLS.map(([, name]) => name))) loginFailures.inc({ kind }, 0);
  const poolStats = db.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'lianmeng_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  const logins = new Map(LOGIN_CALLS.map(([call, kind]) => [routeKey(call.method, call.path), kind]));
  const challengeRoutes = new Set(CHALLENGE_CALLS.map((call) => routeKey(call.method, call.path)));

  const metrics: Metrics = { registry };
  app.decorate('metrics', metrics);
  // A callback hook: it runs after every answer, and an async one costs a promise each time.
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request, reply);
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    const key = routeKey(request.method, route);
    const login = logins.get(key);
    if (login && reply.statusCode >= 400 && reply.statusCode < 500) loginFailures.inc({ kind: login });
    if (reply.statusCode === 200 && challengeRoutes.has(key)) challenges.inc();
    done();
  });
  app.addHook('onClose', async () => {
    const server = metrics.server;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    registry.clear();
  });
};

/**
 * Serves `GET /metrics` on a port of its own, apart from the site: the site's proxy never forwards it, and
 * it stays on 127.0.0.1 unless METRICS_HOST says otherwise. Closed with the server.
 */
export const serveMetrics = async (app: FastifyInstance, where: ServerConfig['metrics']) => {
  const metrics = app.metrics;
  if (!metrics || where.port === 0) return undefined;
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  metrics.server = server;
  const address = server.address() as AddressInfo;
  app.log.info(
    `Prometheus metrics on http://${where.host.includes(':') ? `[${where.host}]` : where.host}:${address.port}/metrics`,
  );
  return address;
};
