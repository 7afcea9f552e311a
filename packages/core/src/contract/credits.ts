import { z } from 'zod';
import { defineCall } from './call';
import { idNumber, idSegment, idText, pageQuery } from './fields';
import { fileDownloadSchema } from './institutions';
import { cardNoField } from './uc';

/** Kinds of creditable activity, stored by key; the labels are what people read. */
export const CREDIT_KINDS = ['exam', 'sportsMeet', 'competition', 'training', 'exchange'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];
export const CREDIT_KIND_LABELS: Record<CreditKind, string> = {
  exam: '等级考试',
  sportsMeet: '运动会',
  competition: '竞赛',
  training: '培训',
  exchange: '交流',
};

/** Exam levels, and the levels of an event by who holds it. */
export const EXAM_LEVELS = ['一级', '二级', '三级', '四级', '五级', '六级', '七级'] as const;
export const EVENT_LEVELS = ['校级', '县级', '市级', '省级', '国家级'] as const;
export const CREDIT_LEVELS = [...EXAM_LEVELS, ...EVENT_LEVELS] as const;
export type CreditLevel = (typeof CREDIT_LEVELS)[number];

export const CATALOGUE_STATUSES = ['active', 'retired'] as const;
export type CatalogueStatus = (typeof CATALOGUE_STATUSES)[number];
export const CATALOGUE_STATUS_LABELS: Record<CatalogueStatus, string> = { active: '启用', retired: '已停用' };

/**
 * A record's place in the ledger: recorded by an institution (`submitted`), then `returned` with a reason or
 * `posted`; a posted record whose reversal is posted is `reversed` and no longer counts.
 */
export const LEDGER_STATES = ['submitted', 'returned', 'posted', 'reversed'] as const;
export type LedgerState = (typeof LEDGER_STATES)[number];
export const LEDGER_STATE_LABELS: Record<LedgerState, string> = {
  submitted: '待审核',
  returned: '已退回',
  posted: '已入账',
  reversed: '已冲正',
};

/** What the holder sees of a record: posted, reversed, or posted with an objection being handled. */
export const HOLDER_CREDIT_STATES = ['posted', 'reversed', 'objecting'] as const;
export type HolderCreditState = (typeof HOLDER_CREDIT_STATES)[number];
export const HOLDER_CREDIT_STATE_LABELS: Record<HolderCreditState, string> = {
  posted: '已入账',
  reversed: '已冲正',
  objecting: '异议处理中',
};

/** A holder may object to a record within this many days of its posting (Beijing dates, inclusive). */
export const OBJECTION_DAYS = 15;

/** The credit spreadsheet's columns, in the template's order; 项目代码 is the catalogue item's code. */
export const CREDIT_IMPORT_COLUMNS = ['卡号', '姓名', '项目代码', '获得日期', '学分', '证书编号'] as const;
export const CREDIT_IMPORT_LIMITS = { maxRows: 20_000, maxBytes: 10 * 1024 * 1024 } as const;

/** Evidence (证明材料): a PDF or a picture, judged by its bytes. */
export const EVIDENCE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  acceptedFormats: ['PDF', 'PNG', 'JPEG'],
  maxNameLength: 200,
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateField = z.string({ error: '应为日期' }).regex(DATE, { error: '应为 YYYY-MM-DD' });
const idParams = z.object({ id: idSegment });
const batchParams = z.object({ batchId: idSegment });
const reasonField = z
  .string({ error: '请填写原因' })
  .trim()
  .min(2, { error: '请填写原因（至少 2 个字）' })
  .max(200, { error: '不能超过 200 个字' });

/** Credits arrive as a number or typed text; a credit has at most one decimal place. */
export const creditsField = z
  .union([z.number(), z.string().trim()], { error: '学分应为数字' })
  .transform((value, ctx) => {
    const number = typeof value === 'number' ? value : value === '' ? Number.NaN : Number(value);
    if (!Number.isFinite(number)) {
      ctx.addIssue({ code: 'custom', message: '学分应为数字' });
      return z.NEVER;
    }
    if (number <= 0) {
      ctx.addIssue({ code: 'custom', message: '学分应大于 0' });
      return z.NEVER;
    }
    if (Math.round(number * 10) !== number * 10) {
      ctx.addIssue({ code: 'custom', message: '学分最多保留 1 位小数' });
      return z.NEVER;
    }
    return number;
  });

export const catalogueItemSchema = z.object({
  id: z.number().int(),
  /** How spreadsheets name the item (项目代码). */
  code: z.string(),
  name: z.string(),
  kind: z.enum(CREDIT_KINDS),
  kindLabel: z.string(),
  level: z.string(),
  defaultCredits: z.number(),
  maxCredits: z.number(),
  evidenceRequired: z.boolean(),
  status: z.enum(CATALOGUE_STATUSES),
  createTime: z.string(),
  updateTime: z.string(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

/** A record as the workbenches see it (the recording institution's, and the operators'). */
export const ledgerRecordSchema = z.object({
  id: z.number().int(),
  cardNo: z.string(),
  holderName: z.string(),
  institutionId: z.number().int().nullable(),
  institutionName: z.string(),
  itemId: z.number().int().nullable(),
  itemName: z.string(),
  kind: z.string(),
  level: z.string(),
  date: z.string(),
  /** A reversal carries the reversed record's credits, as a positive number. */
  credits: z.number(),
  certificateNo: z.string(),
  hasEvidence: z.boolean(),
  state: z.enum(LEDGER_STATES),
  stateLabel: z.string(),
  /** Set on a reversal (冲正): the record it reverses. */
  reversesId: z.number().int().nullable(),
  batchId: z.number().int().nullable(),
  /** The reversal's reason, or the reviewer's reason for returning it. */
  reason: z.string(),
  submittedBy: z.string(),
  submittedTime: z.string(),
  reviewedBy: z.string(),
  reviewingUnit: z.string(),
  /** When it was posted or returned. */
  decidedTime: z.string().nullable(),
  objectionOpen: z.boolean(),
});
export type LedgerRecord = z.infer<typeof ledgerRecordSchema>;
const ledgerPage = z.object({ list: z.array(ledgerRecordSchema), total: z.number().int() });

export const creditRowIssueSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export const creditImportPreviewSchema = z.object({
  /** The file's SHA-256 (hex): send it with the commit to commit exactly what was previewed. */
  previewId: z.string(),
  fileName: z.string(),
  total: z.number().int(),
  okCount: z.number().int(),
  /** Rows repeating a record the holder already has (same item, same date), or an earlier row: not recorded. */
  duplicateCount: z.number().int(),
  refusedCount: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      cardNo: z.string(),
      name: z.string(),
      itemCode: z.string(),
      itemName: z.string(),
      date: z.string(),
      credits: z.number().nullable(),
      certificateNo: z.string(),
      outcome: z.enum(['ok', 'duplicate', 'refused']),
      issues: z.array(creditRowIssueSchema),
    }),
  ),
  committedBatchId: z.number().int().nullable(),
});
export type CreditImportPreview = z.infer<typeof creditImportPreviewSchema>;

export const creditImportCommitSchema = z.object({
  batchId: z.number().int(),
  recorded: z.number().int(),
  duplicates: z.number().int(),
  alreadyCommitted: z.boolean(),
});

export const objectionSchema = z.object({
  id: z.number().int(),
  recordId: z.number().int(),
  cardNo: z.string(),
  holderName: z.string(),
  itemName: z.string(),
  date: z.string(),
  credits: z.number(),
  reason: z.string(),
  createTime: z.string(),
  /** `open` until the institution answers: `kept` (with an explanation) or `reversal` (a reversal was submitted). */
  state: z.enum(['open', 'kept', 'reversal']),
  answer: z.string(),
  answerTime: z.string().nullable(),
});
export type Objection = z.infer<typeof objectionSchema>;

export const evidenceSchema = z.object({
  evidenceId: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const creditRecordBody = z.object({
  cardNo: cardNoField,
  itemId: z.number({ error: '请选择学分项目' }).int().positive({ error: '请选择学分项目' }),
  date: dateField,
  /** Left out: the item's default credits. */
  credits: creditsField.optional(),
  certificateNo: z.string({ error: '应为文字' }).trim().max(64, { error: '不能超过 64 个字符' }).optional(),
  evidenceId: idNumber.optional(),
});

const institutionBase = { host: 'main', access: 'cardHolder', cardRole: 'institution', xsrf: false } as const;
const operatorBase = { host: 'main', access: 'cardHolder', cardRole: 'operator', xsrf: false } as const;
const holderBase = { host: 'main', access: 'cardHolder', xsrf: false } as const;

/** Recording (登记), reversals and objections in the institution workbench; always for the caller's institution. */
export const creditWorkbench = {
  catalogue: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/catalogue',
    bodyKind: 'none',
    response: z.array(catalogueItemSchema),
    summary: '可登记的学分项目（启用中）',
  }),
  evidenceUpload: defineCall({
    ...institutionBase,
    method: 'POST',
    path: '/api/creditBank/institution/evidence',
    // One part named `file`: a PDF, PNG or JPEG of at most 5 MB (judged by its bytes).
    bodyKind: 'multipart',
    response: evidenceSchema,
    summary: '上传证明材料（PDF/PNG/JPEG，5 MB 以内）',
  }),
  record: defineCall({
    ...institutionBase,
    method: 'POST',
    path: '/api/creditBank/institution/credits',
    bodyKind: 'json',
    body: creditRecordBody,
    response: ledgerRecordSchema,
    summary: '登记一条学分（提交后待审核）',
  }),
  list: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/credits',
    bodyKind: 'none',
    query: pageQuery.extend({
      state: z.enum(LEDGER_STATES, { error: '状态有误' }).optional(),
      cardNo: cardNoField.optional(),
      batchId: idText.optional(),
    }),
    response: ledgerPage,
    summary: '本机构登记的学分记录（含冲正）',
  }),
  template: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/credits/template',
    bodyKind: 'none',
    response: fileDownloadSchema,
    summary: '学分导入模板（.xlsx）',
  }),
  importPreview: defineCall({
    ...institutionBase,
    method: 'POST',
    path: '/api/creditBank/institution/credits/import/preview',
    // One part named `file` (.xlsx or .csv). Nothing is written.
    bodyKind: 'multipart',
    response: creditImportPreviewSchema,
    summary: '预览学分导入：逐行标明可登记、重复或拒绝原因（不写入）',
  }),
  importCommit: defineCall({
    ...institutionBase,
    method: 'POST',
    path: '/api/creditBank/institution/credits/import/commit',
    // The same file again as `file`, and optionally `previewId`.
    bodyKind: 'multipart',
    response: creditImportCommitSchema,
    summary: '提交学分导入：全部成功或全部不写，重复行跳过；同一文件再次提交不会重复登记',
  }),
  evidence: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/credits/:id/evidence',
    bodyKind: 'none',
    params: idParams,
    response: fileDownloadSchema,
    summary: '本机构记录的证明材料',
  }),
  reverse: defineCall({
    ...institutionBase,
    method: 'POST',
    path: '/api/creditBank/institution/credits/:id/reversal',
    bodyKind: 'json',
    params: idParams,
    body: z.object({ reason: reasonField }),
    response: ledgerRecordSchema,
    summary: '对已入账记录提交冲正（待审核，通过后原记录不再计入）',
  }),
  objections: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/objections',
    bodyKind: 'none',
    query: pageQuery.extend({ state: z.enum(['open', 'kept', 'reversal']).optional() }),
    response: z.object({ list: z.array(objectionSchema), total: z.number().int() }),
    summary: '持卡人对本机构记录提出的异议',
  }),
  answerObjection: defineCall({
    ...institutionBase,
    method: 'POST',
    path: '/api/creditBank/institution/objections/:id/answer',
    bodyKind: 'json',
    params: idParams,
    body: z.object({
      /** `keep`: the record stands, with the explanation; `reverse`: a reversal is submitted with it as reason. */
      decision: z.enum(['keep', 'reverse'], { error: '请选择维持或冲正' }),
      explanation: reasonField,
    }),
    response: objectionSchema,
    summary: '答复异议：维持（附说明）或提交冲正',
  }),
} as const;

export const reviewQueueItemSchema = z.object({
  /** `batch:<id>` or `record:<id>`. */
  key: z.string(),
  type: z.enum(['batch', 'record', 'reversal']),
  batchId: z.number().int().nullable(),
  recordId: z.number().int().nullable(),
  institutionId: z.number().int(),
  institutionName: z.string(),
  fileName: z.string(),
  submittedBy: z.string(),
  submittedTime: z.string(),
  /** Records still waiting (待审核) in it. */
  count: z.number().int(),
  credits: z.number(),
  /** False for what the operator's own institution submitted: shown, never reviewable by this account. */
  reviewable: z.boolean(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

const idsBody = z.object({
  ids: z.array(idNumber, { error: '请选择记录' }).min(1, { error: '请选择记录' }).max(1000),
});

/** Review (审核) by the alliance's operators. An account never reviews what its own institution submitted. */
export const creditReview = {
  queue: defineCall({
    ...operatorBase,
    method: 'GET',
    path: '/api/creditBank/review/queue',
    bodyKind: 'none',
    query: pageQuery.extend({
      institutionId: idText.optional(),
      from: dateField.optional(),
      to: dateField.optional(),
    }),
    response: z.object({ list: z.array(reviewQueueItemSchema), total: z.number().int() }),
    summary: '待审核的批次与单条记录（按机构、提交日期）',
  }),
  records: defineCall({
    ...operatorBase,
    method: 'GET',
    path: '/api/creditBank/review/records',
    bodyKind: 'none',
    query: pageQuery.extend({
      batchId: idText.optional(),
      state: z.enum(LEDGER_STATES).optional(),
      institutionId: idText.optional(),
    }),
    response: ledgerPage,
    summary: '待审核（或按状态）的记录，可按批次查看',
  }),
  approveBatch: defineCall({
    ...operatorBase,
    method: 'POST',
    path: '/api/creditBank/review/batches/:batchId/approve',
    bodyKind: 'none',
    params: batchParams,
    response: z.object({ posted: z.number().int() }),
    summary: '通过整批（其中待审核的记录全部入账）；已处理的批次答 409',
  }),
  returnBatch: defineCall({
    ...operatorBase,
    method: 'POST',
    path: '/api/creditBank/review/batches/:batchId/return',
    bodyKind: 'json',
    params: batchParams,
    body: z.object({ reason: reasonField }),
    response: z.object({ returned: z.number().int() }),
    summary: '退回整批（附原因）；已处理的批次答 409',
  }),
  approveRecords: defineCall({
    ...operatorBase,
    method: 'POST',
    path: '/api/creditBank/review/records/approve',
    bodyKind: 'json',
    body: idsBody,
    response: z.object({ posted: z.number().int() }),
    summary: '通过所选记录（含冲正）；其中有已处理的记录答 409，不做任何改动',
  }),
  returnRecords: defineCall({
    ...operatorBase,
    method: 'POST',
    path: '/api/creditBank/review/records/return',
    bodyKind: 'json',
    body: idsBody.extend({ reason: reasonField }),
    response: z.object({ returned: z.number().int() }),
    summary: '退回所选记录（附原因，机构可见）',
  }),
  evidence: defineCall({
    ...operatorBase,
    method: 'GET',
    path: '/api/creditBank/review/records/:id/evidence',
    bodyKind: 'none',
    params: idParams,
    response: fileDownloadSchema,
    summary: '记录的证明材料',
  }),
} as const;

export const messageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  recordId: z.number().int().nullable(),
  read: z.boolean(),
  createTime: z.string(),
});
export type InboxMessage = z.infer<typeof messageSchema>;

const cardQuery = z.object({ cardNo: cardNoField.optional() });

/** The holder's side: evidence, objections (异议) and the inbox (消息). `cardNo` as in creditBank.info. */
export const creditHolder = {
  evidence: defineCall({
    ...holderBase,
    method: 'GET',
    path: '/api/creditBank/records/:id/evidence',
    bodyKind: 'none',
    params: idParams,
    query: cardQuery,
    response: fileDownloadSchema,
    summary: '本人记录的证明材料',
  }),
  object: defineCall({
    ...holderBase,
    method: 'POST',
    path: '/api/creditBank/records/:id/objection',
    bodyKind: 'json',
    params: idParams,
    body: z.object({ cardNo: cardNoField.optional(), reason: reasonField }),
    response: objectionSchema,
    summary: `对本人的已入账记录提出异议（入账后 ${OBJECTION_DAYS} 天内；不改变账目）`,
  }),
  messages: defineCall({
    ...holderBase,
    method: 'GET',
    path: '/api/creditBank/messages',
    bodyKind: 'none',
    query: pageQuery.extend({ cardNo: cardNoField.optional() }),
    response: z.object({ list: z.array(messageSchema), total: z.number().int(), unread: z.number().int() }),
    summary: '消息（入账、冲正、异议答复）',
  }),
  unreadCount: defineCall({
    ...holderBase,
    method: 'GET',
    path: '/api/creditBank/messages/unread',
    bodyKind: 'none',
    query: cardQuery,
    response: z.object({ unread: z.number().int() }),
    summary: '未读消息数',
  }),
  markRead: defineCall({
    ...holderBase,
    method: 'POST',
    path: '/api/creditBank/messages/read',
    bodyKind: 'json',
    /** Without `ids`: every message of the card. */
    body: z.object({
      cardNo: cardNoField.optional(),
      ids: z.array(idNumber).max(1000).optional(),
    }),
    response: z.object({ unread: z.number().int() }),
    summary: '标记消息已读',
  }),
} as const;
