import type { creditRecordBody, LedgerRecord } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db, WriteLocks } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/apiError';
import { recordCardAudit } from '../audit/auditRepository';
import { findInstitutionRow } from '../institutions/institutionRepository';
import { linkedHolder } from '../institutions/memberRepository';
import { parseBirthDate } from '../institutions/roster';
import type { InstitutionActor } from '../institutions/rosterCommands';
import { findCatalogueRow } from './catalogueRepository';
import { findEvidenceOf } from './evidenceRepository';
import {
  findLedgerRecord,
  insertLedgerRecord,
  kindLabel,
  lockRecords,
  pendingReversalOf,
  standingRecordsOf,
  takenCertificates,
} from './ledgerRepository';
import { beijingDate, creditsRefusal, dateRefusal, REFUSALS } from './policy';

type RecordInput = z.output<typeof creditRecordBody>;

/**
 * Records one credit for a holder linked to the institution. It is `submitted`: invisible to the holder until
 * an operator posts it. Every refusal names what is wrong and writes nothing.
 */
export const recordCredit = async (
  db: Db,
  actor: InstitutionActor,
  input: RecordInput,
  now: Date,
): Promise<LedgerRecord> => {
  const today = beijingDate(now);
  const id = await db.writeTransaction(async (trx, locks) => {
    // One institution's recordings take turns: certificate numbers and duplicates are judged on settled rows.
    await locks.named(`credits:${actor.institutionId}`);
    const holder = await linkedHolder(trx, actor.institutionId, input.cardNo);
    if (!holder) throw badRequest(REFUSALS.notLinked);
    const item = await findCatalogueRow(trx, input.itemId);
    if (!item) throw badRequest(REFUSALS.itemUnknown);
    if (item.status !== 'active') throw badRequest(REFUSALS.itemRetired);
    const credits = input.credits ?? Number(item.defaultCredits);
    const creditsIssue = creditsRefusal(credits, Number(item.maxCredits));
    if (creditsIssue) throw badRequest(creditsIssue);
    if (parseBirthDate(input.date) !== input.date) throw badRequest('日期应为 YYYY-MM-DD 格式的真实日期');
    const dateIssue = dateRefusal(input.date, today, holder.birthDate);
    if (dateIssue) throw badRequest(dateIssue);
    let evidenceId: number | null = null;
    if (input.evidenceId !== undefined) {
      const evidence = await findEvidenceOf(trx, actor.institutionId, input.evidenceId);
      if (!evidence) throw badRequest(REFUSALS.evidenceUnknown);
      evidenceId = Number(evidence.id);
    } else if (item.evidenceRequired === 1) throw badRequest(REFUSALS.evidenceMissing);
    const certificateNo = input.certificateNo ?? '';
    if (certificateNo && (await takenCertificates(trx, actor.institutionId, [certificateNo])).size > 0) {
      throw new ApiError(409, REFUSALS.certificateTaken);
    }
    const standing = await standingRecordsOf(trx, [holder.cardNo], [Number(item.id)]);
    if (standing.some((row) => row.date === input.date)) throw new ApiError(409, REFUSALS.duplicate);
    const institution = await findInstitutionRow(trx, actor.institutionId);
    const row = await insertLedgerRecord(trx, {
      cardNo: holder.cardNo,
      date: input.date,
      activity: item.name,
      category: kindLabel(item.kind),
      credits,
      issuer: institution?.name ?? '',
      certificateNo,
      state: 'submitted',
      institutionId: actor.institutionId,
      catalogueId: Number(item.id),
      kind: item.kind,
      level: item.level,
      submittedBy: actor.cardNo,
      submitTime: now.toISOString(),
      evidenceId,
    });
    await recordCardAudit(trx, {
      cardNo: actor.cardNo,
      action: 'record',
      targetType: 'creditRecord',
      targetId: Number(row.id),
      detail: {
        institutionId: actor.institutionId,
        holder: holder.cardNo,
        item: item.code,
        date: input.date,
        credits,
        result: 'ok',
      },
      holderCardNo: holder.cardNo,
      at: now,
    });
    return Number(row.id);
  });
  return findLedgerRecord(db.kysely, id);
};

/**
 * Submits a reversal (冲正) of a posted record of the institution: a ledger entry of its own, reviewed like
 * any record; the original stops counting only when the reversal is posted. Used by the workbench's
 * reversal and by an objection answered with one.
 */
export const submitReversal = async (
  trx: Kysely<Database>,
  locks: WriteLocks,
  actor: InstitutionActor,
  recordId: number,
  reason: string,
  now: Date,
) => {
  await locks.named(`credits:${actor.institutionId}`);
  const [original] = await lockRecords(trx, locks.forUpdate, [recordId]);
  if (!original || Number(original.institutionId) !== actor.institutionId || original.reversesId !== null) {
    throw notFound(REFUSALS.recordNotFound);
  }
  if (original.state === 'reversed') throw badRequest(REFUSALS.alreadyReversed);
  if (original.state !== 'posted') throw badRequest(REFUSALS.notPosted);
  if (await pendingReversalOf(trx, recordId)) throw new ApiError(409, REFUSALS.reversalPending);
  const row = await insertLedgerRecord(trx, {
    cardNo: original.cardNo,
    date: beijingDate(now),
    activity: `冲正：${original.activity}`,
    category: original.category,
    credits: Number(original.credits),
    issuer: original.issuer,
    certificateNo: '',
    state: 'submitted',
    institutionId: actor.institutionId,
    catalogueId: original.catalogueId,
    kind: original.kind,
    level: original.level,
    reversesId: recordId,
    reason,
    submittedBy: actor.cardNo,
    submitTime: now.toISOString(),
  });
  await recordCardAudit(trx, {
    cardNo: actor.cardNo,
    action: 'reverse',
    targetType: 'creditRecord',
    targetId: recordId,
    detail: { institutionId: actor.institutionId, reversal: Number(row.id), reason, result: 'ok' },
    holderCardNo: original.cardNo,
    at: now,
  });
  return Number(row.id);
};

export const reverseCredit = async (
  db: Db,
  actor: InstitutionActor,
  recordId: number,
  reason: string,
  now: Date,
): Promise<LedgerRecord> => {
  const id = await db.writeTransaction((trx, locks) => submitReversal(trx, locks, actor, recordId, reason, now));
  return findLedgerRecord(db.kysely, id);
};
