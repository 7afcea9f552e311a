import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../audit/recordAudit';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { requireXsrf } from '../../plugins/xsrf';
import { insertImage } from './imageRepository';

export const registerImageInsert = (app: FastifyInstance, { db, consoleSessions, now }: ServerContext) =>
  defineRoute(
    app,
    api.img.insert,
    { preHandler: [requireXsrf, consoleSessions.require('admin', 'editor')] },
    async ({ body, request }) => {
      const at = now();
      return db.writeTransaction(async (trx) => {
        const image = await insertImage(trx, {
          ...body,
          createTime: at.toISOString(),
          updateTime: at.toISOString(),
        });
        await recordAudit(trx, {
          user: request.consoleUser,
          action: 'insert',
          targetType: 'image',
          targetId: image.id,
          detail: { belongSortid: image.belongSortid, photoTitle: image.photoTitle, isOpen: image.isOpen },
          at,
        });
        return image;
      });
    },
  );
