import { z } from 'zod';
import { defineCall } from '../call';
import { CATALOGUE_STATUSES, CREDIT_KINDS, CREDIT_LEVELS, catalogueItemSchema } from '../credits';
import { idList, idParams, listQuery, requiredText, resourcePath } from './common';

/** Letters, digits and dashes: the code is how credit spreadsheets name the item. */
const itemCode = z
  .string({ error: '应为文字' })
  .trim()
  .regex(/^[A-Za-z0-9-]{2,32}$/, { error: '应为 2 到 32 位字母、数字或连字符' });
const credits = z
  .number({ error: '应为数字' })
  .positive({ error: '应大于 0' })
  .max(100, { error: '不能超过 100' })
  .refine((value) => Math.round(value * 10) === value * 10, { error: '最多保留 1 位小数' });

const catalogueFields = {
  code: itemCode,
  name: requiredText(100),
  kind: z.enum(CREDIT_KINDS, { error: '请选择项目类型' }),
  level: z.enum(CREDIT_LEVELS, { error: '请选择级别' }),
  defaultCredits: credits,
  maxCredits: credits,
  evidenceRequired: z.boolean({ error: '应为是或否' }),
  status: z.enum(CATALOGUE_STATUSES, { error: '应为启用或已停用' }),
};

export const catalogueCreateBody = z
  .object({
    ...catalogueFields,
    evidenceRequired: catalogueFields.evidenceRequired.optional().default(false),
    status: catalogueFields.status.optional().default('active'),
  })
  .strict();

/** react-admin posts the whole record back; the read-only fields are accepted and ignored. */
export const catalogueUpdateBody = z
  .object(catalogueFields)
  .partial()
  .extend({
    id: z.number().int().optional(),
    kindLabel: z.string().optional(),
    createTime: z.string().optional(),
    updateTime: z.string().optional(),
  })
  .strict();

export const catalogueFilter = z
  .object({
    id: idList.optional(),
    /** Code or name. */
    q: z.string().max(100).optional(),
    kind: z.enum(CREDIT_KINDS).optional(),
    level: z.enum(CREDIT_LEVELS).optional(),
    status: z.enum(CATALOGUE_STATUSES).optional(),
  })
  .strict();

/**
 * The catalogue of creditable activities (学分项目目录), kept by administrators. An item is retired, never
 * deleted: the records made under it keep it.
 */
export const catalogueCalls = {
  catalogueList: defineCall({
    method: 'GET',
    path: resourcePath('catalogue'),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    query: listQuery(catalogueFilter, ['id', 'code', 'name', 'kind', 'level', 'status']),
    response: z.array(catalogueItemSchema),
    summary: '学分项目目录（管理员）',
  }),
  catalogueOne: defineCall({
    method: 'GET',
    path: resourcePath('catalogue', true),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    params: idParams,
    response: catalogueItemSchema,
    summary: '一个学分项目（管理员）',
  }),
  catalogueCreate: defineCall({
    method: 'POST',
    path: resourcePath('catalogue'),
    host: 'main',
    access: 'admin',
    xsrf: true,
    bodyKind: 'json',
    body: catalogueCreateBody,
    response: catalogueItemSchema,
    summary: '新增学分项目（管理员）',
  }),
  catalogueUpdate: defineCall({
    method: 'PUT',
    path: resourcePath('catalogue', true),
    host: 'main',
    access: 'admin',
    xsrf: true,
    bodyKind: 'json',
    params: idParams,
    body: catalogueUpdateBody,
    response: catalogueItemSchema,
    summary: '修改或停用学分项目（管理员；停用后不能再登记，已有记录不变）',
  }),
} as const;
