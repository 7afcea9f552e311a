import { z } from 'zod';
import { defineCall } from '../call';
import { idNumber } from '../fields';
import { INSTITUTION_KINDS, INSTITUTION_STATUSES } from '../institutions';
import { idList, idParams, listQuery, optionalText, requiredText, resourcePath } from './common';

export const institutionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(INSTITUTION_KINDS),
  province: z.string(),
  city: z.string(),
  county: z.string(),
  status: z.enum(INSTITUTION_STATUSES),
  /** How many card accounts act for it. */
  accountCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Institution = z.infer<typeof institutionSchema>;

/** Letters, digits and dashes: the code is how spreadsheets and people name an institution. */
const institutionCode = z
  .string({ error: '应为文字' })
  .trim()
  .regex(/^[A-Za-z0-9-]{2,32}$/, { error: '应为 2 到 32 位字母、数字或连字符' });

const institutionFields = {
  code: institutionCode,
  name: requiredText(100),
  kind: z.enum(INSTITUTION_KINDS, { error: '请选择机构类型' }),
  province: requiredText(20),
  city: optionalText(20),
  county: optionalText(20),
  status: z.enum(INSTITUTION_STATUSES, { error: '应为启用或停用' }),
};

export const institutionCreateBody = z
  .object({
    ...institutionFields,
    city: institutionFields.city.optional().default(''),
    county: institutionFields.county.optional().default(''),
    status: institutionFields.status.optional().default('active'),
  })
  .strict();

/** react-admin posts the whole record back; the read-only fields are accepted and ignored. */
export const institutionUpdateBody = z
  .object(institutionFields)
  .partial()
  .extend({
    id: z.number().int().optional(),
    accountCount: z.number().int().optional(),
    createTime: z.string().optional(),
    updateTime: z.string().optional(),
  })
  .strict();

export const institutionFilter = z
  .object({
    id: idList.optional(),
    q: z.string().max(100).optional(),
    kind: z.enum(INSTITUTION_KINDS).optional(),
    status: z.enum(INSTITUTION_STATUSES).optional(),
    province: z.string().max(20).optional(),
  })
  .strict();

/** The institution spreadsheet's columns; 机构类型 takes the Chinese label (成员学校 …). */
export const INSTITUTION_IMPORT_COLUMNS = ['机构代码', '机构名称', '机构类型', '省', '市', '县（区）'] as const;

const importIssue = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export const institutionImportPreviewSchema = z.object({
  previewId: z.string(),
  fileName: z.string(),
  total: z.number().int(),
  newCount: z.number().int(),
  refusedCount: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      code: z.string(),
      name: z.string(),
      kind: z.string(),
      province: z.string(),
      city: z.string(),
      county: z.string(),
      outcome: z.enum(['new', 'refused']),
      issues: z.array(importIssue),
    }),
  ),
  alreadyCommitted: z.boolean(),
});
export type InstitutionImportPreview = z.infer<typeof institutionImportPreviewSchema>;

/** A card account as the administrator grants roles to it; `id` is the card number. */
export const cardAccountSchema = z.object({
  id: z.string(),
  cardNo: z.string(),
  name: z.string(),
  school: z.string(),
  /** Masked: 138****0000. */
  phone: z.string(),
  activated: z.boolean(),
  institution: z.boolean(),
  institutionId: z.number().int().nullable(),
  institutionName: z.string(),
  operator: z.boolean(),
  updateTime: z.string(),
});
export type CardAccount = z.infer<typeof cardAccountSchema>;

const cardAccountParams = z.object({
  id: z.string({ error: '应为文字' }).regex(/^\d{8,20}$/, { error: '应为 8 到 20 位数字' }),
});

export const cardAccountFilter = z
  .object({
    id: z.array(z.string().max(20)).max(999).optional(),
    /** Card number (prefix) or name. */
    q: z.string().max(40).optional(),
    role: z.enum(['institution', 'operator']).optional(),
    institutionId: idNumber.optional(),
  })
  .strict();

/** Grants and withdrawals; the other fields react-admin posts back are accepted and ignored. */
export const cardAccountUpdateBody = z
  .object({
    institution: z.boolean({ error: '应为是或否' }).optional(),
    /** Required when `institution` is true: the institution the account acts for. */
    institutionId: z
      .number({ error: '请选择所属机构' })
      .int()
      .positive({ error: '请选择所属机构' })
      .nullable()
      .optional(),
    operator: z.boolean({ error: '应为是或否' }).optional(),
    id: z.string().optional(),
    cardNo: z.string().optional(),
    name: z.string().optional(),
    school: z.string().optional(),
    phone: z.string().optional(),
    activated: z.boolean().optional(),
    institutionName: z.string().optional(),
    updateTime: z.string().optional(),
  })
  .strict();

export const institutionCalls = {
  institutionList: defineCall({
    method: 'GET',
    path: resourcePath('institutions'),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    query: listQuery(institutionFilter, ['id', 'code', 'name', 'kind', 'province', 'status']),
    response: z.array(institutionSchema),
    summary: '机构列表（管理员）',
  }),
  institutionOne: defineCall({
    method: 'GET',
    path: resourcePath('institutions', true),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    params: idParams,
    response: institutionSchema,
    summary: '一个机构（管理员）',
  }),
  institutionCreate: defineCall({
    method: 'POST',
    path: resourcePath('institutions'),
    host: 'main',
    access: 'admin',
    xsrf: true,
    bodyKind: 'json',
    body: institutionCreateBody,
    response: institutionSchema,
    summary: '新建机构（管理员）',
  }),
  institutionUpdate: defineCall({
    method: 'PUT',
    path: resourcePath('institutions', true),
    host: 'main',
    access: 'admin',
    xsrf: true,
    bodyKind: 'json',
    params: idParams,
    body: institutionUpdateBody,
    response: institutionSchema,
    summary: '修改或停用机构（管理员；停用后其账号不能使用，记录不变）',
  }),
  institutionImportPreview: defineCall({
    method: 'POST',
    path: `${resourcePath('institutions')}/import/preview`,
    host: 'main',
    access: 'admin',
    xsrf: true,
    // One part named `file` (.xlsx or .csv). Nothing is written.
    bodyKind: 'multipart',
    response: institutionImportPreviewSchema,
    summary: '预览机构导入表（不写入）',
  }),
  institutionImportCommit: defineCall({
    method: 'POST',
    path: `${resourcePath('institutions')}/import/commit`,
    host: 'main',
    access: 'admin',
    xsrf: true,
    // The same file again as `file`, optionally with the preview's `previewId`.
    bodyKind: 'multipart',
    response: z.object({ created: z.number().int(), alreadyCommitted: z.boolean() }),
    summary: '提交机构导入：全部成功或全部不写，同一文件不重复导入',
  }),
  cardAccountList: defineCall({
    method: 'GET',
    path: resourcePath('cardAccounts'),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    query: listQuery(cardAccountFilter, ['cardNo', 'name', 'updateTime']),
    response: z.array(cardAccountSchema),
    summary: '持卡账号（授予机构账号、审核员；管理员）',
  }),
  cardAccountOne: defineCall({
    method: 'GET',
    path: resourcePath('cardAccounts', true),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    params: cardAccountParams,
    response: cardAccountSchema,
    summary: '一个持卡账号（管理员）',
  }),
  cardAccountUpdate: defineCall({
    method: 'PUT',
    path: resourcePath('cardAccounts', true),
    host: 'main',
    access: 'admin',
    xsrf: true,
    bodyKind: 'json',
    params: cardAccountParams,
    body: cardAccountUpdateBody,
    response: cardAccountSchema,
    summary: '授予或收回机构账号、审核员身份（管理员，留审计记录）',
  }),
} as const;
