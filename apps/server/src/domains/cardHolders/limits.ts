import { SMS_CODE_RULES } from '@lianmeng/core';
import type { AttemptRule } from '../../security/attemptLimiter';
import type { LoginGuardRules } from '../../security/loginGuard';

const MINUTE = 60 * 1000;

/** One address may fail more often (a school behind one gateway), but not without end. */
export const FAILED_LOGIN_PER_ADDRESS: AttemptRule = {
  name: 'card-login-failed:address',
  max: 30,
  windowMs: 15 * MINUTE,
  message: '登录失败次数过多，请稍后再试',
};

export const SMS_PER_PHONE_MINUTE: AttemptRule = {
  name: 'sms-sent:phone-minute',
  max: 1,
  windowMs: SMS_CODE_RULES.resendSeconds * 1000,
  message: '验证码发送过于频繁，请一分钟后再试',
};

export const SMS_PER_PHONE_DAY: AttemptRule = {
  name: 'sms-sent:phone-day',
  max: SMS_CODE_RULES.perPhonePerDay,
  windowMs: 24 * 60 * MINUTE,
  message: '该手机号今日获取验证码次数已达上限，请明天再试',
};

export const SMS_PER_ADDRESS: AttemptRule = {
  name: 'sms-sent:address',
  max: 20,
  windowMs: 60 * MINUTE,
  message: '验证码发送过于频繁，请稍后再试',
};

/**
 * Card passwords: five free tries per card and address, then doubling delays up to five minutes (about
 * 25 failures an hour from one address), and at most 100 failures an hour per card from all addresses.
 */
export const CARD_LOGIN_RULES: LoginGuardRules = {
  kind: 'card',
  perAddress: FAILED_LOGIN_PER_ADDRESS,
  freeFailures: 5,
  maxDelayMs: 5 * MINUTE,
  accountPerHour: 100,
  logName: (cardNo) => `${cardNo.slice(0, 2)}****${cardNo.slice(-2)}`,
};
