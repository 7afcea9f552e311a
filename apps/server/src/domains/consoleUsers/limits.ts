import type { AttemptRule } from '../../security/attemptLimiter';

const MINUTE = 60 * 1000;

/** 5 failures per console account in 15 minutes: a guessed password needs years, an editor's typo costs little. */
export const CONSOLE_LOGIN_FAILED_PER_USER: AttemptRule = {
  name: 'console-login-failed:user',
  max: 5,
  windowMs: 15 * MINUTE,
  message: '登录失败次数过多，请 15 分钟后再试',
};

/** One address may try a few accounts (an office behind one gateway), but not without end. */
export const CONSOLE_LOGIN_FAILED_PER_ADDRESS: AttemptRule = {
  name: 'console-login-failed:address',
  max: 20,
  windowMs: 15 * MINUTE,
  message: '登录失败次数过多，请稍后再试',
};
