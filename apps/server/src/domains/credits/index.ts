import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { createOutboxSender, type SmsSender } from '../cardHolders/smsSender';
import {
  registerCatalogueRoutes,
  registerCreditHolderRoutes,
  registerCreditReviewRoutes,
  registerCreditWorkbenchRoutes,
} from './routes';

/**
 * The credit ledger: the catalogue (console), recording by institutions, review by operators, and the
 * holder's evidence, objections and inbox. Registered after the institutions, whose role check it relies on.
 * Spreadsheets and evidence arrive as multipart forms, parsed only in this scope. Answers the sender of the
 * holders' SMS notices, which posting credits elsewhere (results made final) uses too.
 */
export const registerCreditRoutes = async (
  app: FastifyInstance,
  context: ServerContext,
  smsSender: SmsSender | undefined,
) => {
  const sms = smsSender ?? createOutboxSender(context.config.dataDir, context.now);
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    registerCreditWorkbenchRoutes(scope, context, sms);
  });
  registerCreditReviewRoutes(app, context, sms);
  registerCreditHolderRoutes(app, context);
  registerCatalogueRoutes(app, context);
  return sms;
};
