import { z } from 'zod';
import { defineCall } from './call';
import { CREDIT_KINDS, CREDIT_LEVELS, HOLDER_CREDIT_STATES, objectionSchema } from './credits';
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
  // Provenance (where the credit came from), added to the specified fields above.
  /** The catalogue item's kind (label, e.g. 竞赛), level (e.g. 省级) and name. */
  kind: z.string(),
  level: z.string(),
  itemName: z.string(),
  /** The institution that recorded it. */
  institutionName: z.string(),
  /** The day it was posted (已入账), and the reviewing unit that approved it. */
  postedDate: z.string(),
  reviewingUnit: z.string(),
  /** Whether evidence can be opened (api.creditHolder.evidence). */
  hasEvidence: z.boolean(),
  state: z.enum(HOLDER_CREDIT_STATES),
  stateLabel: z.string(),
  /** Set once a reversal (冲正) of it was posted. */
  reversal: z.object({ reason: z.string(), postedDate: z.string() }).nullable(),
  /** The holder's objection and the institution's answer, if any. */
  objection: objectionSchema.nullable(),
  /** Whether the holder may still object (posted, no objection yet, within the objection period). */
  canObject: z.boolean(),
});
export type CreditRecord = z.infer<typeof creditRecordSchema>;

export const creditAccountSchema = z.object({
  cardNo: z.string(),
  name: z.string(),
  school: z.string(),
  /** Posted and not reversed: the sum of what the ledger holds. */
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
      kind: z.enum(CREDIT_KINDS, { error: '类型有误' }).optional(),
      level: z.enum(CREDIT_LEVELS, { error: '级别有误' }).optional(),
      from: z.string().regex(DATE, { error: '应为 YYYY-MM-DD' }).optional(),
      to: z.string().regex(DATE, { error: '应为 YYYY-MM-DD' }).optional(),
    }),
    response: creditAccountSchema,
    summary: '学分账户与学分记录',
  }),
} as const;
