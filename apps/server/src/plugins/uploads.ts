import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Uploaded and demo images under /uploads/: names never change content, so they cache for a year. */
export const registerUploads = async (app: FastifyInstance, uploadDir: string) => {
  fs.mkdirSync(uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders: (reply) => {
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
};
