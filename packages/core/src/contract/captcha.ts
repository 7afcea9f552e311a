import { z } from 'zod';
import { defineCall } from './call';

/**
 * The image challenge shown before an SMS code is sent and after repeated failed log-ins. Digits and
 * capital Latin letters, which every reader of pinyin knows, keeping at most one of each look-alike group
 * (0/O/D, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V, 9/Q): no answer hinges on telling two shapes apart. An answer
 * is compared without regard to case.
 */
export const CAPTCHA_RULES = {
  alphabet: '34678ACDEFHJKMNPRTWXY',
  length: 4,
  /** How long a challenge may be answered; it is used up by its first answer, right or wrong. */
  validMs: 2 * 60 * 1000,
  /** Failed log-ins (from the address, or against the account) after which a challenge is asked for. */
  afterFailures: 3,
  /** Challenges one address may ask for within `perAddressWindowMs`. */
  perAddress: 30,
  perAddressWindowMs: 10 * 60 * 1000,
} as const;

/**
 * The refusal of a call that needs an answered challenge and came without one: the form shows the
 * challenge and sends again. Always with status 400.
 */
export const CAPTCHA_REQUIRED_MESSAGE = '请先输入图形验证码';
/** The refusal of a wrong, expired or already used answer (status 400): the form shows a new challenge. */
export const CAPTCHA_REFUSED_MESSAGE = '图形验证码不正确或已过期，请重新输入';

/** Whether a refusal asks the form to show (again) the image challenge. */
export const isCaptchaRefusal = (failure: { ok?: boolean; status: number; message: string }) =>
  failure.ok !== true &&
  failure.status === 400 &&
  (failure.message === CAPTCHA_REQUIRED_MESSAGE || failure.message === CAPTCHA_REFUSED_MESSAGE);

export const CAPTCHA_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Added beside the fields of the calls a challenge may guard (SMS code, log-ins, password reset); both
 * optional, so a call made while no challenge is needed carries neither.
 */
export const captchaFields = {
  captchaId: z.string({ error: '应为文字' }).regex(CAPTCHA_ID, { error: '图形验证码编号无效' }).optional(),
  captchaCode: z.string({ error: '应为文字' }).trim().max(16, { error: '不能超过 16 个字符' }).optional(),
};

export const captchaSchema = z.object({
  captchaId: z.string(),
  /** The challenge drawn as an SVG document (show it as an image, never inline). */
  svg: z.string(),
  /** False when the site has challenges switched off (`CAPTCHA=off`): id and image are empty, show none. */
  required: z.boolean(),
});
export type CaptchaChallenge = z.infer<typeof captchaSchema>;

export const captcha = {
  create: defineCall({
    method: 'GET',
    path: '/api/captcha',
    host: 'main',
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'none',
    response: captchaSchema,
    summary: '获取图形验证码（SVG 图像；两分钟内有效，只能作答一次，不区分大小写）',
  }),
} as const;
