import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { registerMetrics } from '../metrics';
import { registerBodyTimeout } from './bodyTimeout';
import { registerLoadShedding } from './loadShedding';
import { registerClosingRefusal } from './shutdown';

/**
 * Metrics, the refusal while closing, load shedding and the body timeout; registered before the routes, so
 * they cover every one.
 */
export const registerOperations = async (
  app: FastifyInstance,
  config: Pick<ServerConfig, 'maxEventLoopDelayMs' | 'eventLoopSampleMs' | 'timeouts' | 'metrics'>,
  db: Db,
) => {
  registerMetrics(app, config, db);
  registerClosingRefusal(app);
  await registerLoadShedding(app, config);
  registerBodyTimeout(app, config.timeouts);
};
