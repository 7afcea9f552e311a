import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../audit/recordAudit';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { requireXsrf } from '../../plugins/xsrf';
import { deleteImage, findImage } from './imageRepository';
import { IMAGE_NOT_FOUND } from './messages';

/** A GET in the spec, so the anti-forgery check matters as much as on a POST. */
export const registerImageDelete = (app: FastifyInstance, { db, consoleSessions, now }: ServerContext) =>
  defineRoute(
    app,
    api.img.delete,
    { preHandler: [requireXsrf, consoleSessions.require('admin', 'editor')] },
    async ({ query, request }) => {
      const at = now();
      return db.writeTransaction(async (trx) => {
        const current = await findImage(trx, query.id);
        if (!current) throw IMAGE_NOT_FOUND();
        await deleteImage(trx, query.id);
        await recordAudit(trx, {
          user: request.consoleUser,
          action: 'delete',
          targetType: 'image',
          targetId: current.id,
          detail: { belongSortid: current.belongSortid, photoTitle: current.photoTitle },
          at,
        });
        return { id: current.id };
      });
    },
  );
