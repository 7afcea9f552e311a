import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import { verifyPassword } from '../../security/passwords';
import { findCardHolder } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';

/**
 * The older `POST /api/ValidateCardByPass/{username}/{password}`, kept for systems that still call it: says whether the pair is valid and
 * issues nothing. Its path holds a password, so the request logger redacts it (security/redact.ts).
 */
export const registerLegacyValidateCardByPass = (app: FastifyInstance, { db, cardLogins }: CardHoldersContext) =>
  defineRoute(app, api.uc.legacyValidateCardByPass, async ({ params, request }) => {
    const attempt = { account: params.username, address: request.ip };
    await cardLogins.check(attempt);
    const holder = await findCardHolder(db.kysely, params.username);
    const valid = (await verifyPassword(holder?.passwordHash, params.password)) && holder !== undefined;
    if (valid) await cardLogins.succeeded(attempt);
    else await cardLogins.failed(attempt);
    return { valid };
  });
