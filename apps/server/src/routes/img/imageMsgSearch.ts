import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { searchImages } from './imageRepository';

/** The public search: anyone but a console request with a session only ever sees open items. */
export const registerImageSearch = (app: FastifyInstance, { db, consoleSessions }: ServerContext) =>
  defineRoute(app, api.img.search, {}, async ({ query, body, request }) => {
    const fromConsole = await consoleSessions.isConsoleRequest(request);
    if (!fromConsole && body.isOpen === 0) {
      return { seachList: [], total: 0, pageNum: query.pageNum, pageSize: query.pageSize };
    }
    const { list, total } = await searchImages(
      db.kysely,
      {
        belongSortid: body.belongSortid,
        isOpen: fromConsole ? body.isOpen : 1,
        titleContains: body.photoTitle?.trim() || undefined,
      },
      query,
    );
    return { seachList: list, total, pageNum: query.pageNum, pageSize: query.pageSize };
  });
