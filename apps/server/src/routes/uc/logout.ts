import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import type { AccountsContext } from './accountsContext';
import { allowedCard } from './allowedCard';

/** The token in `Authorization` dies at once. */
export const registerLogout = (app: FastifyInstance, { db, tokens }: AccountsContext) =>
  defineRoute(app, api.uc.logout, { preHandler: [tokens.require] }, async ({ params, request }) => {
    const identity = request.cardHolder;
    if (!identity) throw unauthorized();
    await allowedCard(db.kysely, identity, params.cardNo);
    await tokens.revoke(identity.tokenHash);
    return {};
  });
