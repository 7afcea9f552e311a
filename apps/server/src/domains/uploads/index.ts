import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { scheduleHourlySweep } from '../../ops/hourlySweep';
import { registerDocumentDownload } from './documentDownload';
import { registerDocumentUpload } from './documentUpload';
import { registerImageUpload } from './imgUpload';
import { sweepOrphanUploads } from './sweepOrphanUploads';
import { uploadDirOf } from './uploadStore';

/** The image and document uploads, with multipart parsing only where it is needed, and the documents' download. */
export const registerUploadRoutes = async (app: FastifyInstance, context: ServerContext) => {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    registerImageUpload(scope, context);
    registerDocumentUpload(scope, context);
  });
  registerDocumentDownload(app, context);
  const { db, config, now } = context;
  scheduleHourlySweep(app, 'unreferenced uploads', () =>
    sweepOrphanUploads({ db: db.kysely, uploadDir: uploadDirOf(config), now: now() }),
  );
};
