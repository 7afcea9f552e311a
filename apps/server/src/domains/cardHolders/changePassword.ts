import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { badRequest, unauthorized } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { findCardHolder, updateCardPassword } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';
import { FAILED_LOGIN_PER_CARD, limitSubject } from './limits';

/** Changes the token's card password; the card's other tokens end, the caller's stays. */
export const registerChangePassword = (app: FastifyInstance, { db, tokens, limiter, now }: CardHoldersContext) =>
  defineRoute(app, api.uc.changePassword, async ({ body, request }) => {
    const identity = request.cardHolder;
    if (!identity) throw unauthorized();
    const byAccount = { rule: FAILED_LOGIN_PER_CARD, subject: limitSubject('card', identity.cardNo) };
    await limiter.assertAllowed([byAccount]);
    const holder = await findCardHolder(db.kysely, identity.cardNo);
    if (!holder || !(await verifyPassword(holder.passwordHash, body.oldPassword))) {
      await limiter.record([byAccount]);
      throw badRequest('原密码不正确');
    }
    if (body.oldPassword === body.newPassword) throw badRequest('新密码不能与原密码相同');
    const newHash = await hashPassword(body.newPassword);
    const at = now().toISOString();
    if (!(await updateCardPassword(db.kysely, holder.cardNo, newHash, at, holder.passwordHash))) {
      throw badRequest('密码刚被修改过，请重新登录后再试');
    }
    await tokens.revokeCard(holder.cardNo, identity.tokenHash);
    return {};
  });
