import { z } from 'zod';
import { TEXT_LIMITS } from '../../constants';
import { defineCall } from '../call';
import { attachmentSchema } from '../content';
import { isHttpUrl, isUploadPath } from '../fields';
import { idList, idParams, listQuery, optionalText, requiredText, resourcePath } from './common';

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

/** The unsaved form, as react-admin holds it (an existing article's read-only fields come along and are ignored). */
export const articlePreviewBody = articleCreateBody.extend({
  id: z.number().int().optional(),
  createTime: z.string().optional(),
  updateTime: z.string().optional(),
});

export const articleFilter = z
  .object({
    id: idList.optional(),
    typeId: z.number().int().optional(),
    q: z.string().max(50).optional(),
    published: z.boolean().optional(),
  })
  .strict();

export const articleCalls = {
  articleList: defineCall({
    method: 'GET',
    path: resourcePath('articles'),
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
    path: resourcePath('articles', true),
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
    path: resourcePath('articles'),
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
    path: resourcePath('articles', true),
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
    path: resourcePath('articles', true),
    host: 'main',
    access: 'editor',
    xsrf: true,
    bodyKind: 'none',
    params: idParams,
    response: z.object({ id: z.number().int() }),
    summary: '删除文章（管理员、编辑）',
  }),
  articlePreview: defineCall({
    method: 'POST',
    path: `${resourcePath('articles')}/preview`,
    host: 'main',
    access: 'editor',
    xsrf: true,
    bodyKind: 'json',
    body: articlePreviewBody,
    response: z.object({ html: z.string() }),
    summary: '预览未保存的文章：门户服务端渲染的详情页 HTML（不保存、不发布、不缓存）（新增调用）',
  }),
} as const;
