import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import type { CardHoldersContext } from './cardHoldersContext';

/** The portal decides a single-sign-on return address against this list (core/session/redirect.ts). */
export const registerSsoReturnOrigins = (app: FastifyInstance, { config }: CardHoldersContext) =>
  defineRoute(app, api.uc.ssoReturnOrigins, async () => ({ ssoReturnOrigins: config.ssoReturnOrigins }));
