import { z } from 'zod';
import { defineCall } from './call';
import { pageQuery } from './fields';
import { cardNoField } from './uc';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const creditRecordSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  activity: z.string(),
  category: z.string(),
  credits: z.number(),
  issuer: z.string(),
  certificateNo: z.string(),
});
export type CreditRecord = z.infer<typeof creditRecordSchema>;

export const creditAccountSchema = z.object({
  cardNo: z.string(),
  name: z.string(),
  school: z.string(),
  totalCredits: z.number(),
  categories: z.array(z.string()),
  list: z.array(creditRecordSchema),
  total: z.number().int(),
});
export type CreditAccount = z.infer<typeof creditAccountSchema>;

export const creditBank = {
  info: defineCall({
    method: 'GET',
    path: '/api/creditBank/info',
    host: 'main',
    access: 'cardHolder',
    xsrf: false,
    bodyKind: 'none',
    query: pageQuery.extend({
      cardNo: cardNoField,
      category: z.string().max(32).optional(),
      from: z.string().regex(DATE, { error: '应为 YYYY-MM-DD' }).optional(),
      to: z.string().regex(DATE, { error: '应为 YYYY-MM-DD' }).optional(),
    }),
    response: creditAccountSchema,
    summary: '学分账户与学分记录',
  }),
} as const;
