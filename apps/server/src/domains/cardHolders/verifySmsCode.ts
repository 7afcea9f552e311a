import { unauthorized } from '../../http/apiError';
import type { CardHoldersContext } from './cardHoldersContext';
import { FAILED_LOGIN_PER_ADDRESS, FAILED_LOGIN_PER_CARD, limitSubject } from './limits';

export const SMS_CODE_REFUSED = '验证码不正确或已失效，请重新获取';

/** Checks a code under the failure limits of its phone and address; throws the refusal. */
export const verifySmsCode = async (
  { limiter, smsCodes }: CardHoldersContext,
  phone: string,
  code: string,
  address: string,
) => {
  const checks = [
    { rule: FAILED_LOGIN_PER_ADDRESS, subject: address },
    { rule: FAILED_LOGIN_PER_CARD, subject: limitSubject('phone', phone) },
  ];
  await limiter.assertAllowed(checks);
  if (!(await smsCodes.consume(phone, code))) {
    await limiter.record(checks);
    throw unauthorized(SMS_CODE_REFUSED);
  }
};
