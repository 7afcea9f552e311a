import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { findImage } from './imageRepository';
import { IMAGE_NOT_FOUND } from './messages';

export const registerImageSearchOne = (app: FastifyInstance, { db, consoleSessions }: ServerContext) =>
  defineRoute(app, api.img.searchOne, {}, async ({ query, request }) => {
    const image = await findImage(db.kysely, query.id);
    if (!image) throw IMAGE_NOT_FOUND();
    if (image.isOpen !== 1 && !(await consoleSessions.isConsoleRequest(request))) throw IMAGE_NOT_FOUND();
    return image;
  });
