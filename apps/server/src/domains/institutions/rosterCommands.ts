import { ROSTER_LIMITS, type RosterCommit, type RosterPreview } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../http/apiError';
import { type ActivationCodeHasher, issueActivationCodes } from '../activation/activationCodes';
import { recordCardAudit } from '../audit/auditRepository';
import { findHoldersByNameAndBirth, insertCardHolders } from '../cardHolders/cardHolderRepository';
import { allocateCardNumbers } from './cardNumbers';
import { findInstitutionRow } from './institutionRepository';
import { insertMembers, membersAmong, pendingCardsOfBatch } from './memberRepository';
import { beijingDate, type CheckedRow, checkRoster, personKeys, previewRow } from './roster';
import { findBatch, findBatchByFile, insertBatch } from './rosterBatchRepository';
import type { ReceivedSheet } from './sheetUpload';
import { assertPreviewed } from './sheetUpload';
import { readTable, writeXlsx, XLSX_MIME } from './spreadsheet';

export interface InstitutionActor {
  cardNo: string;
  institutionId: number;
}

const CODES_HEADER = ['卡号', '姓名', '年级/班级', '激活码', '有效期至'] as const;

/** For each OK row, the card of an existing holder with the same name, birth date and phone, if any. */
const findLinks = async (db: Kysely<Database>, rows: CheckedRow[]) => {
  const ok = rows.filter((row) => row.issues.length === 0);
  const byKey = new Map<string, string>();
  const states = new Map<string, string>();
  const names = [...new Set(ok.map((row) => row.person.name))];
  for (let start = 0; start < names.length; start += 500) {
    for (const holder of await findHoldersByNameAndBirth(db, names.slice(start, start + 500))) {
      if (!holder.birthDate) continue;
      states.set(holder.cardNo, holder.activationState);
      for (const phone of new Set([holder.phone, holder.rosterPhone, holder.guardianPhone])) {
        if (phone) byKey.set(`${holder.name}|${holder.birthDate}|${phone}`, holder.cardNo);
      }
    }
  }
  const links = new Map(
    ok.map((row) => [
      row.person.row,
      personKeys(row.person)
        .map((key) => byKey.get(key))
        .find(Boolean) ?? null,
    ]),
  );
  return { links, states };
};

const readRoster = async (sheet: ReceivedSheet, now: Date) =>
  checkRoster(await readTable(sheet.bytes, ROSTER_LIMITS.maxRows), beijingDate(now));

/** Reads and checks a roster and says what committing it would do; writes nothing. */
export const previewRoster = async (
  db: Db,
  actor: InstitutionActor,
  sheet: ReceivedSheet,
  now: Date,
): Promise<RosterPreview> => {
  const checked = await readRoster(sheet, now);
  const { links } = await findLinks(db.kysely, checked);
  const rows = checked.map((row) => previewRow(row, links.get(row.person.row) ?? null));
  const committed = await findBatchByFile(db.kysely, actor.institutionId, sheet.sha256);
  return {
    previewId: sheet.sha256,
    fileName: sheet.fileName,
    total: rows.length,
    newCount: rows.filter((row) => row.outcome === 'new').length,
    linkCount: rows.filter((row) => row.outcome === 'link').length,
    refusedCount: rows.filter((row) => row.outcome === 'refused').length,
    rows,
    committedBatchId: committed ? Number(committed.id) : null,
  };
};

const codesFile = async (
  fileName: string,
  cards: { cardNo: string; name: string; grade: string }[],
  codes: Map<string, { code: string; expiresTime: string }>,
) => ({
  fileName,
  mimeType: XLSX_MIME,
  base64: (
    await writeXlsx(
      '激活码',
      CODES_HEADER,
      cards.map((card) => {
        const issued = codes.get(card.cardNo);
        return [
          card.cardNo,
          card.name,
          card.grade,
          issued?.code ?? '',
          beijingDate(new Date(issued?.expiresTime ?? 0)),
        ];
      }),
    )
  ).toString('base64'),
});

/**
 * Opens a card for each new row and links each matching holder, all in one transaction: any refused row
 * refuses the whole file and nothing is written. The same file committed again by the same institution
 * finds its batch and opens nothing.
 */
export const commitRoster = async (
  db: Db,
  hashOf: ActivationCodeHasher,
  actor: InstitutionActor,
  sheet: ReceivedSheet,
  now: Date,
): Promise<RosterCommit> => {
  assertPreviewed(sheet);
  const checked = await readRoster(sheet, now);
  const refused = checked.filter((row) => row.issues.length > 0);
  const at = now.toISOString();

  const result = await db.writeTransaction(async (trx, locks) => {
    // Two commits of one institution at once: the second waits, then finds the first one's batch.
    await locks.named(`roster:${actor.institutionId}`);
    const earlier = await findBatchByFile(trx, actor.institutionId, sheet.sha256);
    if (earlier) return { batchId: Number(earlier.id), opened: 0, linked: 0, alreadyCommitted: true, issued: null };
    if (refused.length > 0) throw badRequest(`名单中有 ${refused.length} 行未通过检查，请修改后重新预览`);
    const institution = await findInstitutionRow(trx, actor.institutionId);
    if (!institution) throw notFound('机构不存在');

    const { links, states } = await findLinks(trx, checked);
    const linkedCards = [...new Set([...links.values()].filter((cardNo): cardNo is string => cardNo !== null))];
    const already = await membersAmong(trx, actor.institutionId, linkedCards);
    const newLinks = linkedCards.filter((cardNo) => !already.has(cardNo));
    const fresh = checked.filter((row) => !links.get(row.person.row));
    const numbers = await allocateCardNumbers(trx, locks, fresh.length);

    const batch = await insertBatch(trx, {
      institutionId: actor.institutionId,
      fileHash: sheet.sha256,
      fileName: sheet.fileName,
      rowCount: checked.length,
      opened: fresh.length,
      linked: newLinks.length,
      createdBy: actor.cardNo,
      createTime: at,
    });
    const batchId = Number(batch.id);
    const holders = fresh.map((row, index) => ({
      cardNo: numbers[index] ?? '',
      name: row.person.name,
      school: institution.name,
      phone: '',
      passwordHash: '',
      operator: 0,
      institution: 0,
      activationState: 'pending',
      birthDate: row.person.birthDate,
      gender: row.person.gender,
      grade: row.person.grade,
      rosterPhone: row.person.phone,
      guardianPhone: row.person.guardianPhone,
      createTime: at,
      updateTime: at,
    }));
    // 1,000 rows of 15 values stay under both databases' limits on bound parameters.
    for (let start = 0; start < holders.length; start += 1000) {
      await insertCardHolders(trx, holders.slice(start, start + 1000));
    }
    await insertMembers(trx, [
      ...holders.map((holder) => ({
        institutionId: actor.institutionId,
        cardNo: holder.cardNo,
        how: 'opened',
        batchId,
        linkTime: at,
        activationState: 'pending',
      })),
      ...newLinks.map((cardNo) => ({
        institutionId: actor.institutionId,
        cardNo,
        how: 'linked',
        batchId,
        linkTime: at,
        activationState: states.get(cardNo) ?? 'active',
      })),
    ]);
    const codes = await issueActivationCodes(
      trx,
      hashOf,
      holders.map((holder) => holder.cardNo),
      now,
      false,
    );
    await recordCardAudit(trx, {
      cardNo: actor.cardNo,
      action: 'import',
      targetType: 'rosterBatch',
      targetId: batchId,
      detail: {
        institutionId: actor.institutionId,
        fileName: sheet.fileName,
        rows: checked.length,
        opened: holders.length,
        linked: newLinks.length,
        result: 'ok',
      },
      at: now,
    });
    return {
      batchId,
      opened: holders.length,
      linked: newLinks.length,
      alreadyCommitted: false,
      issued: { holders, codes },
    };
  });

  const { issued, ...answer } = result;
  return {
    ...answer,
    codesFile:
      issued && issued.holders.length > 0
        ? await codesFile(`激活码-批次${result.batchId}.xlsx`, issued.holders, issued.codes)
        : null,
  };
};

/**
 * New codes for a batch's cards not yet activated (their earlier codes die), audited with the form they are
 * handed out in; the plain codes exist only in the answer, for the caller to put in a file at once.
 */
export const reissuePendingCodes = (
  db: Db,
  hashOf: ActivationCodeHasher,
  actor: InstitutionActor,
  batchId: number,
  now: Date,
  form: 'xlsx' | 'slips',
) =>
  db.writeTransaction(async (trx) => {
    const batch = await findBatch(trx, actor.institutionId, batchId);
    if (!batch) throw notFound('未找到该批次');
    const pending = await pendingCardsOfBatch(trx, actor.institutionId, batchId);
    if (pending.length === 0) throw badRequest('该批次的卡都已激活');
    const issued = await issueActivationCodes(
      trx,
      hashOf,
      pending.map((card) => card.cardNo),
      now,
    );
    await recordCardAudit(trx, {
      cardNo: actor.cardNo,
      action: 'code-issue',
      targetType: 'rosterBatch',
      targetId: batchId,
      detail: { institutionId: actor.institutionId, cards: pending.length, form, result: 'ok' },
      at: now,
    });
    return { cards: pending, codes: issued };
  });

/** New codes for a batch's cards not yet activated (their earlier codes die), as a spreadsheet. */
export const reissueBatchCodes = async (
  db: Db,
  hashOf: ActivationCodeHasher,
  actor: InstitutionActor,
  batchId: number,
  now: Date,
) => {
  const { cards, codes } = await reissuePendingCodes(db, hashOf, actor, batchId, now, 'xlsx');
  return codesFile(`激活码-批次${batchId}.xlsx`, cards, codes);
};
