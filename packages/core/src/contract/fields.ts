import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';

/**
 * Chinese names of the fields, used to say which field a refusal is about (by the last key of the field's path,
 * in a body, a query or a path alike). Every path and query parameter of the contract must have one, or a
 * refusal would name it in English: fields.test.ts walks the contract and fails on a name missing here.
 */
export const FIELD_LABELS: Record<string, string> = {
  id: '编号',
  belongSortid: '分类',
  isOpen: '开放状态',
  photoAddress: '图片地址',
  smallPhotoAddress: '小图地址',
  photoTitle: '标题',
  urlAddress: '链接地址',
  pageNum: '页码',
  pageSize: '每页条数',
  username: '用户名',
  password: '密码',
  cardNo: '卡号',
  phone: '手机号',
  code: '验证码',
  newPassword: '新密码',
  oldPassword: '原密码',
  aesKey: '密钥',
  data: '数据',
  timestamp: '时间戳',
  typeId: '栏目',
  keyword: '关键词',
  category: '类别',
  from: '开始日期',
  to: '结束日期',
  role: '角色',
  displayName: '姓名',
  disabled: '停用',
  season: '赛季',
  organizerId: '承办单位',
  approvalNo: '批准文号',
  registrationOpens: '报名开始时间',
  registrationCloses: '报名截止时间',
  resultsFrom: '成绩公布日期',
  objectionDays: '异议期',
  catalogueId: '学分项目',
  items: '项目',
  minMembers: '最少人数',
  maxMembers: '最多人数',
  batchId: '批次编号',
  institutionId: '机构',
  recordIds: '记录',
  members: '队员',
  coach: '指导教师',
  eventId: '赛事编号',
  teamId: '队伍编号',
  fileId: '附件编号',
  uploadId: '上传编号',
  offset: '上传位置',
  certificateNo: '证书编号',
  // Whose name depends on the call (a holder's, an event's, a team's): the word that fits them all.
  name: '名称',
  captchaId: '图形验证码编号',
  captchaCode: '图形验证码',
  captchaProof: '计算验证',
  kind: '类型',
  level: '级别',
  phase: '阶段',
  state: '状态',
  // The console lists' react-admin query: filters, sort order and the range of rows.
  filter: '筛选条件',
  sort: '排序',
  range: '范围',
};

const INTEGER_TEXT = /^-?\d{1,15}$/;

/** An integer that arrives as text (query string, form field, path segment). */
export const integerText = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .union([z.number(), z.string()])
    .transform((value, ctx) => {
      const text = String(value).trim();
      if (!INTEGER_TEXT.test(text)) {
        ctx.addIssue({ code: 'custom', message: '应为整数' });
        return z.NEVER;
      }
      return Number(text);
    })
    .pipe(
      z
        .number()
        .int()
        .min(min, { error: `不能小于 ${min}` })
        .max(max, { error: `不能大于 ${max}` }),
    );

/**
 * The largest id a record can have: PostgreSQL's integer columns stop there, and comparing one with a larger
 * number fails the query instead of finding nothing. A larger id is refused as input (400), never sent on.
 */
export const MAX_ID = 2_147_483_647;
export const idText = integerText(1, MAX_ID);
export const idNumber = z
  .number({ error: '应为数字' })
  .int({ error: '应为整数' })
  .positive({ error: '应为正整数' })
  .max(MAX_ID, { error: `不能大于 ${MAX_ID}` });
/**
 * A record's id as a path segment of the institution workbench, review and proof calls: digits only (unlike
 * idText, no sign, space or JSON number), at most MAX_ID; 0 passes and finds no record.
 */
export const idSegment = z
  .string()
  .regex(/^\d{1,10}$/, { error: '应为数字' })
  .transform(Number)
  .pipe(z.number().max(MAX_ID, { error: `不能大于 ${MAX_ID}` }));

export const pageQuery = z.object({
  pageNum: integerText(1, 100_000).optional().default(1),
  pageSize: integerText(1, MAX_PAGE_SIZE).optional().default(10),
});

export const isoDateTime = z.string();

// Kept free of the schema library, so the browser bundles can use them without it.
export { isHttpUrl, isUploadPath, UPLOAD_PATH } from '../addresses';
