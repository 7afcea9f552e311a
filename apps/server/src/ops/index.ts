import type { FastifyInstance } from 'fastify';
import { type LoadSheddingOptions, registerLoadShedding } from './loadShedding';
import { registerClosingRefusal } from './shutdown';

/** Load shedding and the refusal while closing; registered before the routes, so they cover every one. */
export const registerOperations = async (app: FastifyInstance, options: LoadSheddingOptions) => {
  registerClosingRefusal(app);
  await registerLoadShedding(app, options);
};
