import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { maskedCardNo } from '../../security/loginRules';
import { assertStrongPassword } from '../../security/passwordRule';
import { hashPassword } from '../../security/passwords';
import { findCardHoldersByPhone, updateCardPassword } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';
import { verifySmsCode } from './verifySmsCode';

/** Forgotten password: a code sent to the card's phone sets a new one and ends the card's tokens. */
export const registerResetPassword = (app: FastifyInstance, context: CardHoldersContext) =>
  defineRoute(app, api.uc.resetPassword, async ({ body, request }) => {
    const { db, tokens, now } = context;
    // Judged before the code is used up, so a refused password does not cost the code.
    await assertStrongPassword(body.newPassword, [body.cardNo, body.phone]);
    await verifySmsCode(context, body.phone, body.code, request.ip, body, request.log);
    const cards = await findCardHoldersByPhone(db.kysely, body.phone);
    if (!cards.some((card) => card.cardNo === body.cardNo)) throw badRequest('该卡号未绑定此手机号');
    const passwordHash = await hashPassword(body.newPassword);
    await updateCardPassword(db.kysely, body.cardNo, passwordHash, now().toISOString());
    await tokens.revokeCard(body.cardNo);
    request.log.info({ card: maskedCardNo(body.cardNo), address: request.ip }, 'card password reset with an SMS code');
    return {};
  });
