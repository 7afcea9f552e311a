import { z } from 'zod';
import { CONSOLE_ROLES, TEXT_LIMITS } from '../constants';
import { defineCall } from './call';
import { captchaFields } from './captcha';
import { consolePasswordField, consoleUsernameField } from './console/accounts';
import { recoveryCodesField, secondFactorBody, secondFactorCodeField, secondFactorStepSchema } from './secondFactor';

export const consoleUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(CONSOLE_ROLES),
  /** Set after an administrator reset the password: the console asks for a new one before anything else. */
  mustChangePassword: z.boolean().optional(),
});
export type ConsoleUser = z.infer<typeof consoleUserSchema>;

export const consoleLoginBody = z
  .object({
    username: z
      .string({ error: '应为文字' })
      .trim()
      .min(1, { error: '请输入用户名' })
      .max(TEXT_LIMITS.username, { error: `不能超过 ${TEXT_LIMITS.username} 个字符` }),
    password: z
      .string({ error: '应为文字' })
      .min(1, { error: '请输入密码' })
      .max(TEXT_LIMITS.password.max, { error: `不能超过 ${TEXT_LIMITS.password.max} 个字符` }),
    ...captchaFields,
  })
  .strict();

const passwordAgainField = z
  .string({ error: '应为文字' })
  .min(1, { error: '请输入密码' })
  .max(TEXT_LIMITS.password.max, { error: `不能超过 ${TEXT_LIMITS.password.max} 个字符` });

export const consolePasswordChangeBody = z
  .object({ currentPassword: passwordAgainField, newPassword: consolePasswordField })
  .strict();

/** Re-authentication: the password again and, for an account with a second factor, a fresh code. */
export const consoleReauthBody = z
  .object({ password: passwordAgainField, code: secondFactorCodeField.optional() })
  .strict();

export const consoleSecuritySchema = z.object({
  enrolled: z.boolean(),
  /** Administrators and editors must have a second factor; for staff it is optional. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  mustChangePassword: z.boolean(),
});
export type ConsoleSecurity = z.infer<typeof consoleSecuritySchema>;

/** Creates a production site's first administrator from the one-time link printed at the first start. */
export const consoleSetupBody = z
  .object({
    token: z.string({ error: '应为文字' }).min(1, { error: '链接无效' }).max(100, { error: '链接无效' }),
    username: consoleUsernameField,
    displayName: z
      .string({ error: '应为文字' })
      .trim()
      .min(1, { error: '请输入姓名' })
      .max(40, { error: '不能超过 40 个字符' }),
    password: consolePasswordField,
  })
  .strict();

export const consoleAuth = {
  login: defineCall({
    method: 'POST',
    path: '/lianmeng/auth/login',
    host: 'main',
    access: 'anonymous',
    xsrf: true,
    bodyKind: 'json',
    body: consoleLoginBody,
    // Administrators, editors and staff with a second factor get the code step instead of a session.
    response: z.union([consoleUserSchema, secondFactorStepSchema]),
    summary: '管理台登录，成功后下发会话 Cookie（需要动态口令的账号先进入动态口令步骤）',
  }),
  secondFactor: defineCall({
    method: 'POST',
    path: '/lianmeng/auth/secondFactor',
    host: 'main',
    access: 'anonymous',
    xsrf: true,
    bodyKind: 'json',
    body: secondFactorBody,
    response: consoleUserSchema.extend({ recoveryCodes: recoveryCodesField }),
    summary: '管理台登录第二步：动态口令或恢复码（首次绑定时确认绑定并下发恢复码）',
  }),
  security: defineCall({
    method: 'GET',
    path: '/lianmeng/auth/security',
    host: 'main',
    access: 'staff',
    xsrf: false,
    bodyKind: 'none',
    response: consoleSecuritySchema,
    summary: '本人账号安全状态',
    beforePasswordChange: true,
  }),
  changePassword: defineCall({
    method: 'POST',
    path: '/lianmeng/auth/password',
    host: 'main',
    access: 'staff',
    xsrf: true,
    bodyKind: 'json',
    body: consolePasswordChangeBody,
    response: z.object({}),
    summary: '修改本人密码（需当前密码）',
    beforePasswordChange: true,
  }),
  reauth: defineCall({
    method: 'POST',
    path: '/lianmeng/auth/reauth',
    host: 'main',
    access: 'staff',
    xsrf: true,
    bodyKind: 'json',
    body: consoleReauthBody,
    response: z.object({ until: z.string() }),
    summary: '再次验证身份（账号管理前）',
  }),
  enrolStart: defineCall({
    method: 'POST',
    path: '/lianmeng/auth/security/enrolment',
    host: 'main',
    access: 'staff',
    xsrf: true,
    bodyKind: 'json',
    body: z.object({ password: passwordAgainField }).strict(),
    response: secondFactorStepSchema,
    summary: '开始绑定（或更换）动态口令',
  }),
  enrolConfirm: defineCall({
    method: 'POST',
    path: '/lianmeng/auth/security/enrolment/confirm',
    host: 'main',
    access: 'staff',
    xsrf: true,
    bodyKind: 'json',
    body: secondFactorBody,
    response: z.object({ recoveryCodes: recoveryCodesField }),
    summary: '确认绑定动态口令，下发恢复码',
  }),
  setup: defineCall({
    method: 'POST',
    path: '/lianmeng/auth/setup',
    host: 'main',
    access: 'anonymous',
    xsrf: true,
    bodyKind: 'json',
    body: consoleSetupBody,
    response: secondFactorStepSchema,
    summary: '凭一次性链接创建首个管理员（随后绑定动态口令）',
  }),
  logout: defineCall({
    method: 'POST',
    path: '/lianmeng/auth/logout',
    host: 'main',
    access: 'anonymous',
    xsrf: true,
    bodyKind: 'none',
    response: z.object({}),
    summary: '管理台退出，会话立即失效',
    beforePasswordChange: true,
  }),
  me: defineCall({
    method: 'GET',
    path: '/lianmeng/auth/me',
    host: 'main',
    access: 'staff',
    xsrf: false,
    bodyKind: 'none',
    response: consoleUserSchema,
    summary: '当前管理台用户与角色',
    beforePasswordChange: true,
  }),
} as const;
