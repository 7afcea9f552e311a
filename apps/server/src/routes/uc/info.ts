import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import type { AccountsContext } from './accountsContext';
import { allowedCard } from './allowedCard';
import { toUcUserInfo } from './cardHolderRepository';

/** The personal centre's profile; after a phone log-in, `cardNo` picks one of the phone's cards. */
export const registerInfo = (app: FastifyInstance, { db, tokens }: AccountsContext) =>
  defineRoute(app, api.uc.info, { preHandler: [tokens.require] }, async ({ query, request }) =>
    toUcUserInfo(await allowedCard(db.kysely, request.cardHolder, query.cardNo)),
  );
