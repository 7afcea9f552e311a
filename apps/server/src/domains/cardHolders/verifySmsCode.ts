import { setTimeout as sleep } from 'node:timers/promises';
import { CAPTCHA_RULES } from '@lianmeng/core';
import type { FastifyBaseLogger } from 'fastify';
import { unauthorized } from '../../http/apiError';
import { LOGIN_RULES, SLOW_DOWN_MS } from '../../security/loginRules';
import type { CaptchaAnswer } from '../captcha';
import type { CardHoldersContext } from './cardHoldersContext';

export const SMS_CODE_REFUSED = '验证码不正确或已失效，请重新获取';

/**
 * Checks a code under the failure limits of the trying address; throws the refusal. Past `slowAfter`
 * failures from the address each try is held a while, and only a flood is refused. Nothing refuses the
 * phone itself: guessing is already bounded by the code (it dies after a few wrong tries and a phone gets
 * a few codes a day), and a limit per phone would let a stranger's wrong guesses refuse the owner's fresh
 * code, for a log-in or a password reset. Past a few failures from the address or on the phone, each try
 * must carry an answered image challenge instead, which the owner can always give.
 */
export const verifySmsCode = async (
  { limiter, smsCodes, captcha }: CardHoldersContext,
  phone: string,
  code: string,
  address: string,
  answer: CaptchaAnswer,
  log: FastifyBaseLogger,
) => {
  const byAddress = { rule: LOGIN_RULES.cardFailedPerAddress, subject: address };
  const byPhone = { rule: LOGIN_RULES.smsCodeFailedPerPhone, subject: phone };
  // Counted as a failure before the code is looked at, so simultaneous guesses each see the others.
  const reservation = await limiter.take([byAddress, byPhone]);
  if (reservation.crowded) await sleep(SLOW_DOWN_MS);
  const needed = reservation.seen.some(({ count }) => count >= CAPTCHA_RULES.afterFailures);
  await captcha.demand(answer, captcha.enabled && needed, log);
  const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  if (!(await smsCodes.consume(phone, code))) {
    log.warn({ login: 'sms-code', phone: masked, address }, 'log-in failed');
    throw unauthorized(SMS_CODE_REFUSED);
  }
  await reservation.release();
  log.info({ login: 'sms-code', phone: masked, address }, 'SMS code accepted');
};
