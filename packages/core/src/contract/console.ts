import { z } from 'zod';
import { CONSOLE_ROLES, MAX_PAGE_SIZE, TEXT_LIMITS } from '../constants';
import { defineCall } from './call';
import { attachmentSchema } from './content';
import { idText, isHttpUrl, isUploadPath } from './fields';
import { siteSettingsSchema } from './site';

/**
 * The console's REST calls under /lianmeng/api, in ra-data-simple-rest's convention: lists take the
 * JSON-encoded `sort`, `range` and `filter` query parameters and answer with a `Content-Range` header;
 * the body keeps our envelope, `data` holding what react-admin expects.
 */
export const CONSOLE_API_PREFIX = '/lianmeng/api';

const jsonText = <T extends z.ZodType>(schema: T, label: string) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label}应为 JSON` });
        return z.NEVER;
      }
    })
    .pipe(schema);

const MAX_RANGE_SPAN = MAX_PAGE_SIZE;
const rangeSchema = z
  .tuple([z.number().int().min(0), z.number().int().min(0)], { error: '应为 [起, 止]' })
  .refine(([start, end]) => end >= start && end - start < MAX_RANGE_SPAN, { error: `一次最多 ${MAX_RANGE_SPAN} 条` });

/** A list query for a resource whose filter schema is `filter` and sortable fields are `sortFields`. */
const listQuery = <F extends z.ZodType>(filter: F, sortFields: readonly [string, ...string[]]) =>
  z.object({
    sort: jsonText(z.tuple([z.enum(sortFields), z.enum(['ASC', 'DESC'])], { error: '排序参数有误' }), '排序')
      .optional()
      .default([sortFields[0], 'DESC'] as never),
    range: jsonText(rangeSchema, '范围')
      .optional()
      .default([0, 9] as never),
    filter: jsonText(filter, '筛选')
      .optional()
      .default({} as never),
  });

const idList = z.array(z.number().int().positive()).max(MAX_PAGE_SIZE);
const optionalText = (max: number) => z.string({ error: '应为文字' }).max(max, { error: `不能超过 ${max} 个字符` });
const requiredText = (max: number) =>
  z
    .string({ error: '应为文字' })
    .trim()
    .min(1, { error: '不能为空' })
    .max(max, { error: `不能超过 ${max} 个字符` });

export const idParams = z.object({ id: idText });

// ---------------------------------------------------------------------------------------------- settings

/** The site settings are one record; react-admin edits it as `settings/site`. */
export const SITE_SETTINGS_ID = 'site' as const;
export const consoleSettingsSchema = siteSettingsSchema.extend({ id: z.literal(SITE_SETTINGS_ID) });

const linkOrEmpty = z.union([
  z.literal(''),
  optionalText(TEXT_LIMITS.url).refine(isHttpUrl, { error: '应为 http(s) 开头的网址' }),
]);
export const consoleSettingsBody = z
  .object({
    id: z.literal(SITE_SETTINGS_ID).optional(),
    hotline: requiredText(40),
    copyright: requiredText(200),
    icpNumber: optionalText(60),
    icpLink: linkOrEmpty,
    publicSecurityNumber: optionalText(60),
    publicSecurityLink: linkOrEmpty,
    sponsor: requiredText(200),
  })
  .strict();

// ---------------------------------------------------------------------------------------------- audit

export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-out',
  'insert',
  'update',
  'toggle',
  'delete',
  'sort-clear',
  'upload',
  'settings',
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_NAMES: Record<AuditActionName, string> = {
  'sign-in': '登录',
  'sign-out': '退出',
  insert: '新增',
  update: '修改',
  toggle: '开关',
  delete: '删除',
  'sort-clear': '清空分类',
  upload: '上传',
  settings: '站点设置',
};

export const auditEntrySchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.string(),
  createTime: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, { error: '应为日期' });
export const auditFilter = z
  .object({
    id: idList.optional(),
    username: z.string().max(TEXT_LIMITS.username).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: '操作类型有误' }).optional(),
    targetType: z.string().max(40).optional(),
    createTime_gte: dateText.optional(),
    createTime_lte: dateText.optional(),
  })
  .strict();

// ---------------------------------------------------------------------------------------------- accounts

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

const password = z
  .string({ error: '应为文字' })
  .min(TEXT_LIMITS.password.min, { error: `至少 ${TEXT_LIMITS.password.min} 个字符` })
  .max(TEXT_LIMITS.password.max, { error: `不能超过 ${TEXT_LIMITS.password.max} 个字符` })
  .refine((value) => !/\s/.test(value), { error: '不能包含空格等空白字符' });

export const accountCreateBody = z
  .object({
    username: z
      .string({ error: '应为文字' })
      .regex(/^[A-Za-z0-9_.-]+$/, { error: '只能包含字母、数字、下划线、点和连字符' })
      .min(2, { error: '至少 2 个字符' })
      .max(TEXT_LIMITS.username, { error: `不能超过 ${TEXT_LIMITS.username} 个字符` }),
    displayName: requiredText(40),
    role: z.enum(CREATABLE_ROLES, { error: '只能是编辑或内容运营' }),
    password,
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
    password: z.union([z.literal(''), password]).optional(),
  })
  .strict();

export const accountFilter = z
  .object({
    id: idList.optional(),
    q: z.string().max(TEXT_LIMITS.username).optional(),
    role: z.enum(CONSOLE_ROLES).optional(),
  })
  .strict();

// ---------------------------------------------------------------------------------------------- articles

export const consoleArticleSchema = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  publishTime: z.string(),
  source: z.string(),
  author: z.string(),
  coverImage: z.string(),
  attachments: z.array(attachmentSchema),
  published: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ConsoleArticle = z.infer<typeof consoleArticleSchema>;

const ARTICLE_BODY_MAX = 200_000;
const fileAddress = z.union([
  z.literal(''),
  optionalText(TEXT_LIMITS.url).refine((value) => isUploadPath(value) || isHttpUrl(value), {
    error: '应为上传后的地址或 http(s) 开头的网址',
  }),
]);
const attachmentInput = z.object({
  name: requiredText(200),
  url: fileAddress.refine((value) => value !== '', { error: '不能为空' }),
  size: z.number().int().min(0).optional(),
});

const articleFields = {
  typeId: z.number({ error: '请选择栏目' }).int().positive({ error: '请选择栏目' }),
  title: requiredText(200),
  summary: optionalText(500),
  body: optionalText(ARTICLE_BODY_MAX),
  publishTime: z.string({ error: '请填写发布日期' }).refine((value) => !Number.isNaN(Date.parse(value)), {
    error: '应为日期',
  }),
  source: optionalText(100),
  author: optionalText(60),
  coverImage: fileAddress,
  attachments: z.array(attachmentInput).max(20, { error: '最多 20 个附件' }),
  published: z.boolean({ error: '应为是或否' }),
};

export const articleCreateBody = z
  .object({
    ...articleFields,
    summary: articleFields.summary.optional().default(''),
    body: articleFields.body.optional().default(''),
    source: articleFields.source.optional().default(''),
    author: articleFields.author.optional().default(''),
    coverImage: articleFields.coverImage.optional().default(''),
    attachments: articleFields.attachments.optional().default([]),
    published: articleFields.published.optional().default(false),
  })
  .strict();
/** react-admin posts the whole record back; the read-only fields are accepted and ignored. */
export const articleUpdateBody = z
  .object(articleFields)
  .partial()
  .extend({ id: z.number().int().optional(), createTime: z.string().optional(), updateTime: z.string().optional() })
  .strict();

export const articleFilter = z
  .object({
    id: idList.optional(),
    typeId: z.number().int().optional(),
    q: z.string().max(50).optional(),
    published: z.boolean().optional(),
  })
  .strict();

// ---------------------------------------------------------------------------------------------- calls

const path = (resource: string, withId = false) => `${CONSOLE_API_PREFIX}/${resource}${withId ? '/:id' : ''}`;

export const consoleApi = {
  settingsList: defineCall({
    method: 'GET',
    path: path('settings'),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    response: z.array(consoleSettingsSchema),
    summary: '站点设置（列表形式，仅一条）',
  }),
  settingsOne: defineCall({
    method: 'GET',
    path: path('settings', true),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    params: z.object({ id: z.literal(SITE_SETTINGS_ID, { error: '站点设置只有一条' }) }),
    response: consoleSettingsSchema,
    summary: '读取站点设置',
  }),
  settingsUpdate: defineCall({
    method: 'PUT',
    path: path('settings', true),
    host: 'main',
    access: 'admin',
    xsrf: true,
    bodyKind: 'json',
    params: z.object({ id: z.literal(SITE_SETTINGS_ID, { error: '站点设置只有一条' }) }),
    body: consoleSettingsBody,
    response: consoleSettingsSchema,
    summary: '修改站点设置（管理员）',
  }),
  auditList: defineCall({
    method: 'GET',
    path: path('audit'),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    query: listQuery(auditFilter, ['id', 'createTime', 'username', 'action']),
    response: z.array(auditEntrySchema),
    summary: '审计日志（管理员）',
  }),
  auditOne: defineCall({
    method: 'GET',
    path: path('audit', true),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    params: idParams,
    response: auditEntrySchema,
    summary: '一条审计日志（管理员）',
  }),
  accountList: defineCall({
    method: 'GET',
    path: path('accounts'),
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
    path: path('accounts', true),
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
    path: path('accounts'),
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
    path: path('accounts', true),
    host: 'main',
    access: 'admin',
    xsrf: true,
    bodyKind: 'json',
    params: idParams,
    body: accountUpdateBody,
    response: accountSchema,
    summary: '修改账号、重置密码、停用（管理员）',
  }),
  articleList: defineCall({
    method: 'GET',
    path: path('articles'),
    host: 'main',
    access: 'staff',
    xsrf: false,
    bodyKind: 'none',
    query: listQuery(articleFilter, ['publishTime', 'id', 'title', 'typeId', 'updateTime']),
    response: z.array(consoleArticleSchema.omit({ body: true })),
    summary: '文章列表（含草稿）',
  }),
  articleOne: defineCall({
    method: 'GET',
    path: path('articles', true),
    host: 'main',
    access: 'staff',
    xsrf: false,
    bodyKind: 'none',
    params: idParams,
    response: consoleArticleSchema,
    summary: '一篇文章（含草稿）',
  }),
  articleCreate: defineCall({
    method: 'POST',
    path: path('articles'),
    host: 'main',
    access: 'editor',
    xsrf: true,
    bodyKind: 'json',
    body: articleCreateBody,
    response: consoleArticleSchema,
    summary: '新建文章（管理员、编辑）',
  }),
  articleUpdate: defineCall({
    method: 'PUT',
    path: path('articles', true),
    host: 'main',
    access: 'editor',
    xsrf: true,
    bodyKind: 'json',
    params: idParams,
    body: articleUpdateBody,
    response: consoleArticleSchema,
    summary: '修改文章（管理员、编辑）',
  }),
  articleDelete: defineCall({
    method: 'DELETE',
    path: path('articles', true),
    host: 'main',
    access: 'editor',
    xsrf: true,
    bodyKind: 'none',
    params: idParams,
    response: z.object({ id: z.number().int() }),
    summary: '删除文章（管理员、编辑）',
  }),
} as const;
