import {
  CREDIT_IMPORT_COLUMNS,
  CREDIT_IMPORT_LIMITS,
  type CreditImportPreview,
  type FileDownload,
} from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest } from '../../http/apiError';
import { recordCardAudit } from '../audit/auditRepository';
import { findInstitutionRow } from '../institutions/institutionRepository';
import { parseBirthDate } from '../institutions/roster';
import type { InstitutionActor } from '../institutions/rosterCommands';
import { assertPreviewed, type ReceivedSheet } from '../institutions/sheetUpload';
import { readTable, SHEET_REFUSED, type Table, writeXlsx, XLSX_MIME } from '../institutions/spreadsheet';
import { findCreditBatchByFile, insertCreditBatch } from './batchRepository';
import { type CatalogueRow, findCatalogueByCodes } from './catalogueRepository';
import { insertLedgerRecords, kindLabel, standingRecordsOf, takenCertificates } from './ledgerRepository';
import { beijingDate, creditsRefusal, dateRefusal, REFUSALS } from './policy';

type Column = (typeof CREDIT_IMPORT_COLUMNS)[number];
type PreviewRow = CreditImportPreview['rows'][number];

interface CheckedRow extends PreviewRow {
  item: CatalogueRow | null;
}

const columnsOf = (header: string[]): Record<Column, number> => {
  const positions = new Map(header.map((cell, index) => [cell.replace(/\s/g, ''), index]));
  const missing = CREDIT_IMPORT_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length > 0) {
    throw badRequest(`表头应为：${CREDIT_IMPORT_COLUMNS.join('、')}（缺少「${missing.join('」「')}」）`);
  }
  return Object.fromEntries(CREDIT_IMPORT_COLUMNS.map((column) => [column, positions.get(column) ?? -1])) as Record<
    Column,
    number
  >;
};

const inChunks = async <T, R>(values: T[], work: (chunk: T[]) => Promise<R[]>) => {
  const out: R[] = [];
  for (let start = 0; start < values.length; start += 500) out.push(...(await work(values.slice(start, start + 500))));
  return out;
};

/**
 * Checks every row on its own, against the rows above it and against the database: the holder is linked to
 * the institution and named as on the card, the item is in the catalogue and active and needs no evidence,
 * the date is real and possible, the credits within the item's maximum, the certificate number unused.
 * A row repeating a standing record of the holder (same item and date), or an earlier row, is a duplicate.
 */
const checkRows = async (db: Kysely<Database>, institutionId: number, table: Table, today: string) => {
  const columns = columnsOf(table.header);
  if (table.rows.length === 0) throw SHEET_REFUSED.noRows();
  const raw = table.rows.map(({ row, cells }) => {
    const cell = (column: Column) => (cells[columns[column]] ?? '').trim();
    return {
      row,
      cardNo: cell('卡号'),
      name: cell('姓名'),
      itemCode: cell('项目代码'),
      dateText: cell('获得日期'),
      creditsText: cell('学分'),
      certificateNo: cell('证书编号'),
    };
  });
  const cardNos = [...new Set(raw.map((row) => row.cardNo).filter((cardNo) => /^\d{8,20}$/.test(cardNo)))];
  // Each card with whether it is linked to the institution, in one read.
  const holders = new Map(
    (
      await inChunks(cardNos, (chunk) =>
        db
          .selectFrom('cardHolder as h')
          .leftJoin('institutionMember as m', (join) =>
            join.onRef('m.cardNo', '=', 'h.cardNo').on('m.institutionId', '=', institutionId),
          )
          .select(['h.cardNo', 'h.name', 'h.birthDate', 'm.cardNo as memberCardNo'])
          .where('h.cardNo', 'in', chunk)
          .execute(),
      )
    ).map((holder) => [holder.cardNo, holder]),
  );
  const items = new Map(
    (await findCatalogueByCodes(db, [...new Set(raw.map((row) => row.itemCode).filter(Boolean))])).map((item) => [
      item.code,
      item,
    ]),
  );
  const standing = new Set(
    (
      await standingRecordsOf(
        db,
        cardNos,
        [...items.values()].map((item) => Number(item.id)),
      )
    ).map((row) => `${row.cardNo}|${row.catalogueId}|${row.date}`),
  );
  const taken = await takenCertificates(
    db,
    institutionId,
    raw.map((row) => row.certificateNo),
  );

  const seenRecords = new Map<string, number>();
  const seenCertificates = new Map<string, number>();
  return raw.map((input): CheckedRow => {
    const issues: PreviewRow['issues'] = [];
    const refuse = (column: Column, reason: string) =>
      issues.push({ row: input.row, column, message: `第 ${input.row} 行「${column}」：${reason}` });

    const holder = holders.get(input.cardNo);
    if (!/^\d{8,20}$/.test(input.cardNo)) refuse('卡号', '应为 8 到 20 位数字');
    else if (!holder?.memberCardNo) refuse('卡号', REFUSALS.notLinked);
    else if (input.name !== holder.name) refuse('姓名', '与卡号登记的姓名不符');

    const item = items.get(input.itemCode) ?? null;
    if (input.itemCode === '') refuse('项目代码', '不能为空');
    else if (!item) refuse('项目代码', REFUSALS.itemUnknown);
    else if (item.status !== 'active') refuse('项目代码', REFUSALS.itemRetired);
    else if (item.evidenceRequired === 1) refuse('项目代码', `${REFUSALS.evidenceMissing}，请逐条登记`);

    const date = parseBirthDate(input.dateText);
    if (input.dateText === '') refuse('获得日期', '不能为空');
    else if (!date) refuse('获得日期', '应为 YYYY-MM-DD 格式的真实日期');
    else {
      const issue = dateRefusal(date, today, holder?.birthDate ?? null);
      if (issue) refuse('获得日期', issue);
    }

    const credits = input.creditsText === '' && item ? Number(item.defaultCredits) : Number(input.creditsText);
    if (input.creditsText !== '' && !/^\d+(\.\d+)?$/.test(input.creditsText)) refuse('学分', '学分应为数字');
    else if (item) {
      const issue = creditsRefusal(credits, Number(item.maxCredits));
      if (issue) refuse('学分', issue);
    }

    if ([...input.certificateNo].length > 64) refuse('证书编号', '不能超过 64 个字符');

    // A row repeating a standing record or an earlier row is flagged, not refused: it is simply not recorded
    // again (its certificate number is then the repeated record's own).
    let outcome: PreviewRow['outcome'] = issues.length > 0 ? 'refused' : 'ok';
    if (outcome === 'ok' && item && date) {
      const key = `${input.cardNo}|${item.id}|${date}`;
      const earlier = seenRecords.get(key);
      if (standing.has(key) || earlier !== undefined) {
        outcome = 'duplicate';
        issues.push({
          row: input.row,
          column: '项目代码',
          message:
            earlier !== undefined
              ? `第 ${input.row} 行：与第 ${earlier} 行重复（同一持卡人、项目、日期），不会重复登记`
              : `第 ${input.row} 行：${REFUSALS.duplicate}，不会重复登记`,
        });
      } else {
        if (input.certificateNo && taken.has(input.certificateNo)) refuse('证书编号', REFUSALS.certificateTaken);
        else if (input.certificateNo && seenCertificates.has(input.certificateNo)) {
          refuse('证书编号', `与第 ${seenCertificates.get(input.certificateNo)} 行重复`);
        }
        if (issues.length > 0) outcome = 'refused';
        else {
          seenRecords.set(key, input.row);
          if (input.certificateNo) seenCertificates.set(input.certificateNo, input.row);
        }
      }
    }
    return {
      row: input.row,
      cardNo: input.cardNo,
      name: input.name,
      itemCode: input.itemCode,
      itemName: item?.name ?? '',
      date: date ?? input.dateText,
      credits: Number.isFinite(credits) && (input.creditsText !== '' || item) ? credits : null,
      certificateNo: input.certificateNo,
      outcome,
      issues,
      item,
    };
  });
};

const summary = (rows: CheckedRow[]) => ({
  total: rows.length,
  okCount: rows.filter((row) => row.outcome === 'ok').length,
  duplicateCount: rows.filter((row) => row.outcome === 'duplicate').length,
  refusedCount: rows.filter((row) => row.outcome === 'refused').length,
});

export const previewCreditImport = async (
  db: Db,
  actor: InstitutionActor,
  sheet: ReceivedSheet,
  now: Date,
): Promise<CreditImportPreview> => {
  const table = await readTable(sheet.bytes, CREDIT_IMPORT_LIMITS.maxRows);
  const rows = await checkRows(db.kysely, actor.institutionId, table, beijingDate(now));
  const committed = await findCreditBatchByFile(db.kysely, actor.institutionId, sheet.sha256);
  return {
    previewId: sheet.sha256,
    fileName: sheet.fileName,
    ...summary(rows),
    rows: rows.map(({ item: _item, ...row }) => row),
    committedBatchId: committed ? Number(committed.id) : null,
  };
};

/**
 * Records the file's OK rows as one submitted batch, all in one transaction: a refused row refuses the file
 * and nothing is written; duplicates are skipped. The same file committed again finds its batch.
 */
export const commitCreditImport = async (db: Db, actor: InstitutionActor, sheet: ReceivedSheet, now: Date) => {
  assertPreviewed(sheet);
  const table = await readTable(sheet.bytes, CREDIT_IMPORT_LIMITS.maxRows);
  const at = now.toISOString();
  return db.writeTransaction(async (trx, locks) => {
    await locks.named(`credits:${actor.institutionId}`);
    const earlier = await findCreditBatchByFile(trx, actor.institutionId, sheet.sha256);
    if (earlier) {
      return { batchId: Number(earlier.id), recorded: 0, duplicates: 0, alreadyCommitted: true };
    }
    const rows = await checkRows(trx, actor.institutionId, table, beijingDate(now));
    const counts = summary(rows);
    if (counts.refusedCount > 0) throw badRequest(`表格中有 ${counts.refusedCount} 行未通过检查，请修改后重新预览`);
    if (counts.okCount === 0) throw badRequest('表格中没有可登记的新记录');
    const institution = await findInstitutionRow(trx, actor.institutionId);
    const batch = await insertCreditBatch(trx, {
      institutionId: actor.institutionId,
      fileHash: sheet.sha256,
      fileName: sheet.fileName,
      rowCount: counts.total,
      recorded: counts.okCount,
      duplicates: counts.duplicateCount,
      state: 'submitted',
      createdBy: actor.cardNo,
      createTime: at,
      decidedTime: null,
    });
    const batchId = Number(batch.id);
    await insertLedgerRecords(
      trx,
      rows
        .filter((row) => row.outcome === 'ok' && row.item)
        .map((row) => {
          const item = row.item as CatalogueRow;
          return {
            cardNo: row.cardNo,
            date: row.date,
            activity: item.name,
            category: kindLabel(item.kind),
            credits: row.credits ?? Number(item.defaultCredits),
            issuer: institution?.name ?? '',
            certificateNo: row.certificateNo,
            state: 'submitted',
            institutionId: actor.institutionId,
            catalogueId: Number(item.id),
            kind: item.kind,
            level: item.level,
            batchId,
            submittedBy: actor.cardNo,
            submitTime: at,
          };
        }),
    );
    await recordCardAudit(trx, {
      cardNo: actor.cardNo,
      action: 'import',
      targetType: 'creditBatch',
      targetId: batchId,
      detail: {
        institutionId: actor.institutionId,
        fileName: sheet.fileName,
        rows: counts.total,
        recorded: counts.okCount,
        duplicates: counts.duplicateCount,
        result: 'ok',
      },
      at: now,
    });
    return { batchId, recorded: counts.okCount, duplicates: counts.duplicateCount, alreadyCommitted: false };
  });
};

/** The template: the header and two sample rows (their card numbers are placeholders). */
export const creditTemplate = async (): Promise<FileDownload> => ({
  fileName: '学分导入模板.xlsx',
  mimeType: XLSX_MIME,
  base64: (
    await writeXlsx('学分', CREDIT_IMPORT_COLUMNS, [
      ['10000001', '李明', 'COMP-PRV', '2026-10-01', '4', 'LM-2026-0001'],
      ['10000001', '李明', 'MEET-R-CIT', '2026-09-15', '', ''],
    ])
  ).toString('base64'),
});
