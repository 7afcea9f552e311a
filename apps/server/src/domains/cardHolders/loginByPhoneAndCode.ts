import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { forbidden, unauthorized } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { cardSecondStep } from '../secondFactor/cardSecondFactor';
import { findCardHoldersByPhone, toUcUserInfo } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';
import { CARD_NOT_ACTIVATED } from './validateCardByPass';
import { SMS_CODE_REFUSED, verifySmsCode } from './verifySmsCode';

/**
 * Phone + code. The token belongs to the phone, so every card of it can be used. Without `cardNo` the
 * answer is for the first card and `cardNoOfData` lists them all; the portal then asks which one to use.
 */
export const registerLoginByPhoneAndCode = (app: FastifyInstance, context: CardHoldersContext) =>
  defineRoute(app, api.uc.loginByPhoneAndCode, async ({ body, request }) => {
    const cards = await findCardHoldersByPhone(context.db.kysely, body.phone);
    const chosen = body.cardNo ? cards.find((card) => card.cardNo === body.cardNo) : cards[0];
    await verifySmsCode(context, body.phone, body.code, request.ip, body, request.log);
    // Reached only with a valid code, so the phone's cards are not revealed to a guesser.
    if (!chosen) throw unauthorized(SMS_CODE_REFUSED);
    if (chosen.activationState === 'pending') throw forbidden(CARD_NOT_ACTIVATED);
    // An institution or operator card gets no token before its code; the step still lists the phone's cards.
    const step = await cardSecondStep(context, chosen, body.phone);
    if (step) return { ...step, cardNoOfData: cards.map((card) => card.cardNo) };
    return {
      token: await context.tokens.issue(chosen.cardNo, body.phone),
      ucUserInfo: toUcUserInfo(chosen),
      cardNoOfData: cards.map((card) => card.cardNo),
    };
  });
