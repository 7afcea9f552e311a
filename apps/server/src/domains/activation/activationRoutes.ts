import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import type { CardHoldersContext } from '../cardHolders/cardHoldersContext';
import { createActivation } from './activation';
import type { ActivationCodeHasher } from './activationCodes';

/** Card activation on the account-centre host: check the code, send SMS codes, activate. */
export const registerActivationRoutes = (
  app: FastifyInstance,
  context: CardHoldersContext,
  hashOf: ActivationCodeHasher,
) => {
  const activation = createActivation(context, hashOf, app.log);
  defineRoute(app, api.activation.check, ({ body, request }) => activation.check(body, request));
  defineRoute(app, api.activation.sendCode, ({ body, request }) => activation.sendCode(body, request));
  defineRoute(app, api.activation.activate, ({ body, request }) => activation.activate(body, request));
};
