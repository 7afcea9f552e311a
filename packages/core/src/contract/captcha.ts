import { z } from 'zod';
import { defineCall } from './call';

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
