import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { listArticles } from './articleRepository';

export const registerArticleList = (app: FastifyInstance, { db }: ServerContext) =>
  defineRoute(app, api.content.articles, {}, async ({ query }) =>
    listArticles(db.kysely, {
      typeId: query.typeId,
      keyword: query.keyword?.trim() || undefined,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    }),
  );
