import { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
import { defineCall } from './call';
import { captchaFields } from './captcha';
import { recoveryCodesField, secondFactorBody, secondFactorStepSchema } from './secondFactor';

export const CARD_NO = /^\d{8,20}$/;
export const PHONE = /^1\d{10}$/;
export const SMS_CODE = /^\d{6}$/;

export const cardNoField = z.string({ error: '应为文字' }).regex(CARD_NO, { error: '应为 8 到 20 位数字' });
export const phoneField = z.string({ error: '应为文字' }).regex(PHONE, { error: '应为 11 位手机号' });
export const smsCodeField = z.string({ error: '应为文字' }).regex(SMS_CODE, { error: '应为 6 位数字' });
export const passwordField = z
  .string({ error: '应为文字' })
  .min(TEXT_LIMITS.password.min, { error: `至少 ${TEXT_LIMITS.password.min} 位` })
  .max(TEXT_LIMITS.password.max, { error: `不能超过 ${TEXT_LIMITS.password.max} 位` })
  .refine((value) => !/\s/.test(value), { error: '不能包含空格等空白字符' });

export const ucUserInfoSchema = z.object({
  cardNo: z.string(),
  name: z.string(),
  school: z.string(),
  phone: z.string(),
  operator: z.boolean(),
  institution: z.boolean(),
});
export type UcUserInfo = z.infer<typeof ucUserInfoSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  ucUserInfo: ucUserInfoSchema,
  cardNoOfData: z.array(z.string()).optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** An institution or operator account (or a card with a second factor) answers the code step first. */
export const cardLoginAnswerSchema = z.union([
  loginResultSchema,
  secondFactorStepSchema.extend({ cardNoOfData: z.array(z.string()).optional() }),
]);
export type CardLoginAnswer = z.infer<typeof cardLoginAnswerSchema>;

const ssoUrlField = z
  .string({ error: '应为文字' })
  .min(1, { error: '不能为空' })
  .max(2048, { error: '不能超过 2048 个字符' });

export const encryptedCardPayloadBody = z.object({
  aesKey: z.string({ error: '应为文字' }).min(1).max(4096),
  data: z.string({ error: '应为文字' }).min(1).max(8192),
  timestamp: z.string({ error: '应为文字' }).regex(/^\d{10,16}$/, { error: '应为毫秒时间戳' }),
  // Beside the sealed fields, not inside them: the payload's format stays the one the clients build.
  ...captchaFields,
});

export const uc = {
  publicKey: defineCall({
    method: 'GET',
    path: '/api/uc/user/publicKey',
    host: 'uc',
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'none',
    response: z.object({ publicKey: z.string() }),
    summary: '卡号登录加密所用的公钥（PEM）',
  }),
  validateCardByPass: defineCall({
    method: 'POST',
    path: '/api/uc/user/ValidateCardByPass',
    host: 'uc',
    access: 'anonymous',
    xsrf: true,
    bodyKind: 'form',
    body: encryptedCardPayloadBody,
    response: cardLoginAnswerSchema,
    summary: '卡号加密码登录（加密报文；机构与运营账号随后输入动态口令）',
  }),
  secondFactor: defineCall({
    method: 'POST',
    path: '/api/uc/user/secondFactor',
    host: 'uc',
    access: 'anonymous',
    xsrf: true,
    bodyKind: 'form',
    body: secondFactorBody,
    response: loginResultSchema.extend({ recoveryCodes: recoveryCodesField }),
    summary: '卡号登录第二步：动态口令或恢复码（首次绑定时确认绑定并下发恢复码）',
  }),
  sendCode: defineCall({
    method: 'POST',
    path: '/api/uc/user/sendCode',
    host: 'uc',
    access: 'anonymous',
    xsrf: true,
    bodyKind: 'form',
    body: z.object({ phone: phoneField, ...captchaFields }),
    response: z.object({ cooldownSeconds: z.number().int() }),
    summary: '发送登录验证码',
  }),
  loginByPhoneAndCode: defineCall({
    method: 'POST',
    path: '/api/uc/user/loginByPhoneAndCode',
    host: 'uc',
    access: 'anonymous',
    xsrf: true,
    bodyKind: 'form',
    body: z.object({ phone: phoneField, code: smsCodeField, cardNo: cardNoField.optional(), ...captchaFields }),
    response: cardLoginAnswerSchema,
    summary: '手机号加验证码登录',
  }),
  resetPassword: defineCall({
    method: 'POST',
    path: '/api/uc/user/resetPassword',
    host: 'uc',
    access: 'anonymous',
    xsrf: true,
    bodyKind: 'form',
    body: z.object({
      phone: phoneField,
      code: smsCodeField,
      cardNo: cardNoField,
      newPassword: passwordField,
      ...captchaFields,
    }),
    response: z.object({}),
    summary: '凭短信验证码重置密码',
  }),
  logout: defineCall({
    method: 'GET',
    path: '/api/uc/user/logout/:cardNo',
    host: 'uc',
    access: 'cardHolder',
    xsrf: false,
    bodyKind: 'none',
    params: z.object({ cardNo: cardNoField }),
    response: z.object({}),
    summary: '退出登录，令牌立即失效',
  }),
  info: defineCall({
    method: 'GET',
    path: '/api/uc/user/info',
    host: 'uc',
    access: 'cardHolder',
    xsrf: false,
    bodyKind: 'none',
    // After a phone log-in, any card of that phone may be asked for.
    query: z.object({ cardNo: cardNoField.optional() }),
    response: ucUserInfoSchema,
    summary: '个人中心资料',
  }),
  chooseCard: defineCall({
    method: 'POST',
    path: '/api/uc/user/chooseCard',
    host: 'uc',
    access: 'cardHolder',
    // The token travels in Authorization, which another site cannot make a browser send.
    xsrf: false,
    bodyKind: 'form',
    // After a phone log-in, the token then acts for this card of that phone (the same token, rebound).
    body: z.object({ cardNo: cardNoField }),
    // An institution or operator card is used only after its code: the answer is then the code step,
    // whose success issues a token of that card.
    response: z.union([ucUserInfoSchema, secondFactorStepSchema]),
    summary: '手机号登录后选择本次使用的卡号（机构与运营账号需输入动态口令）',
  }),
  changePassword: defineCall({
    method: 'POST',
    path: '/api/uc/user/changePassword',
    host: 'uc',
    access: 'cardHolder',
    xsrf: false,
    bodyKind: 'form',
    body: z.object({ oldPassword: z.string({ error: '应为文字' }).min(1), newPassword: passwordField }),
    response: z.object({}),
    summary: '修改密码',
  }),
  ssoReturnOrigins: defineCall({
    method: 'GET',
    path: '/api/uc/sso/returnOrigins',
    host: 'uc',
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'none',
    response: z.object({ ssoReturnOrigins: z.array(z.string()) }),
    summary: '单点登录允许的返回地址前缀（白名单）',
  }),
  ssoCode: defineCall({
    method: 'POST',
    path: '/api/uc/sso/code',
    host: 'uc',
    access: 'cardHolder',
    // The card holder's token travels in a header a page of another site cannot make a browser send.
    xsrf: false,
    bodyKind: 'form',
    body: z.object({
      ssoReturn: ssoUrlField,
      source: ssoUrlField.optional(),
      state: z.string({ error: '应为文字' }).max(512, { error: '不能超过 512 个字符' }).optional(),
    }),
    response: z.object({
      /** The return address with `token` (the one-time code), `cardNo`, `source` and `state` added. */
      url: z.string(),
    }),
    summary: '单点登录：为合作站点的返回地址签发一次性授权码（60 秒内有效）',
  }),
  legacyValidateCardByPass: defineCall({
    method: 'POST',
    path: '/api/ValidateCardByPass/:username/:password',
    host: 'main',
    access: 'anonymous',
    // Without it any web page could make its visitors' browsers try passwords against cards.
    xsrf: true,
    bodyKind: 'none',
    params: z.object({ username: z.string().min(1).max(64), password: z.string().min(1).max(128) }),
    // The body stays empty as the spec has it; the challenge, when asked for, comes in the query.
    query: z.object(captchaFields),
    response: z.object({ valid: z.boolean() }),
    summary: '规范列出的旧版卡号密码校验（空请求体）',
  }),
} as const;

/** What a partner learns of the holder who signed in to it: who, no phone number, no roles. */
export const ssoUserSchema = z.object({ cardNo: z.string(), name: z.string(), school: z.string() });
export type SsoUser = z.infer<typeof ssoUserSchema>;

export const sso = {
  getUser: defineCall({
    method: 'POST',
    path: '/card/ssoGetUser',
    host: 'sso',
    // The partner's server calls it with the one-time code (its `Authorization` header) instead of a session:
    // the handler accepts nothing else, and the code nowhere else.
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'form',
    body: z.object({ ssoReturn: ssoUrlField }),
    response: ssoUserSchema,
    summary: '单点登录：合作站点服务器以一次性授权码兑换持卡人信息（仅一次，须与返回地址相符）',
  }),
} as const;
