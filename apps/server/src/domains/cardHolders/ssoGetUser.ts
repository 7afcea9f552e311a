import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import { allowedCard } from './allowedCard';
import { toUcUserInfo } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';

/** Single sign-on: a partner site asks who a token belongs to. Expired and revoked tokens get a 401. */
export const registerSsoGetUser = (app: FastifyInstance, { db }: CardHoldersContext) =>
  defineRoute(app, api.sso.getUser, async ({ request }) =>
    toUcUserInfo(await allowedCard(db.kysely, request.cardHolder, undefined)),
  );
