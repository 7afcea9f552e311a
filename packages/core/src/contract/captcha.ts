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
  /** The solved proof of work: base64 of the JSON `{challenge, solution}` ALTCHA's PoW v2 defines. */
  captchaProof: z
    .string({ error: '应为文字' })
    .max(4096, { error: '不能超过 4096 个字符' })
    .regex(/^[A-Za-z0-9+/=_-]*$/, { error: '计算验证无效' })
    .optional(),
};

/** ALTCHA's PoW v2 challenge, signed by the server: returned unchanged with its solution. */
export const captchaProofSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
  }),
  signature: z.string(),
});
export type CaptchaProofChallenge = z.infer<typeof captchaProofSchema>;

export const captchaSchema = z.object({
  captchaId: z.string(),
  /** The challenge's picture, a raster data address (`data:image/webp;base64,…`); show it as an image. */
  image: z.string(),
  /** The proof of work the browser solves before the answer is sent; null when challenges are off. */
  proof: captchaProofSchema.nullable(),
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
    summary: '获取图形验证码（WebP 图像与工作量证明；两分钟内有效，只能作答一次，不区分大小写）',
  }),
} as const;
