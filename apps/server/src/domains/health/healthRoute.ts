import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { type Db, isReachable } from '../../db/database';
import { ApiError } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';

/**
 * How long a probe waits for the database. PostgreSQL's pool has no connection timeout of its own, so a
 * database behind a dropped network would hold the probe until the orchestrator's own timeout, which then
 * reads as "no answer" rather than "not ready".
 */
export const DATABASE_PROBE_MS = 2000;

export const DATABASE_DOWN_MESSAGE = '数据库无法连接，暂时不能提供服务';

const reachableWithin = (db: Db, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([isReachable(db), late]).finally(() => clearTimeout(timer));
};

/** A probe's refusal: never cached, and a hint for the balancer when to look again. */
const notReady = () => new ApiError(503, DATABASE_DOWN_MESSAGE);

/**
 * Three probes. `/livez`: the process answers (never refused under load: restarting a busy process makes the
 * overload worse). `/readyz`: send traffic here: 503 while the database is unreachable, while load shedding
 * refuses requests and while the server is closing. `/healthz`, the contract's call, answers like `/readyz`
 * and names the database's dialect.
 */
export const registerHealthRoute = (app: FastifyInstance, { db }: ServerContext) => {
  defineRoute(app, api.site.health, async ({ reply }) => {
    reply.header('Cache-Control', 'no-store');
    if (!(await reachableWithin(db, DATABASE_PROBE_MS))) throw notReady();
    return { database: 'ok' as const, dialect: db.dialect };
  });

  app.get('/livez', { config: { pressureHandler: () => undefined } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ status: 200, message: '进程运行中' }),
  );

  app.get('/readyz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!(await reachableWithin(db, DATABASE_PROBE_MS))) throw notReady();
    return reply.send({ status: 200, message: '可以接收请求', data: { database: 'ok', dialect: db.dialect } });
  });
};
