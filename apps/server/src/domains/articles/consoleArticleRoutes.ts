import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { listAnswer } from '../../http/contentRange';
import { defineRoute } from '../../http/defineRoute';
import {
  changeArticle,
  createArticle,
  findConsoleArticle,
  listConsoleArticles,
  removeArticle,
} from './articleRepository';

/** Articles for every column, drafts included, under /lianmeng/api/articles. */
export const registerConsoleArticleRoutes = (app: FastifyInstance, { db, now }: ServerContext) => {
  defineRoute(app, api.consoleApi.articleList, async ({ query, reply }) =>
    listAnswer(reply, 'articles', query.range, await listConsoleArticles(db.kysely, query)),
  );

  defineRoute(app, api.consoleApi.articleOne, async ({ params }) => findConsoleArticle(db.kysely, params.id));

  defineRoute(app, api.consoleApi.articleCreate, async ({ body, request }) =>
    createArticle(db, body, request.consoleUser, now()),
  );

  defineRoute(app, api.consoleApi.articleUpdate, async ({ params, body, request }) =>
    changeArticle(db, params.id, body, request.consoleUser, now()),
  );

  defineRoute(app, api.consoleApi.articleDelete, async ({ params, request }) =>
    removeArticle(db, params.id, request.consoleUser, now()),
  );
};
