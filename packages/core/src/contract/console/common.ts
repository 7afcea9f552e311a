import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../constants';
import { idNumber, idText } from '../fields';

/** What the console's resources share: their path prefix, list query, id parameters and text rules. */
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
export const listQuery = <F extends z.ZodType>(filter: F, sortFields: readonly [string, ...string[]]) =>
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

export const idList = z.array(idNumber).max(MAX_PAGE_SIZE);
export const optionalText = (max: number) =>
  z.string({ error: '应为文字' }).max(max, { error: `不能超过 ${max} 个字符` });
export const requiredText = (max: number) =>
  z
    .string({ error: '应为文字' })
    .trim()
    .min(1, { error: '不能为空' })
    .max(max, { error: `不能超过 ${max} 个字符` });

export const idParams = z.object({ id: idText });

/** The path of a console resource, with `/:id` for one record. */
export const resourcePath = (resource: string, withId = false) =>
  `${CONSOLE_API_PREFIX}/${resource}${withId ? '/:id' : ''}`;
