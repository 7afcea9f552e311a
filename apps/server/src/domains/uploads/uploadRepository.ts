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

/** Forgets the uploads (images with either file, documents) whose files were removed. */
export const deleteUploadsOfFiles = async (db: Kysely<Database>, removed: string[]) => {
  if (removed.length === 0) return;
  await db
    .deleteFrom('upload')
    .where((eb) => eb.or([eb('photoFile', 'in', removed), eb('smallFile', 'in', removed)]))
    .execute();
  await db.deleteFrom('documentUpload').where('file', 'in', removed).execute();
};
