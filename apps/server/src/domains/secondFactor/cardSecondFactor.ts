import { api, type SecondFactorStep } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { forbidden, unauthorized } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { recordCardAudit } from '../audit/auditRepository';
import { findCardHolder, findCardHoldersByPhone, toUcUserInfo } from '../cardHolders/cardHolderRepository';
import type { CardHoldersContext } from '../cardHolders/cardHoldersContext';
import {
  cardAccountKey,
  cardNeedsSecondFactor,
  finishSecondStep,
  needsSecondStep,
  SECOND_FACTOR_EXPIRED,
  SECOND_FACTOR_WRONG,
  startSecondStep,
  ticketOwner,
} from './secondFactor';

export const CARD_NOT_ACTIVE = '该卡尚未激活，请先激活';
export const CHOSEN_CARD_NEEDS_CODE = '机构和运营账号需要动态口令，请用卡号、密码和动态口令登录';

/**
 * After a card's password (or a phone's SMS code) was right: the code step when the card has or needs a
 * second factor, otherwise null and the caller issues the token.
 */
export const cardSecondStep = async (
  context: Pick<CardHoldersContext, 'db' | 'now'>,
  holder: { cardNo: string; institution: number; operator: number },
  loginPhone: string | null,
): Promise<SecondFactorStep | null> => {
  const account = cardAccountKey(holder.cardNo);
  if (!(await needsSecondStep(context.db, account, cardNeedsSecondFactor(holder)))) return null;
  return {
    secondFactor: await startSecondStep(context.db, account, {
      label: `卡号${holder.cardNo}`,
      at: context.now(),
      loginPhone,
    }),
  };
};

/**
 * The card log-in's second step: the code (or a recovery code) for the ticket the password step gave. A
 * wrong code is a failed log-in of the card, under the same limits as a wrong password.
 */
export const registerCardSecondFactor = (app: FastifyInstance, context: CardHoldersContext) =>
  defineRoute(app, api.uc.secondFactor, async ({ body, request, reply }) => {
    const { db, now, cardLogins, tokens } = context;
    const owner = await ticketOwner(db, body.ticket, now());
    if (!owner?.startsWith('card:')) throw unauthorized(SECOND_FACTOR_EXPIRED);
    const cardNo = owner.slice('card:'.length);
    const login = await cardLogins.begin({ account: cardNo, address: request.ip }, { request });
    const outcome = await finishSecondStep(db, body.ticket, body.code, now(), {
      owner,
      auditEnrolment: (trx) =>
        recordCardAudit(trx, {
          cardNo,
          action: 'enrol',
          targetType: 'cardHolder',
          targetId: cardNo,
          detail: { result: 'ok' },
          at: now(),
        }),
    });
    if (outcome.kind === 'wrong') {
      await login.failed();
      throw unauthorized(SECOND_FACTOR_WRONG);
    }
    if (outcome.kind === 'expired') {
      await login.failed();
      throw unauthorized(SECOND_FACTOR_EXPIRED);
    }
    const holder = await findCardHolder(db.kysely, cardNo);
    if (!holder) throw unauthorized(SECOND_FACTOR_EXPIRED);
    if (holder.activationState === 'pending') throw forbidden(CARD_NOT_ACTIVE);
    await login.succeeded(reply);
    const cards = outcome.loginPhone ? await findCardHoldersByPhone(db.kysely, outcome.loginPhone) : null;
    return {
      token: await tokens.issue(holder.cardNo, outcome.loginPhone),
      ucUserInfo: toUcUserInfo(holder),
      ...(cards ? { cardNoOfData: cards.map((card) => card.cardNo) } : {}),
      recoveryCodes: outcome.recoveryCodes,
    };
  });
