import type { AttemptRule } from '../../security/attemptLimiter';
import type { LoginGuardRules } from '../../security/loginGuard';

const MINUTE = 60 * 1000;

/** One address may try a few accounts (an office behind one gateway), but not without end. */
export const CONSOLE_LOGIN_FAILED_PER_ADDRESS: AttemptRule = {
  name: 'console-login-failed:address',
  max: 20,
  windowMs: 15 * MINUTE,
  message: '登录失败次数过多，请稍后再试',
};

/**
 * Five free tries per account and address, then doubling delays up to five minutes (about 25 failures an
 * hour from one address: a guessed password needs years, an editor's typos cost seconds), and at most 100
 * failures an hour per account from all addresses together. Nobody elsewhere can lock the administrator out.
 */
export const CONSOLE_LOGIN_RULES: LoginGuardRules = {
  kind: 'console',
  perAddress: CONSOLE_LOGIN_FAILED_PER_ADDRESS,
  freeFailures: 5,
  maxDelayMs: 5 * MINUTE,
  accountPerHour: 100,
};
