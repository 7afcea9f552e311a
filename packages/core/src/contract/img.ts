import { z } from 'zod';
import { IMAGE_SORT_IDS, type ImageSortId, TEXT_LIMITS } from '../constants';
import { defineCall } from './call';
import { attachmentSchema } from './content';
import { idNumber, idText, isHttpUrl, isoDateTime, isUploadPath, pageQuery } from './fields';

const sortId = z
  .number({ error: '应为数字 2（顶部横幅）或 3（合作伙伴）' })
  .refine((value): value is ImageSortId => (IMAGE_SORT_IDS as readonly number[]).includes(value), {
    error: '应为 2（顶部横幅）或 3（合作伙伴）',
  });
const openFlag = z.union([z.literal(0), z.literal(1)], { error: '应为 0（关闭）或 1（开放）' });

const imageAddress = z
  .string({ error: '应为文字' })
  .max(TEXT_LIMITS.url, { error: `不能超过 ${TEXT_LIMITS.url} 个字符` })
  .refine((value) => isUploadPath(value) || isHttpUrl(value), {
    error: '应为上传后的图片地址或 http(s) 开头的网址',
  });
const optionalImageAddress = z.union([z.literal(''), imageAddress]);
const linkAddress = z.union([
  z.literal(''),
  z
    .string({ error: '应为文字' })
    .max(TEXT_LIMITS.url, { error: `不能超过 ${TEXT_LIMITS.url} 个字符` })
    .refine(isHttpUrl, { error: '应为 http(s) 开头的网址' }),
]);
/**
 * A bound of the showing window: an instant with its offset (the console sends Beijing time, +08:00), stored
 * as UTC; null or '' clears the bound.
 */
const windowBound = z.union(
  [
    z.null(),
    z.literal('').transform(() => null),
    z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString()),
  ],
  { error: '应为带时区的时间（如 2026-01-05T08:00:00+08:00）或留空' },
);

const title = z
  .string({ error: '应为文字' })
  .trim()
  .min(1, { error: '不能为空' })
  .max(TEXT_LIMITS.photoTitle, { error: `不能超过 ${TEXT_LIMITS.photoTitle} 个字符` });

export const imageMessageSchema = z.object({
  id: z.number().int(),
  belongSortid: z.number().int(),
  isOpen: z.union([z.literal(0), z.literal(1)]),
  photoAddress: z.string(),
  smallPhotoAddress: z.string(),
  photoTitle: z.string(),
  urlAddress: z.string(),
  createTime: isoDateTime,
  updateTime: isoDateTime,
  /** Display order within the sort, ascending (an added field; the portal shows items in this order). */
  displayOrder: z.number().int(),
  /** The showing window (UTC instants); the public sees an open item only inside it. null: no bound. */
  showFrom: isoDateTime.nullable(),
  showUntil: isoDateTime.nullable(),
});
export type ImageMessage = z.infer<typeof imageMessageSchema>;

export const imageSearchBody = z
  .object({
    belongSortid: sortId.optional(),
    isOpen: openFlag.optional(),
    /** A title search for the console; the portal does not send it. */
    photoTitle: z.string({ error: '应为文字' }).max(TEXT_LIMITS.photoTitle).optional(),
  })
  .strict();

export const imageSearchResult = z.object({
  seachList: z.array(imageMessageSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type ImageSearchResult = z.infer<typeof imageSearchResult>;

export const imageInsertBody = z
  .object({
    belongSortid: sortId,
    isOpen: openFlag.optional().default(0),
    photoAddress: imageAddress,
    smallPhotoAddress: optionalImageAddress.optional().default(''),
    photoTitle: title,
    urlAddress: linkAddress.optional().default(''),
    showFrom: windowBound.optional().default(null),
    showUntil: windowBound.optional().default(null),
  })
  .strict();
export type ImageInsertInput = z.input<typeof imageInsertBody>;

export const imageUpdateBody = z
  .object({
    id: idNumber,
    belongSortid: sortId.optional(),
    isOpen: openFlag.optional(),
    photoAddress: imageAddress.optional(),
    smallPhotoAddress: optionalImageAddress.optional(),
    photoTitle: title.optional(),
    urlAddress: linkAddress.optional(),
    showFrom: windowBound.optional(),
    showUntil: windowBound.optional(),
    /** Sent back by clients that post the whole record; never written. */
    createTime: z.string().optional(),
    updateTime: z.string().optional(),
    /** Sent back too; the order changes only through imageMsgReorder. */
    displayOrder: z.number().optional(),
  })
  .strict();
export type ImageUpdateInput = z.input<typeof imageUpdateBody>;

export const idQuery = z.object({ id: idText });

export const imageReorderBody = z
  .object({
    belongSortid: sortId,
    /** Items of the sort in their new order; the items not named keep their places around them. */
    ids: z
      .array(idNumber, { error: '应为编号列表' })
      .min(1, { error: '至少需要一个编号' })
      .max(999, { error: '一次最多排序 999 条' })
      .refine((ids) => new Set(ids).size === ids.length, { error: '编号不能重复' }),
  })
  .strict();
export type ImageReorderInput = z.input<typeof imageReorderBody>;

export const imageOpenManyBody = z
  .object({
    belongSortid: sortId,
    ids: z
      .array(idNumber, { error: '应为编号列表' })
      .min(1, { error: '至少需要一个编号' })
      .max(999, { error: '一次最多 999 条' })
      .refine((ids) => new Set(ids).size === ids.length, { error: '编号不能重复' }),
    isOpen: openFlag,
  })
  .strict();
export type ImageOpenManyInput = z.input<typeof imageOpenManyBody>;

export const img = {
  search: defineCall({
    method: 'POST',
    path: '/lianmeng/img/imageMsgSearch',
    host: 'main',
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'json',
    query: pageQuery,
    body: imageSearchBody,
    response: imageSearchResult,
    summary: '按分类与开放状态分页查询图片信息（匿名只返回开放的）',
  }),
  searchOne: defineCall({
    method: 'GET',
    path: '/lianmeng/img/imageMsgSearchOne',
    host: 'main',
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'none',
    query: idQuery,
    response: imageMessageSchema,
    summary: '按编号查询一条图片信息',
  }),
  insert: defineCall({
    method: 'POST',
    path: '/lianmeng/img/imageMsgInsert',
    host: 'main',
    access: 'editor',
    xsrf: true,
    bodyKind: 'json',
    body: imageInsertBody,
    response: imageMessageSchema,
    summary: '新增图片信息',
  }),
  update: defineCall({
    method: 'POST',
    path: '/lianmeng/img/imageMsgUpdate',
    host: 'main',
    access: 'staff',
    xsrf: true,
    bodyKind: 'json',
    body: imageUpdateBody,
    response: imageMessageSchema,
    summary: '修改图片信息（内容运营只能改开放状态）',
  }),
  delete: defineCall({
    method: 'GET',
    path: '/lianmeng/img/imageMsgDel',
    host: 'main',
    access: 'editor',
    xsrf: true,
    bodyKind: 'none',
    query: idQuery,
    response: z.object({ id: z.number().int() }),
    summary: '删除一条图片信息',
  }),
  sortClear: defineCall({
    method: 'GET',
    path: '/lianmeng/img/imageSortClear',
    host: 'main',
    access: 'editor',
    xsrf: true,
    bodyKind: 'none',
    query: z.object({
      belongSortid: z
        .string()
        .pipe(z.enum(['2', '3'], { error: '应为 2（顶部横幅）或 3（合作伙伴）' }))
        .transform((value) => Number(value) as ImageSortId),
    }),
    response: z.object({ belongSortid: z.number().int(), removed: z.number().int() }),
    summary: '清空一个分类的全部图片信息',
  }),
  reorder: defineCall({
    method: 'POST',
    path: '/lianmeng/img/imageMsgReorder',
    host: 'main',
    access: 'editor',
    xsrf: true,
    bodyKind: 'json',
    body: imageReorderBody,
    response: z.object({ belongSortid: z.number().int(), ids: z.array(z.number().int()) }),
    summary: '调整一个分类中图片信息的展示顺序（新增调用）',
  }),
  openMany: defineCall({
    method: 'POST',
    path: '/lianmeng/img/imageMsgOpenMany',
    host: 'main',
    access: 'staff',
    xsrf: true,
    bodyKind: 'json',
    body: imageOpenManyBody,
    response: z.object({ ids: z.array(z.number().int()), changed: z.number().int() }),
    summary: '批量开放或关闭一个分类中的多条图片信息，全部成功或全部不变（新增调用）',
  }),
  upload: defineCall({
    method: 'POST',
    path: '/lianmeng/img/upload',
    host: 'main',
    access: 'editor',
    xsrf: true,
    bodyKind: 'multipart',
    response: z.object({
      photoAddress: z.string(),
      smallPhotoAddress: z.string(),
      width: z.number().int(),
      height: z.number().int(),
    }),
    summary: '上传图片，重新编码并生成小图',
  }),
  uploadDocument: defineCall({
    method: 'POST',
    path: '/lianmeng/img/uploadDocument',
    host: 'main',
    access: 'editor',
    xsrf: true,
    bodyKind: 'multipart',
    response: attachmentSchema.extend({ size: z.number().int() }),
    summary:
      '上传文章附件（PDF、Word、Excel、PowerPoint、TXT、ZIP，按文件内容判断类型），下载时保留原文件名（新增调用）',
  }),
} as const;
