import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerArticleDetail } from './articleDetail';
import { registerArticleList } from './articleList';

/** The portal's public article calls (PRODUCT.md, "Calls we add to the spec's"). */
export const registerContentRoutes = (app: FastifyInstance, context: ServerContext) => {
  registerArticleList(app, context);
  registerArticleDetail(app, context);
};
