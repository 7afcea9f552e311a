import { api, SMS_CODE_RULES } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import { LOGIN_RULES } from '../../security/loginRules';
import { findCardHoldersByPhone } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';

/**
 * Sends a log-in code. The answer is the same whether or not the phone holds a card, so the call
 * cannot be used to find out which phones are registered; the limits count either way. Every request
 * must carry an answered image challenge, checked before anything is counted, so a script can neither
 * send codes nor spend a phone's daily allowance.
 */
export const registerSendCode = (
  app: FastifyInstance,
  { db, limiter, smsCodes, smsSender, captcha }: CardHoldersContext,
) =>
  defineRoute(app, api.uc.sendCode, async ({ body, request }) => {
    await captcha.demand(body, true, request.log);
    const checks = [
      { rule: LOGIN_RULES.smsPerPhoneMinute, subject: body.phone },
      { rule: LOGIN_RULES.smsPerPhoneDay, subject: body.phone },
      { rule: LOGIN_RULES.smsPerAddress, subject: request.ip },
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
