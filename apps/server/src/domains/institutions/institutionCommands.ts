import {
  type ConsoleUser,
  INSTITUTION_IMPORT_COLUMNS,
  INSTITUTION_KIND_LABELS,
  INSTITUTION_KINDS,
  type Institution,
  type InstitutionImportPreview,
  type InstitutionKind,
  type institutionCreateBody,
  type institutionUpdateBody,
} from '@lianmeng/core';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { InstitutionTable } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/apiError';
import { auditTarget } from '../audit/auditRepository';
import { findInstitution, findInstitutionsByCode, INSTITUTION_NOT_FOUND, toInstitution } from './institutionRepository';
import { assertPreviewed, type ReceivedSheet } from './sheetUpload';
import { readTable, SHEET_REFUSED, type Table } from './spreadsheet';

type Actor = ConsoleUser | null;
const auditInstitution = auditTarget('institution');
const CODE_TAKEN = '机构代码已存在';
/** The console's institution list: at most 5,000 rows in a file of at most 10 MB. */
export const INSTITUTION_IMPORT_LIMITS = { maxRows: 5_000, maxBytes: 10 * 1024 * 1024 } as const;

const codeTaken = async (db: Db['kysely'], code: string, except?: number) =>
  (await findInstitutionsByCode(db, [code])).some((row) => Number(row.id) !== except);

export const createInstitution = async (
  db: Db,
  input: z.output<typeof institutionCreateBody>,
  actor: Actor,
  now: Date,
): Promise<Institution> =>
  db.writeTransaction(async (trx, locks) => {
    await locks.named('institution-codes');
    if (await codeTaken(trx, input.code)) throw new ApiError(409, CODE_TAKEN);
    const at = now.toISOString();
    const row = await trx
      .insertInto('institution')
      .values({ ...input, createTime: at, updateTime: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditInstitution(trx, { user: actor, at: now }, 'insert', Number(row.id), { ...input });
    return toInstitution(row, 0);
  });

/** Edits or disables an institution; disabling stops its accounts acting for it and changes no record. */
export const changeInstitution = async (
  db: Db,
  id: number,
  input: z.output<typeof institutionUpdateBody>,
  actor: Actor,
  now: Date,
): Promise<Institution> => {
  const { id: _id, accountCount: _count, createTime: _created, updateTime: _updated, ...changes } = input;
  await db.writeTransaction(async (trx, locks) => {
    await locks.named('institution-codes');
    const before = await locks
      .forUpdate(trx.selectFrom('institution').selectAll().where('id', '=', id))
      .executeTakeFirst();
    if (!before) throw notFound(INSTITUTION_NOT_FOUND);
    if (changes.code && changes.code !== before.code && (await codeTaken(trx, changes.code, id))) {
      throw new ApiError(409, CODE_TAKEN);
    }
    await trx
      .updateTable('institution')
      .set({ ...changes, updateTime: now.toISOString() })
      .where('id', '=', id)
      .execute();
    const from = Object.fromEntries(Object.keys(changes).map((key) => [key, before[key as keyof typeof before]]));
    await auditInstitution(trx, { user: actor, at: now }, 'update', id, { from, to: changes });
  });
  return findInstitution(db.kysely, id);
};

const KIND_BY_LABEL = new Map(INSTITUTION_KINDS.map((kind) => [INSTITUTION_KIND_LABELS[kind], kind]));

interface ImportRow extends Pick<InstitutionTable, 'code' | 'name' | 'kind' | 'province' | 'city' | 'county'> {
  row: number;
  issues: { row: number; column: string; message: string }[];
}

const readImport = (sheet: ReceivedSheet) => readTable(sheet.bytes, INSTITUTION_IMPORT_LIMITS.maxRows);

const checkImport = async (db: Db['kysely'], table: Table): Promise<ImportRow[]> => {
  const positions = new Map(table.header.map((cell, index) => [cell.replace(/\s/g, ''), index]));
  const missing = INSTITUTION_IMPORT_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length > 0) {
    throw badRequest(`表头应为：${INSTITUTION_IMPORT_COLUMNS.join('、')}（缺少「${missing.join('」「')}」）`);
  }
  if (table.rows.length === 0) throw SHEET_REFUSED.noRows();
  const existing = new Set(
    (
      await findInstitutionsByCode(
        db,
        table.rows.map(({ cells }) => (cells[positions.get('机构代码') ?? 0] ?? '').trim()),
      )
    ).map((row) => row.code),
  );
  const seen = new Map<string, number>();
  return table.rows.map(({ row, cells }) => {
    const cell = (column: (typeof INSTITUTION_IMPORT_COLUMNS)[number]) =>
      (cells[positions.get(column) ?? -1] ?? '').trim();
    const issues: ImportRow['issues'] = [];
    const refuse = (column: string, reason: string) =>
      issues.push({ row, column, message: `第 ${row} 行「${column}」：${reason}` });
    const values = {
      code: cell('机构代码'),
      name: cell('机构名称'),
      kind: cell('机构类型'),
      province: cell('省'),
      city: cell('市'),
      county: cell('县（区）'),
    };
    if (!/^[A-Za-z0-9-]{2,32}$/.test(values.code)) refuse('机构代码', '应为 2 到 32 位字母、数字或连字符');
    else if (existing.has(values.code)) refuse('机构代码', CODE_TAKEN);
    else if (seen.has(values.code)) refuse('机构代码', `与第 ${seen.get(values.code)} 行重复`);
    else seen.set(values.code, row);
    if (values.name === '' || [...values.name].length > 100) refuse('机构名称', '不能为空，且不超过 100 个字');
    if (!KIND_BY_LABEL.has(values.kind)) refuse('机构类型', `应为 ${[...KIND_BY_LABEL.keys()].join('、')} 之一`);
    if (values.province === '' || [...values.province].length > 20) refuse('省', '不能为空，且不超过 20 个字');
    if ([...values.city].length > 20) refuse('市', '不能超过 20 个字');
    if ([...values.county].length > 20) refuse('县（区）', '不能超过 20 个字');
    return { row, ...values, issues };
  });
};

/** Whether the file of this hash was imported already. */
const imported = async (db: Db['kysely'], sheet: ReceivedSheet) =>
  (await db
    .selectFrom('institutionImport')
    .select('fileHash')
    .where('fileHash', '=', sheet.sha256)
    .executeTakeFirst()) !== undefined;

export const previewInstitutionImport = async (db: Db, sheet: ReceivedSheet): Promise<InstitutionImportPreview> => {
  const rows = await checkImport(db.kysely, await readImport(sheet));
  return {
    previewId: sheet.sha256,
    fileName: sheet.fileName,
    total: rows.length,
    newCount: rows.filter((row) => row.issues.length === 0).length,
    refusedCount: rows.filter((row) => row.issues.length > 0).length,
    rows: rows.map((row) => ({ ...row, outcome: row.issues.length > 0 ? 'refused' : 'new' })),
    alreadyCommitted: await imported(db.kysely, sheet),
  };
};

/** Creates every institution of the file, or none; the same file again creates nothing. */
export const commitInstitutionImport = async (db: Db, sheet: ReceivedSheet, actor: Actor, now: Date) => {
  assertPreviewed(sheet);
  // Parsed before the write transaction, so the file's reading holds up no other write.
  const table = await readImport(sheet);
  return db.writeTransaction(async (trx, locks) => {
    await locks.named('institution-codes');
    if (await imported(trx, sheet)) return { created: 0, alreadyCommitted: true };
    const rows = await checkImport(trx, table);
    const refused = rows.filter((row) => row.issues.length > 0).length;
    if (refused > 0) throw badRequest(`表格中有 ${refused} 行未通过检查，请修改后重新预览`);
    const at = now.toISOString();
    for (let start = 0; start < rows.length; start += 500) {
      await trx
        .insertInto('institution')
        .values(
          rows.slice(start, start + 500).map((row) => ({
            code: row.code,
            name: row.name,
            kind: KIND_BY_LABEL.get(row.kind) as InstitutionKind,
            province: row.province,
            city: row.city,
            county: row.county,
            status: 'active',
            createTime: at,
            updateTime: at,
          })),
        )
        .execute();
    }
    await trx
      .insertInto('institutionImport')
      .values({
        fileHash: sheet.sha256,
        fileName: sheet.fileName,
        created: rows.length,
        createdBy: actor?.username ?? '',
        createTime: at,
      })
      .execute();
    await auditInstitution(trx, { user: actor, at: now }, 'import', sheet.sha256.slice(0, 16), {
      fileName: sheet.fileName,
      created: rows.length,
      result: 'ok',
    });
    return { created: rows.length, alreadyCommitted: false };
  });
};
