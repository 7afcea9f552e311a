import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import { verifyPassword } from '../../security/passwords';
import { findCardHolder } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';

/**
 * The older `POST /api/ValidateCardByPass/{username}/{password}`, kept for systems that still call it: says whether the pair is valid and
 * issues nothing. Its path holds a password, so the request logger redacts it (security/redact.ts). It asks
 * for the challenge (in its query: its body stays empty) under the same rules as the card log-in, and its
 * `valid: false` counts against the site-wide breaker like the log-in's 401.
 */
export const registerLegacyValidateCardByPass = (
  app: FastifyInstance,
  { db, cardLogins, captcha, breaker }: CardHoldersContext,
) =>
  defineRoute(app, api.uc.legacyValidateCardByPass, async ({ params, query, request }) => {
    const attempt = { account: params.username, address: request.ip };
    const login = await cardLogins.begin(attempt, {
      request,
      challenge: (needed) => captcha.demand(query, captcha.enabled && needed, request.log),
    });
    const holder = await findCardHolder(db.kysely, params.username);
    const valid = (await verifyPassword(holder?.passwordHash, params.password)) && holder !== undefined;
    if (valid) await login.succeeded();
    else {
      await login.failed();
      await breaker.loginFailed();
    }
    return { valid };
  });
