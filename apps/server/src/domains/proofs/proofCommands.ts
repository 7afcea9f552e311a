import {
  type CertificateVerification,
  PROOF_MAX_RECORDS,
  PROOF_VERDICT_LABELS,
  type ProofSummary,
  type ProofVerification,
} from '@lianmeng/core';
import type { Db } from '../../db/database';
import { ApiError, badRequest, forbidden, notFound } from '../../http/apiError';
import { recordAuditAlone, recordCardAudit } from '../audit/auditRepository';
import type { CardHolderRow } from '../cardHolders/cardHolderRepository';
import { findCertificateByNo } from '../certificates/certificateRepository';
import { toCertificate } from '../certificates/certificateView';
import { beijingDate } from '../credits/policy';
import { type PdfTools, pdfDownload } from './pdfDocument';
import { maskName, newProofCode, PROOF_REFUSALS, proofState, validUntilOf } from './policy';
import type { ProofCheckLog } from './proofCheckLog';
import { checksOfProofs } from './proofCheckRepository';
import { formatCredits, proofPdf } from './proofPdf';
import { anyOfOtherCards, proofRecords, recordByCertificate } from './proofRecords';
import {
  findCardProof,
  findProofByCode,
  findProofPdf,
  insertProof,
  listCardProofs,
  type ProofSummaryRow,
  revokeProof,
} from './proofRepository';

const STATE_LABELS = { valid: '有效', expired: '已过期', revoked: '已撤销' } as const;
/** How many of the latest check times the holder's list shows per proof. */
const RECENT_CHECKS = 10;

const summaryOf = (
  row: ProofSummaryRow,
  checks: { count: number; recent: string[] } | undefined,
  now: Date,
): ProofSummary => {
  const state = proofState(row, now);
  return {
    id: Number(row.id),
    code: row.code,
    cardNo: row.cardNo,
    issueTime: row.issueTime,
    validUntil: row.validUntil,
    recordCount: Number(row.recordCount),
    totalCredits: Number(row.totalCredits),
    state,
    stateLabel: STATE_LABELS[state],
    revokeTime: row.revokeTime,
    checkCount: checks?.count ?? 0,
    recentChecks: checks?.recent ?? [],
  };
};

/** Sums in tenths: credits carry at most one decimal place, and floating sums of tenths drift. */
const sumCredits = (lines: { credits: number }[]) =>
  lines.reduce((sum, line) => sum + Math.round(line.credits * 10), 0) / 10;

const pdfFile = (code: string, pdf: Buffer) => pdfDownload(`学习成果证明-${code}.pdf`, pdf);

/**
 * Issues a proof of the holder's chosen records (or every posted one): checks that each chosen record is the
 * holder's (another card's is refused with 403, not silently dropped) and posted, makes the signed PDF, then
 * stores it and audits in one transaction.
 */
export const issueProof = async (
  db: Db,
  tools: PdfTools,
  holder: CardHolderRow,
  choice: { recordIds?: number[]; all?: boolean; validDays: number },
  publicUrl: string,
  now: Date,
) => {
  const cardNo = holder.cardNo;
  const ids = choice.all ? undefined : [...new Set(choice.recordIds ?? [])];
  if (ids?.length === 0) throw badRequest(choice.recordIds ? PROOF_REFUSALS.noRecords : PROOF_REFUSALS.choose);
  if (ids && (await anyOfOtherCards(db.kysely, cardNo, ids))) throw forbidden(PROOF_REFUSALS.notOwn);
  const found = await proofRecords(db.kysely, cardNo, ids);
  const lines = ids ? ids.map((id) => found.get(id)) : [...found.values()];
  if (lines.some((line) => line === undefined || line.state !== 'posted')) throw badRequest(PROOF_REFUSALS.notPosted);
  const records = lines.filter((line) => line !== undefined);
  if (records.length === 0) throw badRequest(PROOF_REFUSALS.noRecords);
  if (records.length > PROOF_MAX_RECORDS) throw badRequest(PROOF_REFUSALS.tooManyRecords);
  const recordIds = ids ?? [...found.keys()];
  const totalCredits = sumCredits(records);
  const code = newProofCode();
  const validUntil = validUntilOf(now, choice.validDays);
  const pdf = await proofPdf(tools, {
    holderName: holder.name,
    cardNo,
    school: holder.school,
    records,
    totalCredits,
    issueDate: beijingDate(now),
    validUntil,
    code,
    verifyUrl: `${publicUrl}/verify/${code}`,
  });
  const row = {
    code,
    cardNo,
    holderName: holder.name,
    school: holder.school,
    recordIds: JSON.stringify(recordIds),
    recordCount: records.length,
    totalCredits,
    issueTime: now.toISOString(),
    validUntil,
    revokeTime: null,
  };
  const id = await db.writeTransaction(async (trx) => {
    const proofId = await insertProof(trx, { ...row, pdf });
    await recordCardAudit(trx, {
      cardNo,
      action: 'proof-issue',
      targetType: 'creditProof',
      targetId: proofId,
      detail: { records: records.length, totalCredits: formatCredits(totalCredits), validUntil, result: 'ok' },
      holderCardNo: cardNo,
      at: now,
    });
    return proofId;
  });
  // A new proof has no checks yet.
  return { proof: summaryOf({ id, ...row }, undefined, now), file: pdfFile(code, pdf) };
};

export const listProofs = async (db: Db, cardNo: string, now: Date): Promise<ProofSummary[]> => {
  const rows = await listCardProofs(db.kysely, cardNo);
  const checks = await checksOfProofs(
    db.kysely,
    rows.map((row) => Number(row.id)),
    RECENT_CHECKS,
  );
  return rows.map((row) => summaryOf(row, checks.get(Number(row.id)), now));
};

export const downloadProof = async (db: Db, cardNo: string, id: number) => {
  const row = await findProofPdf(db.kysely, cardNo, id);
  if (!row) throw notFound(PROOF_REFUSALS.notFound);
  return pdfFile(row.code, Buffer.from(row.pdf));
};

/** Revokes one of the holder's proofs: from now on it verifies as 已撤销, in every process at once. */
export const revokeHolderProof = async (db: Db, cardNo: string, id: number, now: Date) => {
  const revokeTime = now.toISOString();
  const row = await db.writeTransaction(async (trx) => {
    const found = await findCardProof(trx, cardNo, id);
    if (!found) throw notFound(PROOF_REFUSALS.notFound);
    if (!(await revokeProof(trx, id, revokeTime))) throw new ApiError(409, PROOF_REFUSALS.revoked);
    await recordCardAudit(trx, {
      cardNo,
      action: 'proof-revoke',
      targetType: 'creditProof',
      targetId: id,
      detail: { result: 'ok' },
      holderCardNo: cardNo,
      at: now,
    });
    return { ...found, revokeTime };
  });
  const checks = await checksOfProofs(db.kysely, [id], RECENT_CHECKS);
  return summaryOf(row, checks.get(id), now);
};

/**
 * A public check by code. A known code counts as a check of that proof (when, never by whom) and is audited;
 * a genuine, live proof shows the masked name, school, dates and its records as they stand now. Anything
 * else shows the verdict alone.
 */
export const verifyProofCode = async (
  db: Db,
  checks: ProofCheckLog,
  code: string,
  now: Date,
): Promise<ProofVerification> => {
  const row = await findProofByCode(db.kysely, code);
  if (!row) return { verdict: 'notFound', verdictLabel: PROOF_VERDICT_LABELS.notFound, proof: null };
  const verdict = proofState(row, now);
  checks.add(Number(row.id), verdict, now);
  if (verdict !== 'valid') return { verdict, verdictLabel: PROOF_VERDICT_LABELS[verdict], proof: null };
  const ids = JSON.parse(row.recordIds) as number[];
  const found = await proofRecords(db.kysely, row.cardNo, ids);
  const records = ids.map((id) => found.get(id)).filter((line) => line !== undefined);
  const totalCredits = sumCredits(records.filter((line) => line.state === 'posted'));
  return {
    verdict,
    verdictLabel: PROOF_VERDICT_LABELS.valid,
    proof: {
      code: row.code,
      holderName: maskName(row.holderName),
      school: row.school,
      issueDate: beijingDate(new Date(row.issueTime)),
      validUntil: row.validUntil,
      records,
      totalCredits,
    },
  };
};

/** A public check by certificate number and the holder's full name; a wrong name is the same 不存在. */
export const verifyCertificate = async (
  db: Db,
  certificateNo: string,
  name: string,
  now: Date,
): Promise<CertificateVerification> => {
  const record = await recordByCertificate(db.kysely, certificateNo, name);
  if (!record) return { verdict: 'notFound', verdictLabel: PROOF_VERDICT_LABELS.notFound, record: null, award: null };
  // Found by number and the holder's full name: a match certificate also shows what it certifies.
  const award = await findCertificateByNo(db.kysely, certificateNo);
  const certificate = award ? toCertificate(award) : null;
  await recordAuditAlone(db, {
    user: null,
    action: 'proof-check',
    targetType: 'certificate',
    targetId: certificateNo,
    detail: { result: record.state },
    at: now,
  });
  return {
    verdict: 'valid',
    verdictLabel: PROOF_VERDICT_LABELS.valid,
    record: {
      date: record.date,
      activity: record.activity,
      level: record.level,
      institutionName: record.institutionName,
      state: record.state,
      stateLabel: record.stateLabel,
      holderName: maskName(record.holderName),
    },
    award: certificate && {
      eventName: certificate.eventName,
      level: certificate.level,
      itemName: certificate.itemName,
      teamName: certificate.teamName,
      institutionName: certificate.institutionName,
      awardLabel: certificate.awardLabel,
      rank: certificate.rank,
      organizerName: certificate.organizerName,
      approvalNo: certificate.approvalNo,
      issueDate: certificate.issueDate,
    },
  };
};
