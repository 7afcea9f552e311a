import { EVIDENCE_LIMITS, type FileDownload } from '@lianmeng/core';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/apiError';
import { recordCardAudit } from '../audit/auditRepository';
import type { InstitutionActor } from '../institutions/rosterCommands';
import { documentKindOf } from '../uploads/documentSignature';
import { detectImageKind } from '../uploads/imageSignature';
import { readWholeFile } from '../uploads/readWholeFile';
import { evidenceFile, insertEvidence } from './evidenceRepository';

const megabytes = EVIDENCE_LIMITS.maxBytes / 1024 / 1024;

const EVIDENCE_REFUSED = {
  noFile: () => badRequest('请选择要上传的证明材料（表单字段 file）'),
  empty: () => badRequest('上传的文件是空的'),
  unsupported: () =>
    badRequest(`证明材料只能是 ${EVIDENCE_LIMITS.acceptedFormats.join('、')} 文件（按文件内容判断，与文件名无关）`),
  tooLarge: () => new ApiError(413, `证明材料不能超过 ${megabytes} MB`),
  malformed: () => badRequest('上传的内容无法读取，请重新选择文件'),
};

/** What the bytes are, by their signature: a PDF, a PNG or a JPEG; null for anything else. */
const evidenceKindOf = (bytes: Buffer): { contentType: string; extension: string } | null => {
  const image = detectImageKind(bytes);
  if (image === 'png') return { contentType: 'image/png', extension: 'png' };
  if (image === 'jpeg') return { contentType: 'image/jpeg', extension: 'jpg' };
  if (image) return null;
  const document = documentKindOf(bytes);
  return document?.kind === 'pdf' ? { contentType: document.contentType, extension: 'pdf' } : null;
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The name offered for download: the sent name's last segment, cleaned, ending in the real kind's extension. */
const cleanName = (name: string, extension: string) => {
  const base = ((name.split(/[\\/]/).pop() ?? '').replace(CONTROL, '').trim() || '证明材料').replace(/\.[^.]*$/, '');
  return `${[...base].slice(0, EVIDENCE_LIMITS.maxNameLength - 5).join('')}.${extension}`;
};

/** Reads the form's one file (at most the limit; a larger one stops being read there and is refused with 413). */
export const receiveEvidence = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw EVIDENCE_REFUSED.noFile();
  return readWholeFile(request, { fileSize: EVIDENCE_LIMITS.maxBytes, fields: 5 }, EVIDENCE_REFUSED);
};

export const storeEvidence = async (
  db: Db,
  actor: InstitutionActor,
  file: { bytes: Buffer; fileName: string },
  now: Date,
) => {
  if (file.bytes.length === 0) throw EVIDENCE_REFUSED.empty();
  const kind = evidenceKindOf(file.bytes);
  if (!kind) throw EVIDENCE_REFUSED.unsupported();
  const fileName = cleanName(file.fileName, kind.extension);
  return db.writeTransaction(async (trx) => {
    const row = await insertEvidence(trx, {
      institutionId: actor.institutionId,
      fileName,
      contentType: kind.contentType,
      size: file.bytes.length,
      data: file.bytes,
      createdBy: actor.cardNo,
      createTime: now.toISOString(),
    });
    await recordCardAudit(trx, {
      cardNo: actor.cardNo,
      action: 'upload',
      targetType: 'creditEvidence',
      targetId: Number(row.id),
      detail: { institutionId: actor.institutionId, fileName, bytes: file.bytes.length, result: 'ok' },
      at: now,
    });
    return { evidenceId: Number(row.id), fileName, contentType: kind.contentType, size: file.bytes.length };
  });
};

const NO_EVIDENCE = '该记录没有证明材料';

/**
 * A record's evidence, for whoever may see the record: `scope` narrows the record to the holder's own
 * visible records or the institution's own; a record outside it is not found.
 */
export const recordEvidence = async (
  db: Kysely<Database>,
  recordId: number,
  scope: { cardNo: string } | { institutionId: number } | 'operator',
): Promise<FileDownload> => {
  let query = db.selectFrom('creditRecord').select(['evidenceId']).where('id', '=', recordId);
  if (scope !== 'operator' && 'cardNo' in scope) {
    query = query.where('cardNo', '=', scope.cardNo).where('state', 'in', ['posted', 'reversed']);
  } else if (scope !== 'operator') query = query.where('institutionId', '=', scope.institutionId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('未找到该记录');
  const file = row.evidenceId === null ? null : await evidenceFile(db, Number(row.evidenceId));
  if (!file) throw notFound(NO_EVIDENCE);
  return file;
};
