import { setTimeout as sleep } from 'node:timers/promises';
import { api, SMS_CODE_RULES } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import { LOGIN_RULES, SLOW_DOWN_MS } from '../../security/loginRules';
import { findCardHoldersByPhone } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';

/**
 * Counts one code sent to `phone`, asked for from `address`, against the sending limits (per phone a minute
 * and a day, per address an hour, and the site's hourly ceiling), refusing in Chinese once one is reached:
 * every call that texts a code.
 */
export const chargeSmsSend = async (
  { limiter, breaker }: Pick<CardHoldersContext, 'limiter' | 'breaker'>,
  phone: string,
  address: string,
) => {
  const checks = [
    { rule: LOGIN_RULES.smsPerPhoneMinute, subject: phone },
    { rule: LOGIN_RULES.smsPerPhoneDay, subject: phone },
    { rule: LOGIN_RULES.smsPerAddress, subject: address },
  ];
  // Checked and counted in one step: simultaneous requests for one phone cannot all pass an empty count.
  // An address past its soft limit (a school behind one gateway) is held a while rather than refused.
  const taken = await limiter.take(checks);
  if (taken.crowded) await sleep(SLOW_DOWN_MS);
  try {
    await breaker.chargeSms();
  } catch (refusal) {
    // Nothing is sent, so the phone's and the address's allowance are not spent either.
    await taken.release();
    throw refusal;
  }
};

/**
 * Sends a log-in code. The answer is the same whether or not the phone holds a card, so the call
 * cannot be used to find out which phones are registered; the limits count either way. Every request
 * must carry an answered image challenge, checked before anything is counted, so a script can neither
 * send codes nor spend a phone's daily allowance.
 */
export const registerSendCode = (
  app: FastifyInstance,
  { db, limiter, breaker, smsCodes, smsSender, captcha }: CardHoldersContext,
) =>
  defineRoute(app, api.uc.sendCode, async ({ body, request }) => {
    await captcha.demand(body, true, request.log);
    await chargeSmsSend({ limiter, breaker }, body.phone, request.ip);
    const cards = await findCardHoldersByPhone(db.kysely, body.phone);
    if (cards.length > 0) {
      const code = await smsCodes.issue(body.phone);
      await smsSender.send(body.phone, code);
    }
    return { cooldownSeconds: SMS_CODE_RULES.resendSeconds };
  });
