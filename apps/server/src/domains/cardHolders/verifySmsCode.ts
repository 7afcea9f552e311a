import { unauthorized } from '../../http/apiError';
import type { CardHoldersContext } from './cardHoldersContext';
import { accountSubject, FAILED_LOGIN_PER_ACCOUNT, FAILED_LOGIN_PER_ADDRESS } from './limits';

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
    { rule: FAILED_LOGIN_PER_ACCOUNT, subject: accountSubject('phone', phone) },
  ];
  await limiter.assertAllowed(checks);
  if (!(await smsCodes.consume(phone, code))) {
    await limiter.record(checks);
    throw unauthorized(SMS_CODE_REFUSED);
  }
};
