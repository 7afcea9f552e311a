import { api, UPLOAD_LIMITS } from '@lianmeng/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { ApiError } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { uploadRefused } from './messages';
import { processImage } from './processImage';
import { recordUpload } from './uploadRepository';
import { storeImage, uploadAddress, uploadDirOf } from './uploadStore';

const FILE_FIELD = 'file';

/** The one file of the form, read whole into memory (at most UPLOAD_LIMITS.maxBytes), or the refusal. */
const readFile = async (request: FastifyRequest) => {
  try {
    const part = await request.file({
      limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 10, parts: 11 },
    });
    if (!part || part.fieldname !== FILE_FIELD) throw uploadRefused.noFile();
    const bytes = await part.toBuffer();
    // Over a real socket the limit can be reached after toBuffer's last check: it then hands back the
    // first maxBytes without an error, which would pass for a whole image.
    if (part.file.truncated) throw uploadRefused.tooLarge();
    return bytes;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadRefused.tooLarge();
    // The multipart parser's own refusals (its limits, a wrong content type) keep their codes and messages.
    if (code?.startsWith('FST_')) throw error;
    // Anything else the parser throws is a body it could not read: no boundary, cut short, broken headers.
    throw uploadRefused.malformed();
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
