import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import { verifyPassword } from '../../security/passwords';
import { findCardHolder } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';
import { FAILED_LOGIN_PER_ADDRESS, FAILED_LOGIN_PER_CARD, limitSubject } from './limits';

/**
 * The older `POST /api/ValidateCardByPass/{username}/{password}`, kept for systems that still call it: says whether the pair is valid and
 * issues nothing. Its path holds a password, so the request logger redacts it (security/redact.ts).
 */
export const registerLegacyValidateCardByPass = (app: FastifyInstance, { db, limiter }: CardHoldersContext) =>
  defineRoute(app, api.uc.legacyValidateCardByPass, async ({ params, request }) => {
    const checks = [
      { rule: FAILED_LOGIN_PER_ADDRESS, subject: request.ip },
      { rule: FAILED_LOGIN_PER_CARD, subject: limitSubject('card', params.username) },
    ];
    await limiter.assertAllowed(checks);
    const holder = await findCardHolder(db.kysely, params.username);
    const valid = (await verifyPassword(holder?.passwordHash, params.password)) && holder !== undefined;
    if (!valid) await limiter.record(checks);
    return { valid };
  });
