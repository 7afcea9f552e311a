import { api, SMS_CODE_RULES } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import { findCardHoldersByPhone } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';
import { SMS_PER_ADDRESS, SMS_PER_PHONE_DAY, SMS_PER_PHONE_MINUTE } from './limits';

/**
 * Sends a log-in code. The answer is the same whether or not the phone holds a card, so the call
 * cannot be used to find out which phones are registered; the limits count either way.
 */
export const registerSendCode = (app: FastifyInstance, { db, limiter, smsCodes, smsSender }: CardHoldersContext) =>
  defineRoute(app, api.uc.sendCode, async ({ body, request }) => {
    const checks = [
      { rule: SMS_PER_PHONE_MINUTE, subject: body.phone },
      { rule: SMS_PER_PHONE_DAY, subject: body.phone },
      { rule: SMS_PER_ADDRESS, subject: request.ip },
    ];
    await limiter.assertAllowed(checks);
    await limiter.record(checks);
    const cards = await findCardHoldersByPhone(db.kysely, body.phone);
    if (cards.length > 0) {
      const code = await smsCodes.issue(body.phone);
      await smsSender.send(body.phone, code);
    }
    return { cooldownSeconds: SMS_CODE_RULES.resendSeconds };
  });
