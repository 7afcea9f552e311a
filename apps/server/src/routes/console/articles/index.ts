import { api, type articleCreateBody, columnByTypeId } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../../../audit/recordAudit';
import type { ServerContext } from '../../../context';
import { badRequest, notFound } from '../../../http/apiError';
import { defineRoute } from '../../../http/defineRoute';
import { requireXsrf } from '../../../plugins/xsrf';
import { sanitizeArticleHtml } from '../../content/sanitizeHtml';
import { setContentRange } from '../contentRange';
import { findArticleRow, listConsoleArticles, toConsoleArticle } from './consoleArticleRepository';

const ARTICLE_NOT_FOUND = () => notFound('这篇文章不存在');
const SUMMARY_LENGTH = 120;

/** The summary an editor leaves empty is the start of the body's text. */
const summaryFrom = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SUMMARY_LENGTH);

type ArticleInput = Partial<z.output<typeof articleCreateBody>>;

/** The columns of the row an input changes; bodies are sanitised on the way in. */
const toRowValues = (input: ArticleInput) => {
  if (input.typeId !== undefined && !columnByTypeId(input.typeId)) throw badRequest('栏目：没有这个栏目');
  const body = input.body === undefined ? undefined : sanitizeArticleHtml(input.body);
  return {
    ...(input.typeId !== undefined ? { typeId: input.typeId } : {}),
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(input.summary !== undefined ? { summary: input.summary.trim() } : {}),
    ...(input.publishTime !== undefined ? { publishTime: new Date(input.publishTime).toISOString() } : {}),
    ...(input.source !== undefined ? { source: input.source } : {}),
    ...(input.author !== undefined ? { author: input.author } : {}),
    ...(input.coverImage !== undefined ? { coverImage: input.coverImage } : {}),
    ...(input.attachments !== undefined ? { attachments: JSON.stringify(input.attachments) } : {}),
    ...(input.published !== undefined ? { published: input.published ? 1 : 0 } : {}),
  };
};

/** Articles for every column, drafts included: administrators and editors. */
export const registerConsoleArticleRoutes = (app: FastifyInstance, { db, consoleSessions, now }: ServerContext) => {
  const writers = consoleSessions.require('admin', 'editor');
  const readers = consoleSessions.require('admin', 'editor', 'staff');

  defineRoute(app, api.consoleApi.articleList, { preHandler: [readers] }, async ({ query, reply }) => {
    const { list, total } = await listConsoleArticles(db.kysely, query);
    setContentRange(reply, 'articles', query.range, list.length, total);
    return list;
  });

  defineRoute(app, api.consoleApi.articleOne, { preHandler: [readers] }, async ({ params }) => {
    const row = await findArticleRow(db.kysely, params.id);
    if (!row) throw ARTICLE_NOT_FOUND();
    return toConsoleArticle(row);
  });

  defineRoute(app, api.consoleApi.articleCreate, { preHandler: [requireXsrf, writers] }, async ({ body, request }) => {
    const at = now().toISOString();
    const values = toRowValues(body);
    const row = await db.writeTransaction(async (trx) => {
      const inserted = await trx
        .insertInto('article')
        .values({
          typeId: body.typeId,
          title: body.title,
          body: values.body ?? '',
          summary: body.summary.trim() || summaryFrom(values.body ?? ''),
          publishTime: values.publishTime ?? at,
          source: body.source,
          author: body.author,
          coverImage: body.coverImage,
          attachments: JSON.stringify(body.attachments),
          published: body.published ? 1 : 0,
          createTime: at,
          updateTime: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        user: request.consoleUser,
        action: 'insert',
        targetType: 'article',
        targetId: inserted.id,
        detail: { title: inserted.title, typeId: inserted.typeId, published: inserted.published },
        at: new Date(at),
      });
      return inserted;
    });
    return toConsoleArticle(row);
  });

  defineRoute(
    app,
    api.consoleApi.articleUpdate,
    { preHandler: [requireXsrf, writers] },
    async ({ params, body, request }) => {
      const at = now().toISOString();
      const values = toRowValues(body);
      const row = await db.writeTransaction(async (trx) => {
        const current = await findArticleRow(trx, params.id);
        if (!current) throw ARTICLE_NOT_FOUND();
        const changed = Object.entries(values)
          .filter(([key, value]) => current[key as keyof typeof current] !== value)
          .map(([key]) => key);
        if (changed.length === 0) return current;
        const updated = await trx
          .updateTable('article')
          .set({ ...values, updateTime: at })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, {
          user: request.consoleUser,
          action: 'update',
          targetType: 'article',
          targetId: current.id,
          detail: { changed, title: updated.title },
          at: new Date(at),
        });
        return updated;
      });
      return toConsoleArticle(row);
    },
  );

  defineRoute(
    app,
    api.consoleApi.articleDelete,
    { preHandler: [requireXsrf, writers] },
    async ({ params, request }) => {
      const at = now();
      return db.writeTransaction(async (trx) => {
        const current = await findArticleRow(trx, params.id);
        if (!current) throw ARTICLE_NOT_FOUND();
        await trx.deleteFrom('article').where('id', '=', current.id).execute();
        await recordAudit(trx, {
          user: request.consoleUser,
          action: 'delete',
          targetType: 'article',
          targetId: current.id,
          detail: { title: current.title },
          at,
        });
        return { id: Number(current.id) };
      });
    },
  );
};
