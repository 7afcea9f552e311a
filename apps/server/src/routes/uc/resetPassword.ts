import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { requireXsrf } from '../../plugins/xsrf';
import { hashPassword } from '../../security/passwords';
import type { AccountsContext } from './accountsContext';
import { findCardHoldersByPhone, updateCardPassword } from './cardHolderRepository';
import { verifySmsCode } from './verifySmsCode';

/** Forgotten password: a code sent to the card's phone sets a new one and ends the card's tokens. */
export const registerResetPassword = (app: FastifyInstance, context: AccountsContext) =>
  defineRoute(app, api.uc.resetPassword, { preHandler: [requireXsrf] }, async ({ body, request }) => {
    const { db, tokens, now } = context;
    await verifySmsCode(context, body.phone, body.code, request.ip);
    const cards = await findCardHoldersByPhone(db.kysely, body.phone);
    if (!cards.some((card) => card.cardNo === body.cardNo)) throw badRequest('该卡号未绑定此手机号');
    const passwordHash = await hashPassword(body.newPassword);
    await updateCardPassword(db.kysely, body.cardNo, passwordHash, now().toISOString());
    await tokens.revokeCard(body.cardNo);
    return {};
  });
