import { z } from 'zod';
import { CONSOLE_ROLES, TEXT_LIMITS } from '../../constants';
import { defineCall } from '../call';
import { idList, idParams, listQuery, requiredText, resourcePath } from './common';

/** Accounts created in the console are editors or staff; administrators come from the seed. */
export const CREATABLE_ROLES = ['editor', 'staff'] as const;

export const accountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(CONSOLE_ROLES),
  disabled: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** A console account's new password; the first administrator's set-up form asks for it the same way. */
export const consolePasswordField = z
  .string({ error: '应为文字' })
  .min(TEXT_LIMITS.password.min, { error: `至少 ${TEXT_LIMITS.password.min} 个字符` })
  .max(TEXT_LIMITS.password.max, { error: `不能超过 ${TEXT_LIMITS.password.max} 个字符` })
  .refine((value) => !/\s/.test(value), { error: '不能包含空格等空白字符' });

/** A new console account's user name, here and in the first administrator's set-up form. */
export const consoleUsernameField = z
  .string({ error: '应为文字' })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: '只能包含字母、数字、下划线、点和连字符' })
  .min(2, { error: '至少 2 个字符' })
  .max(TEXT_LIMITS.username, { error: `不能超过 ${TEXT_LIMITS.username} 个字符` });

export const accountCreateBody = z
  .object({
    username: consoleUsernameField,
    displayName: requiredText(40),
    role: z.enum(CREATABLE_ROLES, { error: '只能是编辑或内容运营' }),
    password: consolePasswordField,
  })
  .strict();

/** react-admin posts the whole record back; the read-only fields are accepted and ignored. */
export const accountUpdateBody = z
  .object({
    id: z.number().int().optional(),
    username: z.string().optional(),
    createTime: z.string().optional(),
    updateTime: z.string().optional(),
    displayName: requiredText(40).optional(),
    role: z.enum(CONSOLE_ROLES, { error: '角色有误' }).optional(),
    disabled: z.boolean({ error: '应为是或否' }).optional(),
    /** A new password: set only when the administrator resets it. */
    password: z.union([z.literal(''), consolePasswordField]).optional(),
    /** Required when the password changed is the caller's own: a left-open console cannot be taken over. */
    currentPassword: z.string().max(128, { error: '不能超过 128 个字符' }).optional(),
  })
  .strict();

export const accountFilter = z
  .object({
    id: idList.optional(),
    q: z.string().max(TEXT_LIMITS.username).optional(),
    role: z.enum(CONSOLE_ROLES).optional(),
  })
  .strict();

export const accountCalls = {
  accountList: defineCall({
    method: 'GET',
    path: resourcePath('accounts'),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    query: listQuery(accountFilter, ['id', 'username', 'role', 'createTime']),
    response: z.array(accountSchema),
    summary: '管理台账号列表（管理员）',
  }),
  accountOne: defineCall({
    method: 'GET',
    path: resourcePath('accounts', true),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    params: idParams,
    response: accountSchema,
    summary: '一个管理台账号（管理员）',
  }),
  accountCreate: defineCall({
    method: 'POST',
    path: resourcePath('accounts'),
    host: 'main',
    access: 'admin',
    xsrf: true,
    bodyKind: 'json',
    body: accountCreateBody,
    response: accountSchema,
    summary: '新建编辑或内容运营账号（管理员）',
  }),
  accountUpdate: defineCall({
    method: 'PUT',
    path: resourcePath('accounts', true),
    host: 'main',
    access: 'admin',
    xsrf: true,
    bodyKind: 'json',
    params: idParams,
    body: accountUpdateBody,
    response: accountSchema,
    summary: '修改账号、重置密码、停用（管理员）',
  }),
} as const;
