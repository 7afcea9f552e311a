import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../audit/recordAudit';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { requireXsrf } from '../../plugins/xsrf';
import { clearImageSort } from './imageRepository';

export const registerImageSortClear = (app: FastifyInstance, { db, consoleSessions, now }: ServerContext) =>
  defineRoute(
    app,
    api.img.sortClear,
    { preHandler: [requireXsrf, consoleSessions.require('admin', 'editor')] },
    async ({ query, request }) => {
      const at = now();
      return db.writeTransaction(async (trx) => {
        const removed = await clearImageSort(trx, query.belongSortid);
        await recordAudit(trx, {
          user: request.consoleUser,
          action: 'sort-clear',
          targetType: 'imageSort',
          targetId: query.belongSortid,
          detail: { removed },
          at,
        });
        return { belongSortid: query.belongSortid, removed };
      });
    },
  );
