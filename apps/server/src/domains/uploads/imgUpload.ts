import { api, UPLOAD_LIMITS } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { uploadRefused } from './messages';
import { processImage } from './processImage';
import { readWholeFile } from './readWholeFile';
import { recordUpload } from './uploadRepository';
import { storeImage, uploadAddress, uploadDirOf } from './uploadStore';

export const registerImageUpload = (app: FastifyInstance, { db, config, now }: ServerContext) =>
  defineRoute(app, api.img.upload, async ({ request }) => {
    const { bytes } = await readWholeFile(request, { fileSize: UPLOAD_LIMITS.maxBytes, fields: 10 }, uploadRefused);
    const image = await processImage(bytes);
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
