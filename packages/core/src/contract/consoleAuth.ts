import { z } from 'zod';
import { CONSOLE_ROLES, TEXT_LIMITS } from '../constants';
import { defineCall } from './call';
import { captchaFields } from './captcha';

export const consoleUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(CONSOLE_ROLES),
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

export const consoleAuth = {
  login: defineCall({
    method: 'POST',
    path: '/lianmeng/auth/login',
    host: 'main',
    access: 'anonymous',
    xsrf: true,
    bodyKind: 'json',
    body: consoleLoginBody,
    response: consoleUserSchema,
    summary: '管理台登录，成功后下发会话 Cookie',
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
  }),
} as const;
