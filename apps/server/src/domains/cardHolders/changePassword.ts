import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { badRequest, unauthorized } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { assertStrongPassword } from '../../security/passwordRule';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { findCardHolder, updateCardPassword } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';

/** Changes the token's card password; the card's other tokens end, the caller's stays. */
export const registerChangePassword = (app: FastifyInstance, { db, tokens, cardLogins, now }: CardHoldersContext) =>
  defineRoute(app, api.uc.changePassword, async ({ body, request }) => {
    const identity = request.cardHolder;
    if (!identity) throw unauthorized();
    const attempt = { account: identity.cardNo, address: request.ip };
    const check = await cardLogins.begin(attempt);
    const holder = await findCardHolder(db.kysely, identity.cardNo);
    if (!holder || !(await verifyPassword(holder.passwordHash, body.oldPassword))) {
      await check.failed();
      throw badRequest('原密码不正确');
    }
    await check.succeeded();
    if (body.oldPassword === body.newPassword) throw badRequest('新密码不能与原密码相同');
    await assertStrongPassword(body.newPassword, [holder.cardNo, holder.phone, holder.name]);
    const newHash = await hashPassword(body.newPassword);
    const at = now().toISOString();
    if (!(await updateCardPassword(db.kysely, holder.cardNo, newHash, at, holder.passwordHash))) {
      throw badRequest('密码刚被修改过，请重新登录后再试');
    }
    await tokens.revokeCard(holder.cardNo, identity.tokenHash);
    return {};
  });
