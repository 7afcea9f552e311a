import { z } from 'zod';
import { defineCall } from './call';
import { EVENT_LEVELS } from './credits';
import { eventWindowIssue } from './eventRules';
import { idNumber, idText, isoDateTime, pageQuery } from './fields';

/**
 * Match events (赛事) of the alliance's robot sports meetings: two types at five levels. No field of an event
 * or of anything attached to it is a price, fee or payment (the ministry's rules for pupils' competitions):
 * the schemas are strict, so a body carrying one is refused.
 */
export const EVENT_TYPES = ['regular', 'creative'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_TYPE_LABELS: Record<EventType, string> = { regular: '常规类', creative: '创意类' };
export type EventLevel = (typeof EVENT_LEVELS)[number];

/**
 * Where an event stands, on the server's clock: before its registration window (`upcoming`), in it
 * (`registering`), closed with no results published (`underway`), results published within the objection
 * period (`publicizing`), and after it (`finished`).
 */
export const EVENT_PHASES = ['upcoming', 'registering', 'underway', 'publicizing', 'finished'] as const;
export type EventPhase = (typeof EVENT_PHASES)[number];
export const EVENT_PHASE_LABELS: Record<EventPhase, string> = {
  upcoming: '即将报名',
  registering: '报名中',
  underway: '比赛进行中',
  publicizing: '成绩公示中',
  finished: '已结束',
};

/** The catalogue kinds an event's awards may post as credit. */
export const EVENT_CATALOGUE_KINDS = ['sportsMeet', 'competition'] as const;

export const EVENT_LIMITS = {
  maxItems: 20,
  /** Members of one team. */
  maxTeamSize: 10,
  /** An item that asks for photos asks for this many. */
  photos: { min: 2, max: 5 },
  video: { maxSeconds: 180, maxBytes: 200 * 1024 * 1024 },
  objectionDays: { default: 5, min: 1, max: 30 },
} as const;

const SEASON = /^20\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One item (项目) of an event, with its team size limits and the attachments a registration must carry. */
export const eventItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  minMembers: z.number().int(),
  maxMembers: z.number().int(),
  /** A design report (设计报告), PDF. */
  needsReport: z.boolean(),
  /** EVENT_LIMITS.photos pictures. */
  needsPhotos: z.boolean(),
  /** A video of at most EVENT_LIMITS.video. */
  needsVideo: z.boolean(),
});
export type EventItem = z.infer<typeof eventItemSchema>;

/** An event as the public lists show it. */
export const eventSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  season: z.string(),
  type: z.enum(EVENT_TYPES),
  typeLabel: z.string(),
  level: z.enum(EVENT_LEVELS),
  organizerName: z.string(),
  approvalNo: z.string(),
  /** Instants (ISO 8601, UTC); shown in Beijing time. */
  registrationOpens: isoDateTime,
  registrationCloses: isoDateTime,
  phase: z.enum(EVENT_PHASES),
  phaseLabel: z.string(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const eventDetailSchema = eventSummarySchema.extend({
  description: z.string(),
  items: z.array(eventItemSchema),
  /** The Beijing date from which results are expected. */
  resultsFrom: z.string(),
  objectionDays: z.number().int(),
  /** The catalogue item (学分项目) each award is posted under. */
  catalogueItemName: z.string(),
  /** The server's clock when it answered: a page counts down from it, not from the visitor's clock. */
  serverTime: isoDateTime,
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const eventListQuery = pageQuery.extend({
  phase: z.enum(EVENT_PHASES, { error: '阶段有误' }).optional(),
});

/** The public side of events: `/match` lists them, `/match/event/<id>` shows one. */
export const matchEvents = {
  list: defineCall({
    method: 'GET',
    path: '/api/match/events',
    host: 'main',
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'none',
    query: eventListQuery,
    response: z.object({ list: z.array(eventSummarySchema), total: z.number().int() }),
    summary: '赛事列表（报名中、进行中、公示中在前）',
  }),
  detail: defineCall({
    method: 'GET',
    path: '/api/match/events/:id',
    host: 'main',
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'none',
    params: z.object({ id: idText }),
    response: eventDetailSchema,
    summary: '赛事详情：项目、报名时间、承办单位',
  }),
} as const;

// The console's fields, shared by its create and update bodies.
const text = (max: number) =>
  z
    .string({ error: '应为文字' })
    .trim()
    .min(1, { error: '不能为空' })
    .max(max, { error: `不能超过 ${max} 个字符` });
const teamSize = z
  .number({ error: '应为数字' })
  .int({ error: '应为整数' })
  .min(1, { error: '至少 1 人' })
  .max(EVENT_LIMITS.maxTeamSize, { error: `最多 ${EVENT_LIMITS.maxTeamSize} 人` });

export const eventItemInput = z
  .object({
    /** An existing item's id (kept, so what was registered for it stays with it); none for a new item. */
    id: idNumber.optional(),
    name: text(50),
    minMembers: teamSize,
    maxMembers: teamSize,
    needsReport: z.boolean({ error: '应为是或否' }).optional().default(false),
    needsPhotos: z.boolean({ error: '应为是或否' }).optional().default(false),
    needsVideo: z.boolean({ error: '应为是或否' }).optional().default(false),
  })
  .strict()
  .refine((item) => item.minMembers <= item.maxMembers, {
    error: '最少人数不能多于最多人数',
    path: ['maxMembers'],
  });

const eventFields = {
  name: text(100),
  season: z.string({ error: '应为文字' }).regex(SEASON, { error: '应为年份，如 2026' }),
  type: z.enum(EVENT_TYPES, { error: '请选择类别' }),
  level: z.enum(EVENT_LEVELS, { error: '请选择级别' }),
  organizerId: z.number({ error: '请选择承办单位' }).pipe(idNumber),
  approvalNo: text(100),
  description: z.string({ error: '应为文字' }).max(5000, { error: '不能超过 5000 个字符' }).optional().default(''),
  registrationOpens: z.iso.datetime({ offset: true, error: '应为日期时间' }),
  registrationCloses: z.iso.datetime({ offset: true, error: '应为日期时间' }),
  resultsFrom: z.string({ error: '应为日期' }).regex(DATE, { error: '应为 YYYY-MM-DD' }),
  objectionDays: z
    .number({ error: '应为数字' })
    .int({ error: '应为整数' })
    .min(EVENT_LIMITS.objectionDays.min, { error: `至少 ${EVENT_LIMITS.objectionDays.min} 天` })
    .max(EVENT_LIMITS.objectionDays.max, { error: `最多 ${EVENT_LIMITS.objectionDays.max} 天` })
    .optional()
    .default(EVENT_LIMITS.objectionDays.default),
  catalogueId: z.number({ error: '请选择学分项目' }).pipe(idNumber),
  items: z
    .array(eventItemInput, { error: '请添加项目' })
    .min(1, { error: '至少一个项目' })
    .max(EVENT_LIMITS.maxItems, { error: `最多 ${EVENT_LIMITS.maxItems} 个项目` })
    .refine((items) => new Set(items.map((item) => item.name)).size === items.length, { error: '项目名称不能重复' }),
  /** Shown on /match; an event being prepared is not. */
  visible: z.boolean({ error: '应为是或否' }).optional().default(false),
};

const withWindow = <
  T extends z.ZodType<{ registrationOpens?: string; registrationCloses?: string; resultsFrom?: string }>,
>(
  schema: T,
) =>
  schema.superRefine((event, ctx) => {
    const issue = eventWindowIssue(event);
    if (issue) ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.path] });
  });

export const eventCreateBody = withWindow(z.object(eventFields).strict());

/** An update's fields: a field left out keeps its value, so none takes the create's default. */
const eventUpdateFields = {
  ...eventFields,
  description: eventFields.description.unwrap(),
  objectionDays: eventFields.objectionDays.unwrap(),
  visible: eventFields.visible.unwrap(),
};

/** react-admin puts the whole record back: the fields the server works out are accepted and ignored. */
export const eventUpdateBody = withWindow(
  z
    .object(eventUpdateFields)
    .partial()
    .extend({
      id: z.number().int().optional(),
      typeLabel: z.string().optional(),
      organizerName: z.string().optional(),
      catalogueItemName: z.string().optional(),
      phase: z.string().optional(),
      phaseLabel: z.string().optional(),
      createTime: z.string().optional(),
      updateTime: z.string().optional(),
    })
    .strict(),
);

/** An event as the console edits it. */
export const consoleEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  season: z.string(),
  type: z.enum(EVENT_TYPES),
  typeLabel: z.string(),
  level: z.enum(EVENT_LEVELS),
  organizerId: z.number().int(),
  organizerName: z.string(),
  approvalNo: z.string(),
  description: z.string(),
  registrationOpens: isoDateTime,
  registrationCloses: isoDateTime,
  resultsFrom: z.string(),
  objectionDays: z.number().int(),
  catalogueId: z.number().int(),
  catalogueItemName: z.string(),
  items: z.array(eventItemSchema),
  visible: z.boolean(),
  phase: z.enum(EVENT_PHASES),
  phaseLabel: z.string(),
  createTime: isoDateTime,
  updateTime: isoDateTime,
});
export type ConsoleEvent = z.infer<typeof consoleEventSchema>;
