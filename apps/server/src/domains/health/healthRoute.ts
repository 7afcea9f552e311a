import { api } from '@lianmeng/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../../context';
import { type Db, isReachable } from '../../db/database';
import { ApiError } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';

/**
 * How long a probe waits for the database. PostgreSQL's pool has no connection timeout of its own, so a
 * database behind a dropped network would hold the probe until the orchestrator's own timeout, which then
 * reads as "no answer" rather than "not ready".
 */
const DATABASE_PROBE_MS = 2000;

export const DATABASE_DOWN_MESSAGE = '数据库无法连接，暂时不能提供服务';

const reachableWithin = (db: Db, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([isReachable(db), late]).finally(() => clearTimeout(timer));
};

/** The readiness answer of `/readyz` and `/healthz`: never cached, and 503 while the database is out of reach. */
const readiness = async (db: Db, reply: FastifyReply) => {
  reply.header('Cache-Control', 'no-store');
  if (!(await reachableWithin(db, DATABASE_PROBE_MS))) throw new ApiError(503, DATABASE_DOWN_MESSAGE);
  return { database: 'ok' as const, dialect: db.dialect };
};

/**
 * Three probes. `/livez`: the process answers (never refused under load: restarting a busy process makes the
 * overload worse). `/readyz`: send traffic here: 503 while the database is unreachable, while load shedding
 * refuses requests and while the server is closing. `/healthz`, the contract's call, answers like `/readyz`
 * and names the database's dialect.
 */
export const registerHealthRoute = (app: FastifyInstance, { db }: ServerContext) => {
  defineRoute(app, api.site.health, ({ reply }) => readiness(db, reply));

  app.get('/livez', { config: { pressureHandler: () => undefined } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ status: 200, message: '进程运行中' }),
  );

  app.get('/readyz', async (_request, reply) =>
    reply.send({ status: 200, message: '可以接收请求', data: await readiness(db, reply) }),
  );
};
