import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerDocumentDownload } from './documentDownload';
import { registerDocumentUpload } from './documentUpload';
import { registerImageUpload } from './imgUpload';
import { sweepOrphanUploads } from './sweepOrphanUploads';
import { uploadDirOf } from './uploadStore';

const SWEEP_EVERY_MS = 3600_000;

/** Runs the orphan sweep once the server is ready and then every hour, until it closes. */
const scheduleSweep = (app: FastifyInstance, { db, config, now }: ServerContext) => {
  const sweep = async () => {
    try {
      const removed = await sweepOrphanUploads({ db: db.kysely, uploadDir: uploadDirOf(config), now: now() });
      if (removed.length > 0) app.log.info({ removed: removed.length }, 'unreferenced uploads removed');
    } catch (error) {
      app.log.error({ err: error }, 'upload sweep failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};

/** The image and document uploads, with multipart parsing only where it is needed, and the documents' download. */
export const registerUploadRoutes = async (app: FastifyInstance, context: ServerContext) => {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    registerImageUpload(scope, context);
    registerDocumentUpload(scope, context);
  });
  registerDocumentDownload(app, context);
  scheduleSweep(app, context);
};
