import type { ConsoleUser } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { recordAudit } from '../audit/auditRepository';

/** Records a stored upload (both file names, its size, who sent it) and audits it in one transaction. */
export const recordUpload = (
  db: Db,
  upload: { photoFile: string; smallFile: string; width: number; height: number; bytes: number },
  actor: ConsoleUser | null,
  at: Date,
) =>
  db.writeTransaction(async (trx) => {
    const row = await trx
      .insertInto('upload')
      .values({ ...upload, userId: actor?.id ?? null, createTime: at.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      user: actor,
      action: 'upload',
      targetType: 'upload',
      targetId: Number(row.id),
      detail: { photoFile: upload.photoFile, smallFile: upload.smallFile, width: upload.width, height: upload.height },
      at,
    });
  });

/** Records a stored document (its hashed file, the name it came with, its type and size) and audits it in one transaction. */
export const recordDocument = (
  db: Db,
  document: { file: string; originalName: string; contentType: string; bytes: number },
  actor: ConsoleUser | null,
  at: Date,
) =>
  db.writeTransaction(async (trx) => {
    const row = await trx
      .insertInto('documentUpload')
      .values({ ...document, userId: actor?.id ?? null, createTime: at.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      user: actor,
      action: 'upload',
      targetType: 'document',
      targetId: Number(row.id),
      detail: { file: document.file, name: document.originalName, bytes: document.bytes },
      at,
    });
  });

/** The name and type a stored document was uploaded with; the newest upload wins when the same content came twice. */
export const findDocument = (db: Kysely<Database>, file: string) =>
  db
    .selectFrom('documentUpload')
    .select(['originalName', 'contentType'])
    .where('file', '=', file)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Forgets the uploads (images with either file, documents) whose files were removed. */
export const deleteUploadsOfFiles = async (db: Kysely<Database>, removed: string[]) => {
  if (removed.length === 0) return;
  await db
    .deleteFrom('upload')
    .where((eb) => eb.or([eb('photoFile', 'in', removed), eb('smallFile', 'in', removed)]))
    .execute();
  await db.deleteFrom('documentUpload').where('file', 'in', removed).execute();
};
