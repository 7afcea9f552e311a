import { z } from 'zod';
import { defineCall } from './call';
import { EVENT_LEVELS } from './credits';
import { EVENT_LIMITS, EVENT_TYPES, eventDetailSchema } from './events';
import { idNumber, idSegment, integerText, MAX_ID, pageQuery } from './fields';
import type { Award } from './results';
import { cardNoField } from './uc';

/**
 * Registration (报名) for match events: an institution's teams, their members (the institution's own card
 * holders), their attachments, and the organiser's review. No field here or anywhere near it is a fee.
 */

/**
 * A team's place in registration: being prepared (`draft`), handed in and waiting for the organiser
 * (`submitted`), sent back with reasons (`returned`, fixable and resubmittable while the window is open), or
 * admitted (`approved`).
 */
export const TEAM_STATES = ['draft', 'submitted', 'returned', 'approved'] as const;
export type TeamState = (typeof TEAM_STATES)[number];
export const TEAM_STATE_LABELS: Record<TeamState, string> = {
  draft: '未提交',
  submitted: '待审核',
  returned: '已退回',
  approved: '已通过',
};

/** The attachments an item may ask for: a design report (PDF), photos, a video. */
export const TEAM_FILE_KINDS = ['report', 'photo', 'video'] as const;
export type TeamFileKind = (typeof TEAM_FILE_KINDS)[number];
export const TEAM_FILE_KIND_LABELS: Record<TeamFileKind, string> = {
  report: '设计报告',
  photo: '照片',
  video: '视频',
};

/** What each kind of attachment may be, judged by its bytes (never by its name). */
export const TEAM_FILE_LIMITS = {
  report: { maxBytes: 20 * 1024 * 1024, formats: ['PDF'], count: { min: 1, max: 1 } },
  photo: { maxBytes: 10 * 1024 * 1024, formats: ['JPEG', 'PNG'], count: EVENT_LIMITS.photos },
  video: {
    maxBytes: EVENT_LIMITS.video.maxBytes,
    formats: ['MP4', 'MOV'],
    count: { min: 1, max: 1 },
    minSeconds: 1,
    maxSeconds: EVENT_LIMITS.video.maxSeconds,
  },
  maxNameLength: 200,
} as const;

const text = (max: number, empty = '不能为空') =>
  z
    .string({ error: '应为文字' })
    .trim()
    .min(1, { error: empty })
    .max(max, { error: `不能超过 ${max} 个字符` });

/** A team as its institution edits it: the member cards in the order given. */
export const teamBody = z
  .object({
    itemId: z.number({ error: '请选择项目' }).pipe(idNumber),
    name: text(40, '请填写队名'),
    coach: text(40, '请填写指导教师'),
    members: z
      .array(cardNoField, { error: '请选择队员' })
      .min(1, { error: '请选择队员' })
      .max(EVENT_LIMITS.maxTeamSize, { error: `最多 ${EVENT_LIMITS.maxTeamSize} 名队员` })
      .refine((members) => new Set(members).size === members.length, { error: '队员不能重复' }),
  })
  .strict();
export type TeamBody = z.infer<typeof teamBody>;

/** An edit keeps the item: a team for another item is a new team. */
export const teamUpdateBody = teamBody.omit({ itemId: true }).strict();

export const teamMemberSchema = z.object({
  cardNo: z.string(),
  /** The institution's own pupils by name; an organiser of another institution sees it masked (张*明). */
  name: z.string(),
  grade: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TEAM_FILE_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** A video's length in whole seconds, read from its bytes; null for the other kinds. */
  durationSeconds: z.number().int().nullable(),
  createTime: z.string(),
});
export type TeamFile = z.infer<typeof teamFileSchema>;

export const teamSummarySchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventName: z.string(),
  itemId: z.number().int(),
  itemName: z.string(),
  institutionId: z.number().int(),
  institutionName: z.string(),
  name: z.string(),
  coach: z.string(),
  state: z.enum(TEAM_STATES),
  stateLabel: z.string(),
  memberCount: z.number().int(),
  /** What a submit would still refuse for, in Chinese (team size, a missing attachment); empty when complete. */
  missing: z.array(z.string()),
  /** The organiser's reasons when returned; '' otherwise. */
  returnReason: z.string(),
  submittedTime: z.string().nullable(),
  reviewedTime: z.string().nullable(),
  updateTime: z.string(),
  /** Whether the institution may still change it: its event's window is open on the server's clock. */
  editable: z.boolean(),
  /** A team carried up from a lower level's event (晋级): where it came from and the award that took it there. */
  carriedFrom: z.object({ eventName: z.string(), teamName: z.string(), awardLabel: z.string() }).nullable(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamDetailSchema = teamSummarySchema.extend({
  members: z.array(teamMemberSchema),
  files: z.array(teamFileSchema),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** An event as the registering institution sees it: the public detail and the window's state now. */
export const registrationEventSchema = eventDetailSchema.extend({
  /** The window is open on the server's clock. */
  open: z.boolean(),
  /** This institution's teams in the event. */
  teamCount: z.number().int(),
});
export type RegistrationEvent = z.infer<typeof registrationEventSchema>;

/** An event as its organiser (or an operator) reviews it: the teams by state. */
export const organisedEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  season: z.string(),
  level: z.string(),
  phaseLabel: z.string(),
  registrationCloses: z.string(),
  counts: z.object({
    submitted: z.number().int(),
    returned: z.number().int(),
    approved: z.number().int(),
  }),
});
export type OrganisedEvent = z.infer<typeof organisedEventSchema>;

const teamParams = z.object({ id: idSegment });
const teamFileParams = z.object({ id: idSegment, fileId: idSegment });

/**
 * A resumable upload: started with the file's kind, name and size, then sent in pieces of at most
 * `UPLOAD_CHUNK_BYTES`, each at the offset the server has reached, then finished (checked by its bytes and
 * recorded). An unfinished upload is kept for `UPLOAD_KEEP_HOURS` from its start, and a team has at most
 * `MAX_OPEN_UPLOADS` at once.
 */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
export const UPLOAD_KEEP_HOURS = 24;
export const MAX_OPEN_UPLOADS = 3;

/** An upload's id: 128 random bits as 32 hex digits, never a counter. */
const uploadId = z.string().regex(/^[0-9a-f]{32}$/, { error: '上传编号有误' });
const uploadParams = z.object({ id: idSegment, uploadId });
const uploadStartBody = z
  .object({
    kind: z.enum(TEAM_FILE_KINDS, { error: '附件类别有误' }),
    fileName: text(255, '请提供文件名'),
    size: z
      .number({ error: '请提供文件大小' })
      .int({ error: '文件大小应为整数' })
      .min(1, { error: '文件是空的，请重新选择' })
      .max(MAX_ID, { error: '文件过大' }),
  })
  .strict();
export type UploadStartBody = z.infer<typeof uploadStartBody>;
const uploadChunkQuery = z.object({ offset: integerText(0, MAX_ID) });
const uploadStartedSchema = z.object({
  uploadId: z.string(),
  /** The largest piece the server takes in one request. */
  chunkBytes: z.number().int(),
  /** How many bytes the server has: 0 for a new upload. */
  received: z.number().int(),
});
const uploadStatusSchema = z.object({
  kind: z.enum(TEAM_FILE_KINDS),
  size: z.number().int(),
  received: z.number().int(),
  chunkBytes: z.number().int(),
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;
const eventParams = z.object({ eventId: idSegment });
const returnBody = z
  .object({
    reason: z
      .string({ error: '请填写退回原因' })
      .trim()
      .min(2, { error: '请填写退回原因（至少 2 个字）' })
      .max(500, { error: '不能超过 500 个字' }),
  })
  .strict();
const teamPage = z.object({ list: z.array(teamSummarySchema), total: z.number().int() });

/**
 * An attachment's bytes (a video may be 200 MB): the answer is the file itself, not an envelope, so there is
 * no `data` to check; the client's `download` hands it over as a Blob.
 */
const fileBytes = z.unknown();

const institutionBase = { host: 'main', access: 'cardHolder', cardRole: 'institution', xsrf: false } as const;
const operatorBase = { host: 'main', access: 'cardHolder', cardRole: 'operator', xsrf: false } as const;

/**
 * Registration in the institution workbench (机构工作台 › 赛事报名): always for the caller's own institution,
 * whatever ids are sent. Changes are refused once the event's window has closed on the server's clock.
 */
export const matchRegistration = {
  events: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/match/events',
    bodyKind: 'none',
    query: pageQuery,
    response: z.object({ list: z.array(registrationEventSchema), total: z.number().int() }),
    summary: '可报名的赛事（报名中，以及本机构已有队伍的赛事）',
  }),
  teams: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/match/teams',
    bodyKind: 'none',
    query: pageQuery.extend({ eventId: idSegment.optional() }),
    response: teamPage,
    summary: '本机构的参赛队伍',
  }),
  team: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/match/teams/:id',
    bodyKind: 'none',
    params: teamParams,
    response: teamDetailSchema,
    summary: '本机构的一支队伍：队员、附件、尚缺什么',
  }),
  create: defineCall({
    ...institutionBase,
    method: 'POST',
    path: '/api/creditBank/institution/match/teams',
    bodyKind: 'json',
    body: teamBody,
    response: teamDetailSchema,
    summary: '新建队伍（报名期内；队员须为本机构人员，同一项目每人只能在一支队伍）',
  }),
  update: defineCall({
    ...institutionBase,
    method: 'PUT',
    path: '/api/creditBank/institution/match/teams/:id',
    bodyKind: 'json',
    params: teamParams,
    body: teamUpdateBody,
    response: teamDetailSchema,
    summary: '修改队伍（报名截止前；已提交或已通过的队伍修改后重新待审核）',
  }),
  withdraw: defineCall({
    ...institutionBase,
    method: 'DELETE',
    path: '/api/creditBank/institution/match/teams/:id',
    bodyKind: 'none',
    params: teamParams,
    response: z.object({}),
    summary: '撤回报名（报名截止前；队伍及其附件删除）',
  }),
  uploadStart: defineCall({
    ...institutionBase,
    method: 'POST',
    path: '/api/creditBank/institution/match/teams/:id/uploads',
    bodyKind: 'json',
    params: teamParams,
    body: uploadStartBody,
    response: uploadStartedSchema,
    summary:
      '开始上传附件（可续传）：先声明类别、文件名与大小，队伍、报名期、项目要求、份数与大小（超限答 413）在传任何字节前检查',
  }),
  uploadStatus: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/match/teams/:id/uploads/:uploadId',
    bodyKind: 'none',
    params: uploadParams,
    response: uploadStatusSchema,
    summary: '上传进度：服务器已收到多少字节（断线或刷新页面后从此处续传）',
  }),
  uploadChunk: defineCall({
    ...institutionBase,
    method: 'PUT',
    path: '/api/creditBank/institution/match/teams/:id/uploads/:uploadId',
    // The raw bytes of one piece (application/octet-stream), at most `chunkBytes`, starting at `offset`.
    bodyKind: 'bytes',
    params: uploadParams,
    query: uploadChunkQuery,
    response: uploadStatusSchema,
    summary:
      '上传一块（application/octet-stream，每块不超过 8 MB）：offset 须等于已收到的字节数，否则答 409；超出声明的大小答 400',
  }),
  uploadFinish: defineCall({
    ...institutionBase,
    method: 'POST',
    path: '/api/creditBank/institution/match/teams/:id/uploads/:uploadId/finish',
    bodyKind: 'none',
    params: uploadParams,
    response: teamDetailSchema,
    summary: '完成上传：按文件内容检查（设计报告 PDF、照片 JPEG/PNG、视频 MP4/MOV 3 分钟以内），报名截止后拒绝',
  }),
  uploadCancel: defineCall({
    ...institutionBase,
    method: 'DELETE',
    path: '/api/creditBank/institution/match/teams/:id/uploads/:uploadId',
    bodyKind: 'none',
    params: uploadParams,
    response: z.object({}),
    summary: '放弃一次未完成的上传（已收到的字节删除）',
  }),
  removeFile: defineCall({
    ...institutionBase,
    method: 'DELETE',
    path: '/api/creditBank/institution/match/teams/:id/files/:fileId',
    bodyKind: 'none',
    params: teamFileParams,
    response: teamDetailSchema,
    summary: '删除附件（报名截止前）',
  }),
  file: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/match/teams/:id/files/:fileId',
    bodyKind: 'none',
    params: teamFileParams,
    responseKind: 'bytes',
    response: fileBytes,
    summary: '下载本机构队伍的附件',
  }),
  submit: defineCall({
    ...institutionBase,
    method: 'POST',
    path: '/api/creditBank/institution/match/teams/:id/submit',
    bodyKind: 'none',
    params: teamParams,
    response: teamDetailSchema,
    summary: '提交报名（人数与附件齐全；报名截止后拒绝）',
  }),
} as const;

/** The organiser's review, the same for the organising institution's account and for an operator. */
const reviewCalls = (base: typeof institutionBase | typeof operatorBase, prefix: string, who: string) =>
  ({
    events: defineCall({
      ...base,
      method: 'GET',
      path: `${prefix}/events`,
      bodyKind: 'none',
      query: pageQuery,
      response: z.object({ list: z.array(organisedEventSchema), total: z.number().int() }),
      summary: `${who}审核的赛事及各状态队伍数`,
    }),
    teams: defineCall({
      ...base,
      method: 'GET',
      path: `${prefix}/events/:eventId/teams`,
      bodyKind: 'none',
      params: eventParams,
      query: pageQuery.extend({ state: z.enum(TEAM_STATES, { error: '状态有误' }).optional() }),
      response: teamPage,
      summary: '赛事的报名队伍（未提交的草稿不在其中）',
    }),
    team: defineCall({
      ...base,
      method: 'GET',
      path: `${prefix}/teams/:id`,
      bodyKind: 'none',
      params: teamParams,
      response: teamDetailSchema,
      summary: '一支报名队伍（队员姓名遮蔽）',
    }),
    file: defineCall({
      ...base,
      method: 'GET',
      path: `${prefix}/teams/:id/files/:fileId`,
      bodyKind: 'none',
      params: teamFileParams,
      responseKind: 'bytes',
      response: fileBytes,
      summary: '报名队伍的附件',
    }),
    approve: defineCall({
      ...base,
      method: 'POST',
      path: `${prefix}/teams/:id/approve`,
      bodyKind: 'none',
      params: teamParams,
      response: teamDetailSchema,
      summary: '通过报名；不在待审核状态答 409',
    }),
    return: defineCall({
      ...base,
      method: 'POST',
      path: `${prefix}/teams/:id/return`,
      bodyKind: 'json',
      params: teamParams,
      body: returnBody,
      response: teamDetailSchema,
      summary: '退回报名（附原因，报名截止前可修改后重新提交）；不在待审核状态答 409',
    }),
  }) as const;

/** Review by the organising institution's account, for the events it organises only. */
export const matchOrganiser = reviewCalls(
  institutionBase,
  '/api/creditBank/institution/match/organised',
  '本机构承办、',
);

/** Review by the alliance's operators, for every event. */
export const matchReview = reviewCalls(operatorBase, '/api/creditBank/review/match', '');

/**
 * The ladder (晋级): a team that won 一等奖, 二等奖 or 三等奖 at one level may be carried into the next level's
 * event of the same type with an item of the same name, once its own event's results are final. 优秀奖 and a
 * rank without an award do not carry.
 */
export const LADDER_AWARDS = ['first', 'second', 'third'] as const satisfies readonly Award[];
export type LadderAward = (typeof LADDER_AWARDS)[number];

/** An event a team may be carried into now: the next level, the same type, its window open, the item found. */
export const ladderTargetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.enum(EVENT_LEVELS),
  registrationCloses: z.string(),
  /** The target event's item of the same name as the team's. */
  itemId: z.number().int(),
  /** The team already carried into this event (a draft or further on); null while it has not been. */
  carriedTeamId: z.number().int().nullable(),
});
export type LadderTarget = z.infer<typeof ladderTargetSchema>;

/** One of the institution's awarded teams whose results are final, with where it may go next. */
export const ladderTeamSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  memberCount: z.number().int(),
  eventId: z.number().int(),
  eventName: z.string(),
  type: z.enum(EVENT_TYPES),
  level: z.enum(EVENT_LEVELS),
  itemName: z.string(),
  award: z.enum(LADDER_AWARDS),
  awardLabel: z.string(),
  /** Empty until a next-level event with the item opens its registration. */
  targets: z.array(ladderTargetSchema),
});
export type LadderTeam = z.infer<typeof ladderTeamSchema>;

const carryBody = z.object({ eventId: z.number({ error: '请选择要报名的赛事' }).pipe(idNumber) }).strict();
export type CarryBody = z.infer<typeof carryBody>;

/** The ladder in the institution workbench (赛事报名 › 晋级报名), for the caller's own institution only. */
export const matchLadder = {
  teams: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/match/ladder',
    bodyKind: 'none',
    query: pageQuery,
    response: z.object({ list: z.array(ladderTeamSchema), total: z.number().int() }),
    summary: '可晋级的队伍（成绩已生效、获一、二、三等奖）及可带入报名的上一级赛事',
  }),
  carry: defineCall({
    ...institutionBase,
    method: 'POST',
    path: '/api/creditBank/institution/match/teams/:id/carry',
    bodyKind: 'json',
    params: teamParams,
    body: carryBody,
    response: teamDetailSchema,
    summary:
      '晋级报名：把获奖队伍（队名、指导教师、队员）带入上一级赛事的同名项目，成为未提交的队伍；附件不带入，须重新上传后提交',
  }),
} as const;
