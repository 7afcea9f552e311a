import { z } from 'zod';
import { normalizeProofCode, PROOF_CODE_ALPHABET, PROOF_CODE_LENGTH } from '../proofCode';
import { defineCall } from './call';
import { captchaFields } from './captcha';
import { idNumber, idSegment } from './fields';
import { fileDownloadSchema } from './institutions';
import { cardNoField } from './uc';

/** The longest a proof may be valid; also the default. */
export const PROOF_MAX_VALID_DAYS = 180;
/** The most records one proof may list. */
export const PROOF_MAX_RECORDS = 500;

/**
 * Public lookups per address: after `missesBeforeChallenge` lookups that found nothing within the window the
 * image challenge is asked before each further lookup; after `perAddress` lookups of any kind, 429.
 */
export const VERIFY_RULES = {
  missesBeforeChallenge: 5,
  perAddress: 300,
  windowMs: 60 * 60 * 1000,
} as const;

const CODE_PATTERN = new RegExp(`^[${PROOF_CODE_ALPHABET}]{${PROOF_CODE_LENGTH}}$`);
export const proofCodeField = z
  .string({ error: '应为文字' })
  .max(64, { error: '验证码应为 16 位' })
  .transform(normalizeProofCode)
  .pipe(
    z
      .string()
      .length(PROOF_CODE_LENGTH, { error: '验证码应为 16 位' })
      .regex(CODE_PATTERN, { error: '验证码含有无效字符' }),
  );

export const PROOF_VERDICTS = ['valid', 'expired', 'revoked', 'notFound'] as const;
export type ProofVerdict = (typeof PROOF_VERDICTS)[number];
export const PROOF_VERDICT_LABELS: Record<ProofVerdict, string> = {
  valid: '真实有效',
  expired: '已过期',
  revoked: '已撤销',
  notFound: '不存在',
};

export const PROOF_STATES = ['valid', 'expired', 'revoked'] as const;
export type ProofState = (typeof PROOF_STATES)[number];

export const proofSummarySchema = z.object({
  id: z.number().int(),
  /** The 16-character code, ungrouped. */
  code: z.string(),
  cardNo: z.string(),
  issueTime: z.string(),
  /** The last day (Beijing date) the proof verifies as valid. */
  validUntil: z.string(),
  recordCount: z.number().int(),
  totalCredits: z.number(),
  state: z.enum(PROOF_STATES),
  stateLabel: z.string(),
  revokeTime: z.string().nullable(),
  /** How often it was checked, and the latest check times (newest first); never by whom. */
  checkCount: z.number().int(),
  recentChecks: z.array(z.string()),
});
export type ProofSummary = z.infer<typeof proofSummarySchema>;

/** A record as a verifier sees it now: a record reversed after issue shows 已冲正. */
export const verifiedRecordSchema = z.object({
  date: z.string(),
  activity: z.string(),
  level: z.string(),
  credits: z.number(),
  institutionName: z.string(),
  certificateNo: z.string(),
  state: z.enum(['posted', 'reversed']),
  stateLabel: z.string(),
});
export type VerifiedRecord = z.infer<typeof verifiedRecordSchema>;

export const proofVerificationSchema = z.object({
  verdict: z.enum(PROOF_VERDICTS),
  verdictLabel: z.string(),
  /** Null unless the code is known; never the card number, phone or any record the proof does not list. */
  proof: z
    .object({
      code: z.string(),
      holderName: z.string(),
      school: z.string(),
      issueDate: z.string(),
      validUntil: z.string(),
      records: z.array(verifiedRecordSchema),
      /** Posted and not reversed, of the listed records, as they stand now. */
      totalCredits: z.number(),
    })
    .nullable(),
});
export type ProofVerification = z.infer<typeof proofVerificationSchema>;

export const certificateVerificationSchema = z.object({
  verdict: z.enum(['valid', 'notFound']),
  verdictLabel: z.string(),
  record: verifiedRecordSchema
    .omit({ certificateNo: true, credits: true })
    .extend({ holderName: z.string() })
    .nullable(),
  /** A match award's certificate (获奖证书): what it certifies, as printed on it; null for any other number. */
  award: z
    .object({
      eventName: z.string(),
      level: z.string(),
      itemName: z.string(),
      teamName: z.string(),
      institutionName: z.string(),
      awardLabel: z.string(),
      rank: z.number().int().nullable(),
      organizerName: z.string(),
      approvalNo: z.string(),
      issueDate: z.string(),
    })
    .nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

const holderBase = { host: 'main', access: 'cardHolder', xsrf: false } as const;
const publicBase = { host: 'main', access: 'anonymous', xsrf: false } as const;

export const proofs = {
  issue: defineCall({
    ...holderBase,
    method: 'POST',
    path: '/api/creditBank/proofs',
    bodyKind: 'json',
    body: z.object({
      cardNo: cardNoField.optional(),
      /** The records to list; `all: true` lists every posted one instead. */
      recordIds: z
        .array(idNumber, { error: '请选择记录' })
        .max(PROOF_MAX_RECORDS, { error: `一份证明最多 ${PROOF_MAX_RECORDS} 条记录` })
        .optional(),
      all: z.boolean().optional(),
      validDays: z
        .number({ error: '有效期应为天数' })
        .int({ error: '有效期应为整数天' })
        .min(1, { error: '有效期至少 1 天' })
        .max(PROOF_MAX_VALID_DAYS, { error: `有效期不能超过 ${PROOF_MAX_VALID_DAYS} 天` })
        .optional()
        .default(PROOF_MAX_VALID_DAYS),
    }),
    response: z.object({ proof: proofSummarySchema, file: fileDownloadSchema }),
    summary: `开具学习成果证明（签名 PDF，有效期最长 ${PROOF_MAX_VALID_DAYS} 天）`,
  }),
  list: defineCall({
    ...holderBase,
    method: 'GET',
    path: '/api/creditBank/proofs',
    bodyKind: 'none',
    query: z.object({ cardNo: cardNoField.optional() }),
    response: z.array(proofSummarySchema),
    summary: '我的证明：有效期、查验次数与时间（不含查验者）',
  }),
  download: defineCall({
    ...holderBase,
    method: 'GET',
    path: '/api/creditBank/proofs/:id/pdf',
    bodyKind: 'none',
    params: z.object({ id: idSegment }),
    query: z.object({ cardNo: cardNoField.optional() }),
    response: fileDownloadSchema,
    summary: '下载证明 PDF',
  }),
  revoke: defineCall({
    ...holderBase,
    method: 'POST',
    path: '/api/creditBank/proofs/:id/revoke',
    bodyKind: 'json',
    params: z.object({ id: idSegment }),
    body: z.object({ cardNo: cardNoField.optional() }),
    response: proofSummarySchema,
    summary: '撤销证明（立即查验为已撤销）',
  }),
  slips: defineCall({
    host: 'main',
    access: 'cardHolder',
    cardRole: 'institution',
    xsrf: false,
    method: 'POST',
    path: '/api/creditBank/institution/batches/:batchId/slips',
    bodyKind: 'none',
    params: z.object({ batchId: idSegment }),
    response: fileDownloadSchema,
    summary: '打印批次中未激活卡的激活单（PDF，每人一张；重新生成，之前的激活码作废）',
  }),
  verify: defineCall({
    ...publicBase,
    method: 'GET',
    path: '/api/verify/proof/:code',
    bodyKind: 'none',
    params: z.object({ code: proofCodeField }),
    query: z.object(captchaFields),
    response: proofVerificationSchema,
    summary: '查验学习成果证明（按验证码；同一地址查验过多须输入图形验证码，再多则拒绝）',
  }),
  verifyCertificate: defineCall({
    ...publicBase,
    method: 'GET',
    path: '/api/verify/certificate',
    bodyKind: 'none',
    query: z.object({
      certificateNo: z
        .string({ error: '请填写证书编号' })
        .trim()
        .min(1, { error: '请填写证书编号' })
        .max(64, { error: '证书编号不能超过 64 个字符' }),
      name: z
        .string({ error: '请填写姓名' })
        .trim()
        .min(1, { error: '请填写姓名' })
        .max(32, { error: '姓名不能超过 32 个字符' }),
      ...captchaFields,
    }),
    response: certificateVerificationSchema,
    summary: '按证书编号与持有人姓名查验一条学分记录',
  }),
} as const;
