import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerConsoleResource } from '../../http/consoleResource';
import {
  changeArticle,
  createArticle,
  findConsoleArticle,
  listConsoleArticles,
  removeArticle,
} from './articleRepository';

/** Articles for every column, drafts included, under /lianmeng/api/articles. */
export const registerConsoleArticleRoutes = (app: FastifyInstance, context: ServerContext) =>
  registerConsoleResource(
    app,
    context,
    'articles',
    {
      list: api.consoleApi.articleList,
      one: api.consoleApi.articleOne,
      create: api.consoleApi.articleCreate,
      update: api.consoleApi.articleUpdate,
      remove: api.consoleApi.articleDelete,
    },
    {
      list: listConsoleArticles,
      one: findConsoleArticle,
      create: createArticle,
      update: changeArticle,
      remove: removeArticle,
    },
  );
