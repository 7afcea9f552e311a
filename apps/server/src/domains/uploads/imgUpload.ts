import { api, UPLOAD_LIMITS } from '@lianmeng/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { uploadRefused } from './messages';
import { processImage } from './processImage';
import { recordUpload } from './uploadRepository';
import { storeImage, uploadAddress, uploadDirOf } from './uploadStore';

const FILE_FIELD = 'file';

/** The one file of the form, read whole into memory (at most UPLOAD_LIMITS.maxBytes), or the refusal. */
const readFile = async (request: FastifyRequest) => {
  const part = await request.file({ limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 10, parts: 11 } });
  if (!part || part.fieldname !== FILE_FIELD) throw uploadRefused.noFile();
  try {
    const bytes = await part.toBuffer();
    // Over a real socket the limit can be reached after toBuffer's last check: it then hands back the
    // first maxBytes without an error, which would pass for a whole image.
    if (part.file.truncated) throw uploadRefused.tooLarge();
    return bytes;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw uploadRefused.tooLarge();
    throw error;
  }
};

export const registerImageUpload = (app: FastifyInstance, { db, config, now }: ServerContext) =>
  defineRoute(app, api.img.upload, async ({ request }) => {
    const image = await processImage(await readFile(request));
    const files = await storeImage(uploadDirOf(config), image);
    // Files written but not recorded (a failed transaction) are referenced by nothing: the sweep removes them.
    await recordUpload(
      db,
      { ...files, width: image.width, height: image.height, bytes: image.photo.length },
      request.consoleUser,
      now(),
    );
    return {
      photoAddress: uploadAddress(files.photoFile),
      smallPhotoAddress: uploadAddress(files.smallFile),
      width: image.width,
      height: image.height,
    };
  });
