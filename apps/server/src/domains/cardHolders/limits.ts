import { SMS_CODE_RULES } from '@lianmeng/core';
import type { AttemptRule } from '../../security/attemptLimiter';

const MINUTE = 60 * 1000;

/** 10 failures per card (or phone) in 15 minutes: at most 40 guesses an hour against one card. */
export const FAILED_LOGIN_PER_CARD: AttemptRule = {
  name: 'card-login-failed:account',
  max: 10,
  windowMs: 15 * MINUTE,
  message: '登录失败次数过多，请 15 分钟后再试',
};

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

export const limitSubject = (kind: 'card' | 'phone', value: string) => `${kind}:${value}`;
