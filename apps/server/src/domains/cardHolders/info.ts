import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import { allowedCard } from './allowedCard';
import { toUcUserInfo } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';

/** The personal centre's profile; after a phone log-in, `cardNo` picks one of the phone's cards. */
export const registerInfo = (app: FastifyInstance, { db }: CardHoldersContext) =>
  defineRoute(app, api.uc.info, async ({ query, request }) =>
    toUcUserInfo(await allowedCard(db.kysely, request.cardHolder, query.cardNo)),
  );
