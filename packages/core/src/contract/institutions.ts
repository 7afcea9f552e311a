import { z } from 'zod';
import { type CallDefinition, defineCall } from './call';
import { captchaFields } from './captcha';
import { idSegment, pageQuery } from './fields';
import { cardNoField, passwordField, phoneField, smsCodeField } from './uc';

/** Kinds of institution, stored by key; the labels are what people read. */
export const INSTITUTION_KINDS = [
  'memberSchool',
  'liaisonOffice',
  'examSite',
  'eventOrganiser',
  'allianceBody',
] as const;
export type InstitutionKind = (typeof INSTITUTION_KINDS)[number];
export const INSTITUTION_KIND_LABELS: Record<InstitutionKind, string> = {
  memberSchool: '成员学校',
  liaisonOffice: '联络办',
  examSite: '考点',
  eventOrganiser: '赛事承办单位',
  allianceBody: '联盟机构',
};

export const INSTITUTION_STATUSES = ['active', 'disabled'] as const;
export type InstitutionStatus = (typeof INSTITUTION_STATUSES)[number];
export const INSTITUTION_STATUS_LABELS: Record<InstitutionStatus, string> = { active: '启用', disabled: '停用' };

/** A card opened from a roster is `pending` until its holder activates it. */
export const ACTIVATION_STATES = ['pending', 'active'] as const;
export type ActivationState = (typeof ACTIVATION_STATES)[number];
export const ACTIVATION_STATE_LABELS: Record<ActivationState, string> = { pending: '未激活', active: '已激活' };

export const GENDERS = ['男', '女'] as const;
export const GUARDIAN_RELATIONS = ['父亲', '母亲', '祖父母', '外祖父母', '其他监护人'] as const;
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];

/** Below this age on the day of activation (Beijing date) a guardian's recorded consent is required. */
export const GUARDIAN_CONSENT_AGE = 14;

/**
 * The consent text the guardian agrees to. The server records the version agreed to and refuses any other,
 * so a changed text gets a new version.
 */
export const GUARDIAN_CONSENT = {
  version: '2026-11-v1',
  title: '监护人同意书',
  text:
    '本人作为该学生的监护人，已阅读并同意联盟学分银行为记录其学习成果而处理其个人信息' +
    '（姓名、性别、出生日期、年级班级、手机号及学分记录），知悉上述信息仅用于学分银行服务，' +
    '不会收集身份证号，本人可随时联系其所在机构或联盟查询、更正或删除这些信息。',
} as const;

/** The roster's columns, in the template's order; one of the two phone columns must be filled in each row. */
export const ROSTER_COLUMNS = ['姓名', '性别', '出生日期', '年级/班级', '本人手机', '监护人手机'] as const;
export const ROSTER_LIMITS = { maxRows: 20_000, maxBytes: 10 * 1024 * 1024 } as const;
/** An activation code lives this long, and dies at its first use or when a new one is issued. */
export const ACTIVATION_CODE_VALID_DAYS = 30;
/** Eight characters without the look-alikes 0/O, 1/I/L. */
export const ACTIVATION_CODE = /^[A-HJ-KM-NP-Z2-9]{8}$/;

/** Typed codes are forgiving: case, spaces and dashes do not matter. */
export const activationCodeField = z
  .string({ error: '应为文字' })
  .max(32, { error: '激活码有误' })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(ACTIVATION_CODE, { error: '应为 8 位字母或数字' }));

/** A spreadsheet handed over as data: the apps turn it into a download (`Blob` of the decoded bytes). */
export const fileDownloadSchema = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  base64: z.string(),
});
export type FileDownload = z.infer<typeof fileDownloadSchema>;

export const myInstitutionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(INSTITUTION_KINDS),
  kindLabel: z.string(),
  province: z.string(),
  city: z.string(),
  county: z.string(),
});
export type MyInstitution = z.infer<typeof myInstitutionSchema>;

export const institutionPersonSchema = z.object({
  cardNo: z.string(),
  name: z.string(),
  gender: z.string(),
  birthDate: z.string(),
  grade: z.string(),
  /** Masked: 138****0000, or '' when none. */
  phone: z.string(),
  guardianPhone: z.string(),
  state: z.enum(ACTIVATION_STATES),
  /** `opened`: this institution opened the card; `linked`: an existing card linked by a roster. */
  how: z.enum(['opened', 'linked']),
  batchId: z.number().int().nullable(),
  linkTime: z.string(),
});
export type InstitutionPerson = z.infer<typeof institutionPersonSchema>;

export const rosterRowIssueSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type RosterRowIssue = z.infer<typeof rosterRowIssueSchema>;

export const rosterPreviewRowSchema = z.object({
  /** The spreadsheet's own row number (the header is row 1). */
  row: z.number().int(),
  name: z.string(),
  gender: z.string(),
  birthDate: z.string(),
  grade: z.string(),
  phone: z.string(),
  guardianPhone: z.string(),
  /** `new`: a card will be opened; `link`: an existing holder's card will be linked; `refused`: see `issues`. */
  outcome: z.enum(['new', 'link', 'refused']),
  linkCardNo: z.string().nullable(),
  issues: z.array(rosterRowIssueSchema),
});
export type RosterPreviewRow = z.infer<typeof rosterPreviewRowSchema>;

export const rosterPreviewSchema = z.object({
  /** The file's SHA-256 (hex): send it with the commit to commit exactly what was previewed. */
  previewId: z.string(),
  fileName: z.string(),
  total: z.number().int(),
  newCount: z.number().int(),
  linkCount: z.number().int(),
  refusedCount: z.number().int(),
  rows: z.array(rosterPreviewRowSchema),
  /** Set when this very file was committed before: committing again opens nothing. */
  committedBatchId: z.number().int().nullable(),
});
export type RosterPreview = z.infer<typeof rosterPreviewSchema>;

export const rosterCommitSchema = z.object({
  batchId: z.number().int(),
  opened: z.number().int(),
  linked: z.number().int(),
  /** True when the same file had been committed already: nothing new was opened. */
  alreadyCommitted: z.boolean(),
  /** The new cards' activation codes (card number, name, class, code, expiry); null when nothing was opened now. */
  codesFile: fileDownloadSchema.nullable(),
});
export type RosterCommit = z.infer<typeof rosterCommitSchema>;

export const rosterBatchSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  rows: z.number().int(),
  opened: z.number().int(),
  linked: z.number().int(),
  pending: z.number().int(),
  createTime: z.string(),
  createdBy: z.string(),
});
export type RosterBatch = z.infer<typeof rosterBatchSchema>;

/**
 * A workbench call: an institution card account's, on the main host, its token its only credential (no
 * anti-forgery header), and with no body unless it names one.
 */
const workbenchCall = <
  Query extends z.ZodType = z.ZodNever,
  Params extends z.ZodType = z.ZodNever,
  Response extends z.ZodType = z.ZodType,
>(
  call: Pick<
    CallDefinition<Query, z.ZodNever, Params, Response>,
    'method' | 'path' | 'query' | 'params' | 'response' | 'summary'
  > & {
    bodyKind?: 'multipart';
  },
) =>
  defineCall<Query, z.ZodNever, Params, Response>({
    host: 'main',
    access: 'cardHolder',
    cardRole: 'institution',
    xsrf: false,
    bodyKind: 'none',
    ...call,
  });
const cardParams = z.object({ cardNo: cardNoField });
const batchParams = z.object({ batchId: idSegment });

/** The institution workbench (机构工作台): every call acts for the caller's own institution only. */
export const institutionWorkbench = {
  mine: workbenchCall({
    method: 'GET',
    path: '/api/creditBank/institution/mine',
    response: myInstitutionSchema,
    summary: '本账号所属机构',
  }),
  people: workbenchCall({
    method: 'GET',
    path: '/api/creditBank/institution/people',
    query: pageQuery.extend({
      keyword: z.string().trim().max(40, { error: '不能超过 40 个字符' }).optional(),
      state: z.enum(ACTIVATION_STATES, { error: '应为未激活或已激活' }).optional(),
    }),
    response: z.object({ list: z.array(institutionPersonSchema), total: z.number().int() }),
    summary: '本机构人员（按姓名或卡号搜索，手机号遮蔽）',
  }),
  rosterTemplate: workbenchCall({
    method: 'GET',
    path: '/api/creditBank/institution/roster/template',
    response: fileDownloadSchema,
    summary: '名单模板（.xlsx，含示例行）',
  }),
  rosterPreview: workbenchCall({
    method: 'POST',
    path: '/api/creditBank/institution/roster/preview',
    // One part named `file` (.xlsx or .csv, at most 10 MB and 20,000 rows). Nothing is written.
    bodyKind: 'multipart',
    response: rosterPreviewSchema,
    summary: '预览名单：逐行标明新开卡、关联已有卡或拒绝原因（不写入）',
  }),
  rosterCommit: workbenchCall({
    method: 'POST',
    path: '/api/creditBank/institution/roster/commit',
    // The same file again as `file`, and optionally the preview's `previewId` (must match the file).
    bodyKind: 'multipart',
    response: rosterCommitSchema,
    summary: '提交名单开卡：全部成功或全部不写；同一文件再次提交不会重复开卡',
  }),
  batches: workbenchCall({
    method: 'GET',
    path: '/api/creditBank/institution/batches',
    query: pageQuery,
    response: z.object({ list: z.array(rosterBatchSchema), total: z.number().int() }),
    summary: '本机构的开卡批次',
  }),
  batchCodes: workbenchCall({
    method: 'POST',
    path: '/api/creditBank/institution/batches/:batchId/codes',
    params: batchParams,
    response: fileDownloadSchema,
    summary: '下载批次中未激活卡的激活码（.xlsx；重新生成，之前的激活码作废）',
  }),
  reissueCode: workbenchCall({
    method: 'POST',
    path: '/api/creditBank/institution/people/:cardNo/code',
    params: cardParams,
    response: z.object({ cardNo: z.string(), name: z.string(), code: z.string(), expiresTime: z.string() }),
    summary: '为未激活的卡重新生成激活码（旧码作废）',
  }),
  removeLink: workbenchCall({
    method: 'DELETE',
    path: '/api/creditBank/institution/people/:cardNo',
    params: cardParams,
    response: z.object({}),
    summary: '解除该卡与本机构的关联（卡及其学分记录仍归持卡人）',
  }),
} as const;

const guardianFields = {
  guardianName: z.string({ error: '应为文字' }).trim().min(1, { error: '不能为空' }).max(40).optional(),
  guardianRelation: z.enum(GUARDIAN_RELATIONS, { error: '请选择与学生的关系' }).optional(),
  guardianPhone: phoneField.optional(),
  /** May be left out when the guardian's phone is the holder's phone: one code proves both. */
  guardianSmsCode: smsCodeField.optional(),
  consentVersion: z.string({ error: '应为文字' }).max(32).optional(),
};

/** The card and its activation code, which every activation call sends first. */
const activationCardFields = { cardNo: cardNoField, code: activationCodeField };

/** Activation (激活) of a card opened from a roster, on the account-centre host. */
export const activation = {
  check: defineCall({
    method: 'POST',
    path: '/api/uc/user/activate/check',
    host: 'uc',
    access: 'anonymous',
    xsrf: true,
    bodyKind: 'form',
    body: z.object({ ...activationCardFields, ...captchaFields }),
    response: z.object({ needsGuardianConsent: z.boolean(), consentVersion: z.string() }),
    summary: '核对卡号与激活码，答复是否需要监护人同意',
  }),
  sendCode: defineCall({
    method: 'POST',
    path: '/api/uc/user/activate/sendCode',
    host: 'uc',
    access: 'anonymous',
    xsrf: true,
    bodyKind: 'form',
    body: z.object({ ...activationCardFields, phone: phoneField, ...captchaFields }),
    response: z.object({ cooldownSeconds: z.number().int() }),
    summary: '激活时向本人或监护人手机发送验证码（须先有正确的卡号与激活码）',
  }),
  activate: defineCall({
    method: 'POST',
    path: '/api/uc/user/activate',
    host: 'uc',
    access: 'anonymous',
    xsrf: true,
    bodyKind: 'form',
    body: z.object({
      ...activationCardFields,
      phone: phoneField,
      smsCode: smsCodeField,
      password: passwordField,
      ...guardianFields,
      ...captchaFields,
    }),
    response: z.object({ cardNo: z.string() }),
    summary: '激活卡：绑定手机、设置密码；未满 14 周岁须监护人同意',
  }),
} as const;
