import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import type { AccountsContext } from '../uc/accountsContext';
import { allowedCard } from '../uc/allowedCard';
import { toUcUserInfo } from '../uc/cardHolderRepository';

/** Single sign-on: a partner site asks who a token belongs to. Expired and revoked tokens get a 401. */
export const registerSsoGetUser = (app: FastifyInstance, { db, tokens }: AccountsContext) =>
  defineRoute(app, api.sso.getUser, { preHandler: [tokens.require] }, async ({ request }) =>
    toUcUserInfo(await allowedCard(db.kysely, request.cardHolder, undefined)),
  );
