import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { findArticle, findNeighbours } from './articleRepository';
import { ARTICLE_NOT_FOUND } from './messages';

export const registerArticleDetail = (app: FastifyInstance, { db }: ServerContext) =>
  defineRoute(app, api.content.article, {}, async ({ params }) => {
    const found = await findArticle(db.kysely, params.id);
    // A draft answers exactly like a missing id, so the public cannot probe for unpublished work.
    if (!found?.published) throw ARTICLE_NOT_FOUND();
    const { published: _published, ...article } = found;
    return { ...article, ...(await findNeighbours(db.kysely, article)) };
  });
