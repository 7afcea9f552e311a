import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { allowedCard } from './allowedCard';
import type { CardHoldersContext } from './cardHoldersContext';

/** The token in `Authorization` dies at once. */
export const registerLogout = (app: FastifyInstance, { db, tokens }: CardHoldersContext) =>
  defineRoute(app, api.uc.logout, async ({ params, request }) => {
    const identity = request.cardHolder;
    if (!identity) throw unauthorized();
    await allowedCard(db.kysely, identity, params.cardNo);
    await tokens.revoke(identity.tokenHash);
    return {};
  });
