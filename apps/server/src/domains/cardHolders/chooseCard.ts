import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { forbidden, unauthorized } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { recordCardAudit } from '../audit/auditRepository';
import { cardSecondStep } from '../secondFactor/cardSecondFactor';
import { allowedCard } from './allowedCard';
import { toUcUserInfo } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';
import { CARD_NOT_ACTIVATED } from './validateCardByPass';

export const CHOOSE_CARD_REFUSED = '无权使用该卡号';

/**
 * After a phone log-in the token first acts for the phone's first card; here the holder picks the card it acts
 * for from then on (every later call, a password change or an institution's workbench, is that card's). Only
 * a card of the phone logged in with may be chosen, and one not yet activated is refused as its log-in is.
 */
export const registerChooseCard = (app: FastifyInstance, context: CardHoldersContext) =>
  defineRoute(app, api.uc.chooseCard, async ({ body, request }) => {
    const { db, tokens, now } = context;
    const identity = request.cardHolder;
    if (!identity) throw unauthorized();
    const holder = await allowedCard(db.kysely, identity, body.cardNo, CHOOSE_CARD_REFUSED);
    if (holder.activationState === 'pending') throw forbidden(CARD_NOT_ACTIVATED);
    // A phone's SMS code does not open an institution or operator card: its code step does, with a new token.
    const step = holder.cardNo === identity.cardNo ? null : await cardSecondStep(context, holder, identity.loginPhone);
    if (step) return step;
    if (holder.cardNo !== identity.cardNo) {
      const actsForInstitution = holder.institution === 1 && holder.institutionStatus === 'active';
      await db.writeTransaction(async (trx) => {
        // A token logged out meanwhile is not brought back.
        if (!(await tokens.rebind(identity.tokenHash, holder.cardNo, trx)))
          throw unauthorized('登录已过期，请重新登录');
        // A log-in step, so no token and no phone: which card the session left and which it now acts for.
        await recordCardAudit(trx, {
          cardNo: holder.cardNo,
          action: 'sign-in',
          targetType: 'cardHolder',
          targetId: holder.cardNo,
          detail: {
            via: 'chooseCard',
            fromCardNo: identity.cardNo,
            ...(actsForInstitution ? { institutionId: Number(holder.institutionId) } : {}),
            result: 'ok',
          },
          at: now(),
        });
      });
    }
    return toUcUserInfo(holder);
  });
