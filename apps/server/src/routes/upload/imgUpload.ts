import { api, UPLOAD_LIMITS } from '@lianmeng/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit/recordAudit';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { requireXsrf } from '../../plugins/xsrf';
import { uploadRefused } from './messages';
import { processImage } from './processImage';
import { storeImage, uploadAddress, uploadDirOf } from './uploadStore';

const FILE_FIELD = 'file';

/** The one file of the form, read whole into memory (at most UPLOAD_LIMITS.maxBytes), or the refusal. */
const readFile = async (request: FastifyRequest) => {
  const part = await request.file({ limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 10, parts: 11 } });
  if (!part || part.fieldname !== FILE_FIELD) throw uploadRefused.noFile();
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw uploadRefused.tooLarge();
    throw error;
  }
};

export const registerImageUpload = (app: FastifyInstance, { db, consoleSessions, config, now }: ServerContext) =>
  defineRoute(
    app,
    api.img.upload,
    { preHandler: [requireXsrf, consoleSessions.require('admin', 'editor')] },
    async ({ request }) => {
      const image = await processImage(await readFile(request));
      const files = await storeImage(uploadDirOf(config), image);
      const at = now();
      // Files written but not recorded (a failed transaction) are referenced by nothing: the sweep removes them.
      await db.writeTransaction(async (trx) => {
        const row = await trx
          .insertInto('upload')
          .values({
            ...files,
            width: image.width,
            height: image.height,
            bytes: image.photo.length,
            userId: request.consoleUser?.id ?? null,
            createTime: at.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, {
          user: request.consoleUser,
          action: 'upload',
          targetType: 'upload',
          targetId: Number(row.id),
          detail: { ...files, width: image.width, height: image.height },
          at,
        });
      });
      return {
        photoAddress: uploadAddress(files.photoFile),
        smallPhotoAddress: uploadAddress(files.smallFile),
        width: image.width,
        height: image.height,
      };
    },
  );
