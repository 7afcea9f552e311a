import type { FastifyBaseLogger } from 'fastify';
import { unauthorized } from '../../http/apiError';
import type { CardHoldersContext } from './cardHoldersContext';
import { FAILED_LOGIN_PER_ADDRESS } from './limits';

export const SMS_CODE_REFUSED = '验证码不正确或已失效，请重新获取';

/**
 * Checks a code under the failure limit of the trying address; throws the refusal. Nothing is counted
 * against the phone: guessing is already bounded by the code itself (it dies after a few wrong tries and
 * a phone gets a few codes a day), and a count per phone would let a stranger's wrong guesses refuse the
 * owner's fresh code, for a log-in or a password reset.
 */
export const verifySmsCode = async (
  { limiter, smsCodes }: CardHoldersContext,
  phone: string,
  code: string,
  address: string,
  log: FastifyBaseLogger,
) => {
  const byAddress = { rule: FAILED_LOGIN_PER_ADDRESS, subject: address };
  await limiter.assertAllowed([byAddress]);
  if (!(await smsCodes.consume(phone, code))) {
    await limiter.record([byAddress]);
    log.warn({ login: 'sms-code', phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, address }, 'log-in failed');
    throw unauthorized(SMS_CODE_REFUSED);
  }
};
