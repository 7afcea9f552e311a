import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { loadActivationCodeHasher } from '../activation/activationCodes';
import { registerActivationRoutes } from '../activation/activationRoutes';
import type { CardHoldersContext } from '../cardHolders/cardHoldersContext';
import { registerConsoleInstitutionRoutes } from './consoleRoutes';
import { registerWorkbenchRoutes } from './workbenchRoutes';

export { createCardRoles } from './cardRoles';

/**
 * Institutions: the console's institutions and grants, the institution workbench, and the activation of
 * the cards it opens. Spreadsheets arrive as multipart forms, parsed only in this scope.
 */
export const registerInstitutionRoutes = async (app: FastifyInstance, context: CardHoldersContext) => {
  app.decorateRequest('cardActor', null);
  const hashOf = await loadActivationCodeHasher(context.config);
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    registerWorkbenchRoutes(scope, context, hashOf);
    registerConsoleInstitutionRoutes(scope, context);
  });
  registerActivationRoutes(app, context, hashOf);
};
