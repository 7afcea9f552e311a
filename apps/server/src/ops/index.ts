import type { FastifyInstance } from 'fastify';
import { registerLoadShedding } from './loadShedding';
import { registerClosingRefusal } from './shutdown';

/** Load shedding and the refusal while closing; registered before the routes, so they cover every one. */
export const registerOperations = async (app: FastifyInstance, options: { maxEventLoopDelayMs: number }) => {
  registerClosingRefusal(app);
  await registerLoadShedding(app, options);
};
