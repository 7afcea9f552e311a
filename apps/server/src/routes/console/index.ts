import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerConsoleAccountRoutes } from './accounts';
import { registerConsoleArticleRoutes } from './articles';
import { registerConsoleAuditRoutes } from './audit';
import { registerConsoleSettingsRoutes } from './settings';

/** The console's REST calls under /lianmeng/api, one folder per resource. */
export const registerConsoleRoutes = (app: FastifyInstance, context: ServerContext) => {
  registerConsoleArticleRoutes(app, context);
  registerConsoleAccountRoutes(app, context);
  registerConsoleAuditRoutes(app, context);
  registerConsoleSettingsRoutes(app, context);
};
