import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, forbidden, unauthorized } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { type CardCredentials, openCardPayload, PayloadRefused } from '../../security/cardPayload';
import { LOGIN_RULES } from '../../security/loginRules';
import { verifyPassword } from '../../security/passwords';
import { cardSecondStep } from '../secondFactor/cardSecondFactor';
import { findCardHolder, toUcUserInfo } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';
import { claimPayload } from './replayGuard';

/** One answer for every bad payload, so a caller learns nothing about why. */
export const CARD_PAYLOAD_REFUSED = '登录请求无效或已过期，请刷新页面后重试';
export const CARD_LOGIN_REFUSED = '卡号或密码不正确';
export const CARD_NOT_ACTIVATED = '该卡尚未激活，请先激活';

// The form is read here rather than by the contract's schema: a malformed form gets the one generic refusal.
const rawForm = { ...api.uc.validateCardByPass, body: z.record(z.string(), z.unknown()) };

/** Card number + password, wrapped by the portal in the encrypted log-in payload (security/cardPayload.ts). */
export const registerValidateCardByPass = (app: FastifyInstance, context: CardHoldersContext) =>
  defineRoute(app, rawForm, async ({ body, request, reply }) => {
    const { db, keys, limiter, cardLogins, tokens, now, captcha } = context;
    const byAddress = { rule: LOGIN_RULES.cardFailedPerAddress, subject: request.ip };
    await limiter.assertAllowed([byAddress]);

    let credentials: CardCredentials;
    try {
      credentials = openCardPayload(body, keys.privateKey, keys.modulusBytes, now());
      if (!(await claimPayload(db, credentials.digest, credentials.replayableUntil, now()))) {
        throw new PayloadRefused('replayed');
      }
    } catch (error) {
      if (!(error instanceof PayloadRefused)) throw error;
      request.log.info({ reason: error.reason }, 'card payload refused');
      await limiter.record([byAddress]);
      throw badRequest(CARD_PAYLOAD_REFUSED);
    }

    const attempt = { account: credentials.cardNo, address: request.ip };
    const login = await cardLogins.begin(attempt, {
      request,
      challenge: (needed) => captcha.demand(body, captcha.enabled && needed, request.log),
    });
    const holder = await findCardHolder(db.kysely, credentials.cardNo);
    // A card opened from a roster has no password until its holder activates it.
    if (holder?.activationState === 'pending') throw forbidden(CARD_NOT_ACTIVATED);
    if (!(await verifyPassword(holder?.passwordHash, credentials.password)) || !holder) {
      await login.failed();
      throw unauthorized(CARD_LOGIN_REFUSED);
    }
    await login.succeeded(reply);
    // An institution or operator card (or one with a second factor) gets no token before its code.
    const step = await cardSecondStep(context, holder, null);
    if (step) return step;
    return { token: await tokens.issue(holder.cardNo, null), ucUserInfo: toUcUserInfo(holder) };
  });
