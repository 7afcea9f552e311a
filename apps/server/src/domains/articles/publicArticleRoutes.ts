import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { findArticle, findNeighbours, listArticles } from './articleRepository';
import { keywordTotalsIn } from './articleSearch';
import { ARTICLE_NOT_FOUND } from './messages';

/**
 * The portal's article calls: published articles only, by column or keyword, and one article with its
 * neighbours. The same for every visitor, so each answer is cached until the site version changes.
 */
export const registerPublicArticleRoutes = (app: FastifyInstance, { db }: ServerContext) => {
  const totals = keywordTotalsIn(app.cache);
  defineRoute(
    app,
    api.content.articles,
    async ({ query }) =>
      listArticles(
        db.kysely,
        {
          typeId: query.typeId,
          keyword: query.keyword?.trim() || undefined,
          pageNum: query.pageNum,
          pageSize: query.pageSize,
        },
        totals,
      ),
    { cache: { public: true } },
  );

  defineRoute(
    app,
    api.content.article,
    async ({ params }) => {
      const found = await findArticle(db.kysely, params.id);
      // A draft answers exactly like a missing id, so the public cannot probe for unpublished work.
      if (!found?.published) throw ARTICLE_NOT_FOUND();
      const { published: _published, ...article } = found;
      return { ...article, ...(await findNeighbours(db.kysely, article)) };
    },
    { cache: { public: true } },
  );
};
