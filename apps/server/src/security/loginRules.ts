import { CAPTCHA_RULES, SMS_CODE_RULES } from '@lianmeng/core';
import type { AttemptRule } from './attemptLimiter';
import type { LoginGuardRules } from './loginGuard';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Every failure and sending limit of the log-ins in one table: what is counted, per what, over how long,
 * and the Chinese refusal once it is reached. The counts live in the database (attemptLimiter.ts), so
 * every process sharing it enforces the same ones.
 */
export const LOGIN_RULES = {
  /**
   * One address may fail more often (a school behind one gateway): past `slowAfter` each try needs the
   * image challenge and is held; only a flood reaches `max`, which refuses.
   */
  cardFailedPerAddress: {
    name: 'card-login-failed:address',
    max: 300,
    slowAfter: 30,
    windowMs: 15 * MINUTE,
    message: '登录失败次数过多，请稍后再试',
  },
  /** One address may try a few console accounts (an office behind one gateway), the same way. */
  consoleFailedPerAddress: {
    name: 'console-login-failed:address',
    max: 200,
    slowAfter: 20,
    windowMs: 15 * MINUTE,
    message: '登录失败次数过多，请稍后再试',
  },
  smsPerPhoneMinute: {
    name: 'sms-sent:phone-minute',
    max: 1,
    windowMs: SMS_CODE_RULES.resendSeconds * 1000,
    message: '验证码发送过于频繁，请一分钟后再试',
  },
  smsPerPhoneDay: {
    name: 'sms-sent:phone-day',
    max: SMS_CODE_RULES.perPhonePerDay,
    windowMs: 24 * HOUR,
    message: '该手机号今日获取验证码次数已达上限，请明天再试',
  },
  /** Past `slowAfter` codes an hour from one address (a school) each send is held; a flood meets `max`. */
  smsPerAddress: {
    name: 'sms-sent:address',
    max: 100,
    slowAfter: 20,
    windowMs: HOUR,
    message: '验证码发送过于频繁，请稍后再试',
  },
  /**
   * Wrong SMS codes per phone. Never a refusal (a stranger's guesses must not refuse the owner's fresh
   * code); past a few, the next try needs the image challenge.
   */
  smsCodeFailedPerPhone: {
    name: 'sms-code-failed:phone',
    max: Number.MAX_SAFE_INTEGER,
    windowMs: HOUR,
    message: '',
  },
} as const satisfies Record<string, AttemptRule>;

/** A card number as log lines show it: enough to tell cards apart in an incident, not to name one. */
export const maskedCardNo = (cardNo: string) => `${cardNo.slice(0, 2)}****${cardNo.slice(-2)}`;

/** How long a try is held once its address or account is past its soft limit. */
export const SLOW_DOWN_MS = 2000;

/**
 * Card passwords: five free tries per card and address, then doubling delays up to five minutes (about
 * 25 failures an hour from one address); past 100 failures an hour per card from all addresses, the owner
 * is told and strangers' browsers need the challenge and wait; past 1000 they are refused.
 */
export const CARD_LOGIN_RULES: LoginGuardRules = {
  kind: 'card',
  perAddress: LOGIN_RULES.cardFailedPerAddress,
  freeFailures: 5,
  maxDelayMs: 5 * MINUTE,
  accountPerHour: 100,
  accountCeilingPerHour: 1000,
  slowDownMs: SLOW_DOWN_MS,
  challengeAfter: CAPTCHA_RULES.afterFailures,
  logName: maskedCardNo,
};

/**
 * Console passwords, the same shape: a guessed password needs years, an editor's typos cost seconds, and
 * nobody elsewhere can lock the administrator out.
 */
export const CONSOLE_LOGIN_RULES: LoginGuardRules = {
  kind: 'console',
  perAddress: LOGIN_RULES.consoleFailedPerAddress,
  freeFailures: 5,
  maxDelayMs: 5 * MINUTE,
  accountPerHour: 100,
  accountCeilingPerHour: 1000,
  slowDownMs: SLOW_DOWN_MS,
  challengeAfter: CAPTCHA_RULES.afterFailures,
};
