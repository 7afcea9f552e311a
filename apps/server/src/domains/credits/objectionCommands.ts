import type { Objection } from '@lianmeng/core';
import type { Db } from '../../db/database';
import { ApiError, badRequest, notFound } from '../../http/apiError';
import { recordCardAudit } from '../audit/auditRepository';
import type { InstitutionActor } from '../institutions/rosterCommands';
import { lockRecords, updateRecords } from './ledgerRepository';
import { type SmsNotice, writeNotices } from './notices';
import {
  findObjection,
  insertObjection,
  lockObjection,
  objectionOfRecord,
  updateObjection,
} from './objectionRepository';
import { beijingDate, objectionOpenUntil, REFUSALS } from './policy';
import { submitReversal } from './recordCommands';

/**
 * The holder objects (异议) to one of the card's posted records, within the objection period. The record
 * shows 异议处理中; the ledger does not change.
 */
export const objectToRecord = async (
  db: Db,
  cardNo: string,
  recordId: number,
  reason: string,
  now: Date,
): Promise<Objection> => {
  const id = await db.writeTransaction(async (trx, locks) => {
    const [record] = await lockRecords(trx, locks.forUpdate, [recordId]);
    // Another holder's record, a reversal entry or one not yet posted is not the holder's to see.
    if (!record || record.cardNo !== cardNo || record.reversesId !== null) throw notFound(REFUSALS.recordNotFound);
    if (record.state === 'submitted' || record.state === 'returned') throw notFound(REFUSALS.recordNotFound);
    if (record.state !== 'posted') throw badRequest(REFUSALS.objectionNotPosted);
    if (await objectionOfRecord(trx, recordId)) throw new ApiError(409, REFUSALS.objectionExists);
    if (beijingDate(now) > objectionOpenUntil(record.postedDate)) throw badRequest(REFUSALS.objectionLate);
    const row = await insertObjection(trx, {
      recordId,
      cardNo,
      institutionId: record.institutionId,
      reason,
      state: 'open',
      createTime: now.toISOString(),
      answerTime: null,
    });
    await updateRecords(trx, [recordId], { objectionOpen: 1 });
    await recordCardAudit(trx, {
      cardNo,
      action: 'object',
      targetType: 'creditRecord',
      targetId: recordId,
      detail: {
        institutionId: record.institutionId === null ? null : Number(record.institutionId),
        objection: Number(row.id),
        reason,
        result: 'ok',
      },
      holderCardNo: cardNo,
      at: now,
    });
    return Number(row.id);
  });
  return findObjection(db.kysely, id);
};

/**
 * The recording institution answers an objection: `keep` (the record stands, with the explanation), or
 * `reverse` (a reversal is submitted for review with the explanation as its reason). The holder gets the
 * answer in the inbox.
 */
export const answerObjection = async (
  db: Db,
  actor: InstitutionActor,
  objectionId: number,
  decision: 'keep' | 'reverse',
  explanation: string,
  now: Date,
): Promise<{ objection: Objection; sms: SmsNotice[] }> => {
  const sms = await db.writeTransaction(async (trx, locks) => {
    const objection = await lockObjection(trx, locks.forUpdate, actor.institutionId, objectionId);
    if (!objection) throw notFound(REFUSALS.objectionNotFound);
    if (objection.state !== 'open') throw new ApiError(409, REFUSALS.objectionAnswered);
    if (decision === 'reverse') {
      await submitReversal(trx, locks, actor, Number(objection.recordId), explanation, now);
    } else {
      await updateRecords(trx, [Number(objection.recordId)], { objectionOpen: 0 });
    }
    await updateObjection(trx, objectionId, {
      state: decision === 'keep' ? 'kept' : 'reversal',
      answer: explanation,
      answeredBy: actor.cardNo,
      answerTime: now.toISOString(),
    });
    await recordCardAudit(trx, {
      cardNo: actor.cardNo,
      action: 'answer',
      targetType: 'creditObjection',
      targetId: objectionId,
      detail: { institutionId: actor.institutionId, record: Number(objection.recordId), decision, result: 'ok' },
      holderCardNo: objection.cardNo,
      at: now,
    });
    return writeNotices(
      trx,
      [
        {
          cardNo: objection.cardNo,
          title: '异议答复',
          body:
            decision === 'keep'
              ? `您提出的异议已答复：维持原记录。说明：${explanation}`
              : `您提出的异议已答复：机构已提交冲正，审核通过后该记录不再计入总学分。说明：${explanation}`,
          recordId: Number(objection.recordId),
        },
      ],
      now.toISOString(),
    );
  });
  return { objection: await findObjection(db.kysely, objectionId), sms };
};
