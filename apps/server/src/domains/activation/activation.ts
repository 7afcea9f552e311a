import { type api, type CallDefinition, GUARDIAN_CONSENT, GUARDIAN_CONSENT_AGE, SMS_CODE_RULES } from '@lianmeng/core';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../http/apiError';
import { createLoginGuard, type LoginGuardRules } from '../../security/loginGuard';
import { CARD_LOGIN_RULES } from '../../security/loginRules';
import { assertStrongPassword } from '../../security/passwordRule';
import { hashPassword } from '../../security/passwords';
import { recordCardAudit } from '../audit/auditRepository';
import type { CaptchaAnswer } from '../captcha';
import { activateCardHolder, findCardHolder } from '../cardHolders/cardHolderRepository';
import type { CardHoldersContext } from '../cardHolders/cardHoldersContext';
import { chargeSmsSend } from '../cardHolders/sendCode';
import { verifySmsCode } from '../cardHolders/verifySmsCode';
import { markMembersActive } from '../institutions/memberRepository';
import { ageOn, beijingDate } from '../institutions/roster';
import { type ActivationCodeHasher, judgeActivationCode, useActivationCode } from './activationCodes';
import { recordGuardianConsent } from './guardianConsents';

export const ACTIVATION_MESSAGES = {
  wrong: '卡号或激活码不正确',
  used: '激活码已使用',
  expired: '激活码已过期，请联系所在机构重新发放',
  active: '该卡已激活，请直接登录',
  consentMissing: `未满 ${GUARDIAN_CONSENT_AGE} 周岁须由监护人填写并同意监护人同意书`,
  consentOutdated: '监护人同意书已更新，请刷新页面后重新阅读并同意',
  guardianCode: '请填写监护人手机收到的验证码',
} as const;

/**
 * Activation codes are guessed like passwords (the card log-in's rules, tighter): five free tries per card
 * and address, then doubling delays; past a few failures each try needs the image challenge; past 30
 * failures per card an hour from all addresses, or 30 per address in 15 minutes, each try is also held, and
 * ten times as many are refused.
 */
export const ACTIVATION_RULES: LoginGuardRules = {
  ...CARD_LOGIN_RULES,
  kind: 'activation',
  perAddress: {
    name: 'activation-failed:address',
    max: 300,
    slowAfter: 30,
    windowMs: 15 * 60_000,
    message: '激活失败次数过多，请稍后再试',
  },
  accountPerHour: 30,
  accountCeilingPerHour: 300,
};

const needsConsent = (birthDate: string | null, now: Date) =>
  birthDate !== null && ageOn(birthDate, beijingDate(now)) < GUARDIAN_CONSENT_AGE;

type Body<C> = C extends CallDefinition<z.ZodType, infer B, z.ZodType, z.ZodType> ? z.output<B> : never;
/** What the steps need of the request: the caller's address and the request's logger. */
type From = Pick<FastifyRequest, 'ip' | 'log'>;

/** The three steps of activation: check the code, send SMS codes, activate. */
export const createActivation = (context: CardHoldersContext, hashOf: ActivationCodeHasher, log: FastifyBaseLogger) => {
  const { db, now, limiter, captcha, smsCodes, smsSender } = context;
  const guard = createLoginGuard(limiter, ACTIVATION_RULES, now, log);

  /**
   * The card's live code, or the refusal. A wrong code and an unknown card get the same answer and both
   * count against the address and the card number typed.
   */
  const checkCode = async (
    cardNo: string,
    code: string,
    address: string,
    answer: CaptchaAnswer,
    log: FastifyBaseLogger,
    challengeAsked: boolean,
  ) => {
    const attempt = { account: cardNo, address };
    const tried = await guard.begin(attempt, {
      challenge: async (needed) => {
        if (!challengeAsked) await captcha.demand(answer, captcha.enabled && needed, log);
      },
    });
    const verdict = await judgeActivationCode(db.kysely, hashOf, cardNo, code, now());
    if (verdict === 'wrong') {
      await tried.failed();
      throw badRequest(ACTIVATION_MESSAGES.wrong);
    }
    const holder = await findCardHolder(db.kysely, cardNo);
    if (!holder) throw badRequest(ACTIVATION_MESSAGES.wrong);
    if (verdict === 'used')
      throw badRequest(holder.activationState === 'active' ? ACTIVATION_MESSAGES.active : ACTIVATION_MESSAGES.used);
    if (verdict === 'expired') throw badRequest(ACTIVATION_MESSAGES.expired);
    if (holder.activationState !== 'pending') throw badRequest(ACTIVATION_MESSAGES.active);
    await tried.succeeded();
    return holder;
  };

  const check = async (body: Body<typeof api.activation.check>, request: From) => {
    const holder = await checkCode(body.cardNo, body.code, request.ip, body, request.log, false);
    return { needsGuardianConsent: needsConsent(holder.birthDate, now()), consentVersion: GUARDIAN_CONSENT.version };
  };

  const sendCode = async (body: Body<typeof api.activation.sendCode>, request: From) => {
    // Like the log-in's code: every request carries an answered image challenge, checked before anything is counted.
    await captcha.demand(body, true, request.log);
    await checkCode(body.cardNo, body.code, request.ip, body, request.log, true);
    await chargeSmsSend(context, body.phone, request.ip);
    await smsSender.send(body.phone, await smsCodes.issue(body.phone));
    return { cooldownSeconds: SMS_CODE_RULES.resendSeconds };
  };

  const activate = async (body: Body<typeof api.activation.activate>, request: From) => {
    const holder = await checkCode(body.cardNo, body.code, request.ip, body, request.log, false);
    const current = now();
    const minor = needsConsent(holder.birthDate, current);
    // Everything that can be judged without using up an SMS code is judged first.
    let guardian: { name: string; relation: string; phone: string } | null = null;
    if (minor) {
      if (!body.guardianName || !body.guardianRelation || !body.guardianPhone || !body.consentVersion) {
        throw badRequest(ACTIVATION_MESSAGES.consentMissing);
      }
      if (body.consentVersion !== GUARDIAN_CONSENT.version) throw badRequest(ACTIVATION_MESSAGES.consentOutdated);
      if (body.guardianPhone !== body.phone && !body.guardianSmsCode)
        throw badRequest(ACTIVATION_MESSAGES.guardianCode);
      guardian = { name: body.guardianName, relation: body.guardianRelation, phone: body.guardianPhone };
    }
    await assertStrongPassword(body.password, [body.cardNo, body.phone, holder.name]);
    await verifySmsCode(context, body.phone, body.smsCode, request.ip, body, request.log);
    if (guardian && guardian.phone !== body.phone) {
      await verifySmsCode(context, guardian.phone, body.guardianSmsCode ?? '', request.ip, body, request.log);
    }
    const passwordHash = await hashPassword(body.password);
    const at = current.toISOString();
    const codeHash = hashOf(body.cardNo, body.code);

    await db.writeTransaction(async (trx, locks) => {
      await locks.named(`activation:${body.cardNo}`);
      // Of two identical requests at once, or a replayed one, only the first finds the code unused.
      if (!(await useActivationCode(trx, body.cardNo, codeHash, at))) throw badRequest(ACTIVATION_MESSAGES.used);
      if (!(await activateCardHolder(trx, body.cardNo, { phone: body.phone, passwordHash }, at))) {
        throw badRequest(ACTIVATION_MESSAGES.active);
      }
      await markMembersActive(trx, body.cardNo);
      if (guardian) {
        await recordGuardianConsent(trx, {
          cardNo: body.cardNo,
          guardianName: guardian.name,
          relation: guardian.relation,
          guardianPhone: guardian.phone,
          consentVersion: GUARDIAN_CONSENT.version,
          address: request.ip,
          consentTime: at,
        });
      }
      await recordCardAudit(trx, {
        cardNo: body.cardNo,
        action: 'activate',
        targetType: 'cardHolder',
        targetId: body.cardNo,
        detail: {
          guardianConsent: guardian !== null,
          consentVersion: guardian ? GUARDIAN_CONSENT.version : null,
          result: 'ok',
        },
        at: current,
      });
    });
    return { cardNo: body.cardNo };
  };

  return { check, sendCode, activate };
};
