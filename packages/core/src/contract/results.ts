import { z } from 'zod';
import { defineCall } from './call';
import { idNumber, idSegment, idText, isoDateTime, pageQuery } from './fields';
import { fileDownloadSchema } from './institutions';

/**
 * Results (成绩) of a match event: the organiser enters each admitted team's rank and award per item, by hand
 * or from a spreadsheet, then publishes them once; the published list (公示) is public with members' names
 * masked, and for the event's objection period an institution may object to a result; the organiser's answer
 * is public too (date received, date answered, answer).
 */
export const AWARDS = ['first', 'second', 'third', 'merit'] as const;
export type Award = (typeof AWARDS)[number];
export const AWARD_LABELS: Record<Award, string> = {
  first: '一等奖',
  second: '二等奖',
  third: '三等奖',
  merit: '优秀奖',
};

/** The results spreadsheet's columns, in the template's order (the template lists every admitted team). */
export const RESULT_IMPORT_COLUMNS = ['队伍编号', '项目', '队名', '学校', '名次', '奖项'] as const;
export const RESULT_IMPORT_LIMITS = { maxRows: 5_000, maxBytes: 5 * 1024 * 1024 } as const;

/** An award as typed in a sheet or a form: its label (一等奖) or key (first); empty for none. */
const awardField = z.enum(AWARDS, { error: '奖项应为一等奖、二等奖、三等奖或优秀奖' }).nullable();
const rankField = z
  .number({ error: '名次应为数字' })
  .int({ error: '名次应为整数' })
  .min(1, { error: '名次至少为 1' })
  .max(10_000, { error: '名次不能超过 10000' })
  .nullable();

/**
 * One team's result as the organiser enters it: a rank, an award, or both; both null clears it. A missing one is
 * null: the portal's client drops null values from every body it sends.
 */
export const resultEntrySchema = z
  .object({
    teamId: idNumber,
    rank: rankField.optional().default(null),
    award: awardField.optional().default(null),
  })
  .strict();
export type ResultEntry = z.infer<typeof resultEntrySchema>;

/** An admitted team and its result, as the organiser sees them while entering results. */
export const resultRowSchema = z.object({
  teamId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  teamName: z.string(),
  institutionName: z.string(),
  /** Masked (张*明), as they will be published. */
  members: z.array(z.string()),
  rank: z.number().int().nullable(),
  award: z.enum(AWARDS).nullable(),
  awardLabel: z.string(),
});
export type ResultRow = z.infer<typeof resultRowSchema>;

export const organiserResultsSchema = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  /** Set once published: the list is then public and fixed. */
  publishedTime: z.string().nullable(),
  /** The end of the objection period (an instant), once published. */
  objectionDeadline: z.string().nullable(),
  /** When an operator made the results final (certificates issued, credits posted); null until then. */
  finalTime: z.string().nullable(),
  /** The server's clock, for the objection deadline's countdown. */
  serverTime: isoDateTime,
  /** Whether publishing is possible now (registration closed, not published, at least one result). */
  publishable: z.boolean(),
  /** Why not, in Chinese, when it is not. */
  notPublishableReason: z.string(),
  rows: z.array(resultRowSchema),
});
export type OrganiserResults = z.infer<typeof organiserResultsSchema>;

export const resultImportPreviewSchema = z.object({
  previewId: z.string(),
  fileName: z.string(),
  total: z.number().int(),
  acceptedCount: z.number().int(),
  refusedCount: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      teamId: z.number().int().nullable(),
      teamName: z.string(),
      itemName: z.string(),
      rank: z.number().int().nullable(),
      award: z.enum(AWARDS).nullable(),
      outcome: z.enum(['accepted', 'refused']),
      issues: z.array(z.object({ column: z.string(), message: z.string() })),
    }),
  ),
});
export type ResultImportPreview = z.infer<typeof resultImportPreviewSchema>;

/** An objection (异议) to a published result, as the public list shows it: never who objected. */
export const publicObjectionSchema = z.object({
  id: z.number().int(),
  teamName: z.string(),
  itemName: z.string(),
  /** Beijing dates, YYYY-MM-DD. */
  receivedDate: z.string(),
  answeredDate: z.string().nullable(),
  answer: z.string(),
});
export type PublicObjection = z.infer<typeof publicObjectionSchema>;

/** An objection as the objecting institution and the organiser see it: with its reason. */
export const matchObjectionSchema = publicObjectionSchema.extend({
  eventId: z.number().int(),
  eventName: z.string(),
  institutionName: z.string(),
  reason: z.string(),
  receivedTime: z.string(),
  answeredTime: z.string().nullable(),
});
export type MatchObjection = z.infer<typeof matchObjectionSchema>;

export const publicResultSchema = z.object({
  /** The team the result is for: an institution objecting to it names this team (the school's 提出异议). */
  teamId: z.number().int(),
  itemName: z.string(),
  rank: z.number().int().nullable(),
  awardLabel: z.string(),
  teamName: z.string(),
  institutionName: z.string(),
  /** Masked: 张*明. */
  members: z.array(z.string()),
});

/** The published results (公示) of an event, on its public page. */
export const publicResultsSchema = z.object({
  publishedTime: z.string().nullable(),
  objectionDeadline: z.string().nullable(),
  /** When the results became final (certificates issued); null until then. */
  finalTime: z.string().nullable(),
  /** The server's clock, for the deadline's countdown. */
  serverTime: isoDateTime,
  results: z.array(publicResultSchema),
  objections: z.array(publicObjectionSchema),
});
export type PublicResults = z.infer<typeof publicResultsSchema>;

const eventParams = z.object({ eventId: idSegment });
const idParams = z.object({ id: idSegment });
const textField = (what: string, max: number) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(2, { error: `请填写${what}（至少 2 个字）` })
    .max(max, { error: `不能超过 ${max} 个字` });

const institutionBase = { host: 'main', access: 'cardHolder', cardRole: 'institution', xsrf: false } as const;
const organised = '/api/creditBank/institution/match/organised';

/** Results and their objections, by the organising institution's account, for the events it organises only. */
export const matchResults = {
  results: defineCall({
    ...institutionBase,
    method: 'GET',
    path: `${organised}/events/:eventId/results`,
    bodyKind: 'none',
    params: eventParams,
    response: organiserResultsSchema,
    summary: '录入成绩：各项目已通过审核的队伍及其名次、奖项',
  }),
  save: defineCall({
    ...institutionBase,
    method: 'PUT',
    path: `${organised}/events/:eventId/results`,
    bodyKind: 'json',
    params: eventParams,
    body: z
      .object({
        entries: z
          .array(resultEntrySchema, { error: '请填写成绩' })
          .min(1, { error: '请填写成绩' })
          .max(RESULT_IMPORT_LIMITS.maxRows),
      })
      .strict(),
    response: organiserResultsSchema,
    summary: '保存成绩（公示前；只能是已通过审核的队伍，同一项目名次不重复）',
  }),
  template: defineCall({
    ...institutionBase,
    method: 'GET',
    path: `${organised}/events/:eventId/results/template`,
    bodyKind: 'none',
    params: eventParams,
    response: fileDownloadSchema,
    summary: '成绩表模板（.xlsx，列出全部已通过审核的队伍）',
  }),
  importPreview: defineCall({
    ...institutionBase,
    method: 'POST',
    path: `${organised}/events/:eventId/results/import/preview`,
    // One part named `file` (.xlsx or .csv). Nothing is written.
    bodyKind: 'multipart',
    params: eventParams,
    response: resultImportPreviewSchema,
    summary: '预览成绩表：逐行标明可导入或拒绝原因（不写入）',
  }),
  importCommit: defineCall({
    ...institutionBase,
    method: 'POST',
    path: `${organised}/events/:eventId/results/import/commit`,
    // The same file again as `file`, and optionally `previewId`. All rows or none.
    bodyKind: 'multipart',
    params: eventParams,
    response: organiserResultsSchema,
    summary: '导入成绩表：全部成功或全部不写',
  }),
  publish: defineCall({
    ...institutionBase,
    method: 'POST',
    path: `${organised}/events/:eventId/results/publish`,
    bodyKind: 'none',
    params: eventParams,
    response: organiserResultsSchema,
    summary: '公示成绩（报名截止后；只能公示一次，之后成绩不能修改）',
  }),
  objections: defineCall({
    ...institutionBase,
    method: 'GET',
    path: `${organised}/events/:eventId/objections`,
    bodyKind: 'none',
    params: eventParams,
    query: pageQuery,
    response: z.object({ list: z.array(matchObjectionSchema), total: z.number().int() }),
    summary: '对本机构承办赛事成绩的异议',
  }),
  answer: defineCall({
    ...institutionBase,
    method: 'POST',
    path: `${organised}/objections/:id/answer`,
    bodyKind: 'json',
    params: idParams,
    body: z.object({ answer: textField('答复', 1000) }).strict(),
    response: matchObjectionSchema,
    summary: '答复异议（公开在公示页；只能答复一次）',
  }),
} as const;

/** Objections by any institution with a team in the event, within the objection period. */
export const matchObjections = {
  object: defineCall({
    ...institutionBase,
    method: 'POST',
    path: '/api/creditBank/institution/match/objections',
    bodyKind: 'json',
    body: z
      .object({
        /** The team whose result is objected to (any team of the event, not only the institution's own). */
        teamId: idNumber,
        reason: textField('异议理由', 1000),
      })
      .strict(),
    response: matchObjectionSchema,
    summary: '对公示的成绩提出异议（公示期内；须在该赛事有参赛队伍）',
  }),
  mine: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/match/objections',
    bodyKind: 'none',
    query: pageQuery.extend({ eventId: idText.optional() }),
    response: z.object({ list: z.array(matchObjectionSchema), total: z.number().int() }),
    summary: '本机构提出的异议及答复',
  }),
} as const;

/** The public 公示 of an event. */
export const matchPublicResults = {
  results: defineCall({
    method: 'GET',
    path: '/api/match/events/:id/results',
    host: 'main',
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'none',
    params: z.object({ id: idText }),
    response: publicResultsSchema,
    summary: '赛事成绩公示：获奖队伍（队员姓名遮蔽）、异议及答复',
  }),
} as const;
