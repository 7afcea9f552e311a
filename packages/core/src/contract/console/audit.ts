import { z } from 'zod';
import { TEXT_LIMITS } from '../../constants';
import { defineCall } from '../call';
import { idNumber } from '../fields';
import { idList, idParams, listQuery, resourcePath } from './common';

export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-in-refused',
  'sign-in-alert',
  'sign-out',
  'insert',
  'update',
  'toggle',
  'delete',
  'sort-clear',
  'reorder',
  'upload',
  'settings',
  'import',
  'grant',
  'activate',
  'code-issue',
  'unlink',
  'record',
  'approve',
  'return',
  'reverse',
  'object',
  'answer',
  'enrol',
  'password-change',
  'reauth',
  'setup',
  'proof-issue',
  'proof-check',
  'proof-revoke',
  'sso-issue',
  'sso-redeem',
  'submit',
  'publish',
  'finalise',
  'carry',
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_NAMES: Record<AuditActionName, string> = {
  'sign-in': '登录',
  'sign-in-failed': '登录失败',
  'sign-in-refused': '登录被限制',
  'sign-in-alert': '账号失败登录过多',
  'sign-out': '退出',
  insert: '新增',
  update: '修改',
  toggle: '开关',
  delete: '删除',
  'sort-clear': '清空分类',
  reorder: '调整顺序',
  upload: '上传',
  settings: '站点设置',
  import: '导入',
  grant: '授权',
  activate: '激活',
  'code-issue': '发放激活码',
  unlink: '解除关联',
  record: '登记学分',
  approve: '审核通过',
  return: '审核退回',
  reverse: '提交冲正',
  object: '提出异议',
  answer: '答复异议',
  enrol: '绑定动态口令',
  'password-change': '修改密码',
  reauth: '再次验证身份',
  setup: '创建首个管理员',
  'proof-issue': '开具证明',
  'proof-check': '查验证明',
  'proof-revoke': '撤销证明',
  'sso-issue': '单点登录授权',
  'sso-redeem': '单点登录兑换',
  submit: '提交报名',
  publish: '公示成绩',
  finalise: '成绩确认生效',
  carry: '晋级报名',
};

/** What an audit entry is about; each has its Chinese name, so the console never shows a code. */
export const AUDIT_TARGETS = [
  'image',
  'imageSort',
  'article',
  'consoleUser',
  'siteSettings',
  'upload',
  'document',
  'institution',
  'cardAccount',
  'cardHolder',
  'rosterBatch',
  'catalogueItem',
  'creditRecord',
  'creditBatch',
  'creditEvidence',
  'creditObjection',
  'creditProof',
  'certificate',
  'sso',
  'matchEvent',
  'matchTeam',
  'matchResult',
  'matchObjection',
] as const;
export type AuditTargetName = (typeof AUDIT_TARGETS)[number];
export const AUDIT_TARGET_NAMES: Record<AuditTargetName, string> = {
  image: '图片',
  imageSort: '图片分类',
  article: '文章',
  consoleUser: '账号',
  siteSettings: '站点设置',
  upload: '上传文件',
  document: '附件',
  institution: '机构',
  cardAccount: '机构账号与审核员',
  cardHolder: '持卡人',
  rosterBatch: '开卡批次',
  catalogueItem: '学分项目',
  creditRecord: '学分记录',
  creditBatch: '学分批次',
  creditEvidence: '证明材料',
  creditObjection: '异议',
  creditProof: '学习成果证明',
  certificate: '证书查验',
  sso: '单点登录',
  matchEvent: '赛事',
  matchTeam: '参赛队伍',
  matchResult: '赛事成绩',
  matchObjection: '成绩异议',
};

export const auditEntrySchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.string(),
  createTime: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, { error: '应为日期' });
export const auditFilter = z
  .object({
    id: idList.optional(),
    username: z.string().max(TEXT_LIMITS.username).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: '操作类型有误' }).optional(),
    targetType: z.string().max(40).optional(),
    /** Steps taken for this institution (by its accounts, or reviewing what it submitted). */
    institutionId: idNumber.optional(),
    /** Steps about this holder's records. */
    holderCardNo: z
      .string()
      .regex(/^\d{8,20}$/, { error: '卡号应为 8 到 20 位数字' })
      .optional(),
    createTime_gte: dateText.optional(),
    createTime_lte: dateText.optional(),
  })
  .strict();

export const auditCalls = {
  auditList: defineCall({
    method: 'GET',
    path: resourcePath('audit'),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    query: listQuery(auditFilter, ['id', 'createTime', 'username', 'action']),
    response: z.array(auditEntrySchema),
    summary: '审计日志（管理员）',
  }),
  auditOne: defineCall({
    method: 'GET',
    path: resourcePath('audit', true),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    params: idParams,
    response: auditEntrySchema,
    summary: '一条审计日志（管理员）',
  }),
} as const;
