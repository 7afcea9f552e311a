import fs from 'node:fs/promises';
import path from 'node:path';
import { type Article, api, columnByTypeId } from '@lianmeng/core';
import { sanitizeArticleHtml } from '@lianmeng/core/articleHtml';
import { type HttpAdapter, requestUrl } from '@lianmeng/core/http';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { ApiError, badRequest } from '../http/apiError';
import { defineRoute } from '../http/defineRoute';
import { pageDocument } from './document';
import { loadPortalRenderer, type PortalRenderer, portalServerEntry } from './index';
import { INTERNAL_ORIGIN, injectAdapter } from './injectAdapter';

/** The largest id the portal reads from a path, which no stored article reaches: its article call is answered with the unsaved article. */
export const PREVIEW_ARTICLE_ID = 999_999_999;
/** The areas with a detail route of their own; the single-article columns show in the news area's. */
const DETAIL_AREAS = new Set(['news', 'care', 'education', 'match', 'exchange', 'topic', 'special', 'file']);

const detailPathFor = (typeId: number) => {
  const area = columnByTypeId(typeId)?.route.split('/')[1] ?? 'news';
  return `/${DETAIL_AREAS.has(area) ? area : 'news'}/detail/${PREVIEW_ARTICLE_ID}`;
};

/**
 * Scripts would hydrate the page into a live portal; the preview is a picture of it. An unsaved article has
 * no address of its own, so the page names none and asks not to be indexed.
 */
const asPreview = (html: string) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
    .replace(/\s*<link rel="canonical"[^>]*>/, '')
    .replace(/\s*<meta property="og:url"[^>]*>/, '')
    .replace('</title>', '</title>\n    <meta name="robots" content="noindex" />');

/**
 * An adapter for the portal's loaders that answers the one article call for the preview id with the unsaved
 * article, and every other call (menus, settings, banners) from this server like any page render.
 */
const previewAdapter =
  (inner: HttpAdapter, article: Article): HttpAdapter =>
  async (config) => {
    const target = new URL(requestUrl(config), INTERNAL_ORIGIN);
    if (target.pathname === `/api/content/articles/${PREVIEW_ARTICLE_ID}`) {
      const data = { ...article, previous: null, next: null };
      return {
        data: { status: 200, message: '操作成功', data },
        status: 200,
        statusText: 'OK',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        config,
        request: null,
      };
    }
    return inner(config);
  };

/**
 * POST /lianmeng/api/articles/preview: the detail page of an unsaved article as the portal's server render
 * makes it (site layout, sanitised body, attachments), for the console to show in a sandboxed frame.
 * Nothing is written, nothing is published, and the answer is never stored by the browser or a proxy.
 */
export const registerArticlePreview = (app: FastifyInstance, context: ServerContext) => {
  const adapter = injectAdapter(app);
  let portal: Promise<{ template: string; renderer: PortalRenderer }> | undefined;
  const loadPortal = () => {
    portal ??= (async () => {
      const template = await fs.readFile(path.join(context.config.portalDist, 'index.html'), 'utf8');
      return { template, renderer: await loadPortalRenderer(portalServerEntry(context.config.portalDist)) };
    })();
    portal.catch(() => {
      portal = undefined;
    });
    return portal;
  };
  const runtimeConfig = { hosts: context.config.hosts, ssoReturnOrigins: context.config.ssoReturnOrigins };

  defineRoute(app, api.consoleApi.articlePreview, async ({ body, reply }) => {
    reply.header('Cache-Control', 'no-store');
    if (!columnByTypeId(body.typeId)) throw badRequest('栏目：没有这个栏目');
    const loaded = await loadPortal().catch(() => null);
    if (!loaded) throw new ApiError(503, '门户页面尚未构建，暂时无法预览');
    const article: Article = {
      id: PREVIEW_ARTICLE_ID,
      typeId: body.typeId,
      title: body.title,
      summary: body.summary,
      publishTime: new Date(body.publishTime).toISOString(),
      source: body.source,
      author: body.author,
      coverImage: body.coverImage,
      body: sanitizeArticleHtml(body.body),
      attachments: body.attachments,
    };
    const result = await loaded.renderer.render({
      url: `${INTERNAL_ORIGIN}${detailPathFor(body.typeId)}`,
      cookieHeader: '',
      adapter: previewAdapter(adapter, article),
    });
    if (result.kind !== 'page') throw new ApiError(500, '预览生成失败，请稍后重试');
    const html = pageDocument(loaded.template, {
      head: { ...result.meta, title: `预览：${body.title}`, canonical: '', preloadImages: [] },
      html: result.html,
      elderly: false,
      runtimeConfig,
    });
    return { html: asPreview(html) };
  });
};
