import { z } from 'zod';
import { defineCall } from './call';
import { idText, integerText, MAX_ID, pageQuery } from './fields';

export const attachmentSchema = z.object({ name: z.string(), url: z.string(), size: z.number().int().optional() });
export type Attachment = z.infer<typeof attachmentSchema>;

export const articleSummarySchema = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  title: z.string(),
  summary: z.string(),
  publishTime: z.string(),
  source: z.string(),
  coverImage: z.string(),
  /**
   * Added to the list answer when the cover is an upload the server knows: the address of its small
   * image and that small image's pixel size, so a list can show it without loading the full picture and
   * reserve its box before it arrives. Absent for a cover of unknown size (an outside address) or none.
   */
  coverSmall: z.string().optional(),
  coverWidth: z.number().int().positive().optional(),
  coverHeight: z.number().int().positive().optional(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  author: z.string(),
  body: z.string(),
  attachments: z.array(attachmentSchema),
});
export type Article = z.infer<typeof articleSchema>;

const hasControlCharacter = (text: string) =>
  [...text].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

const neighbour = z.object({ id: z.number().int(), title: z.string() }).nullable();

export const content = {
  articles: defineCall({
    method: 'GET',
    path: '/api/content/articles',
    host: 'main',
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'none',
    query: pageQuery.extend({
      typeId: integerText(1, MAX_ID).optional(),
      keyword: z
        .string()
        .max(50, { error: '不能超过 50 个字符' })
        // PostgreSQL refuses a NUL byte in text outright; no control character belongs in a search.
        .refine((text) => !hasControlCharacter(text), { error: '不能包含控制字符' })
        .optional(),
    }),
    response: z.object({ list: z.array(articleSummarySchema), total: z.number().int() }),
    summary: '文章列表（按栏目、关键词分页）',
  }),
  article: defineCall({
    method: 'GET',
    path: '/api/content/articles/:id',
    host: 'main',
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'none',
    params: z.object({ id: idText }),
    response: articleSchema.extend({ previous: neighbour, next: neighbour }),
    summary: '一篇文章及其同栏目的上一篇、下一篇',
  }),
} as const;
