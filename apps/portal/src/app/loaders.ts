import { COLUMN_BY_KEY, columnByTypeId } from '@lianmeng/core';
import type { CallResult } from '@lianmeng/core/http';
import { parseTypeParam } from '@lianmeng/core/menu';
import { type LoaderFunctionArgs, redirect } from 'react-router-dom';
import { EDUCATION_TYPE_IDS, HOME_SECTIONS } from '../features/home/homeSections';
import { LAYOUT_CALLS } from '../layout/layoutCalls';
import { resolveColumn } from '../shared/articles/areas';
import {
  articleCall,
  articleIdFrom,
  columnPageCall,
  homeSectionCall,
  keywordFromSearch,
  latestOfColumnCall,
  pageFromSearch,
  searchCall,
} from '../shared/articles/articleCalls';
import { type CallRequest, callKey, clientFrom, fetchCalls, type PageMeta, type RouteData } from './callData';

/**
 * The routes' loaders: each makes the calls its page shows (the server runs them for the first request, the
 * browser before a client-side navigation) and says what the page's head holds.
 */

/** A failed call makes the page's HTTP status: a server or network failure is a 500, a refusal its own. */
const statusOf = (calls: RouteData['calls']): number | undefined => {
  let status: number | undefined;
  for (const result of Object.values(calls)) {
    if (result.ok) continue;
    const code = result.status >= 400 && result.status < 600 ? result.status : 500;
    status = Math.max(status ?? 0, code);
  }
  return status;
};

const withStatus = (calls: RouteData['calls'], meta?: PageMeta): RouteData => {
  const status = statusOf(calls);
  return { calls, ...(meta ? { meta } : {}), ...(status ? { status } : {}) };
};

const load = async (context: unknown, requests: CallRequest[], meta?: PageMeta): Promise<RouteData> =>
  withStatus(await fetchCalls(clientFrom(context), requests), meta);

const searchParams = (request: Request) => new URL(request.url).searchParams;

export const redirectTo = (path: string) => () => redirect(path);

/** The header's settings, the banner ad and the partner strip: loaded once, kept across navigations. */
export const layoutLoader = ({ context }: LoaderFunctionArgs) => load(context, LAYOUT_CALLS);

export const titleLoader = (title: string) => (): RouteData => ({ calls: {}, meta: { title } });

export const homeLoader = ({ context }: LoaderFunctionArgs) =>
  load(
    context,
    HOME_SECTIONS.map((section) => homeSectionCall(section.typeId)),
    { title: '首页' },
  );

export const educationIndexLoader = ({ context }: LoaderFunctionArgs) =>
  load(context, EDUCATION_TYPE_IDS.map(homeSectionCall), { title: '教育教学' });

export const columnListLoader =
  (defaultTypeId: number, pageSize?: number) =>
  ({ params, request, context }: LoaderFunctionArgs) => {
    const column = resolveColumn(params.type, defaultTypeId);
    const page = pageFromSearch(searchParams(request));
    return load(context, [columnPageCall(column.typeId, page, pageSize)], {
      title: column.title,
      description: `${column.title}（${column.enTitle}）`,
    });
  };

export const searchLoader = ({ request, context }: LoaderFunctionArgs) => {
  const params = searchParams(request);
  const keyword = keywordFromSearch(params);
  if (!keyword) return { calls: {}, meta: { title: '站内搜索' } } satisfies RouteData;
  return load(context, [searchCall(keyword, pageFromSearch(params))], { title: `搜索：${keyword}` });
};

/** The article by id, or the newest of a column first when the route names none. */
const loadArticle = async (context: unknown, id: number | null, typeId: number): Promise<RouteData> => {
  const client = clientFrom(context);
  const calls: RouteData['calls'] = {};
  let articleId = id;
  if (articleId === null) {
    const latest = latestOfColumnCall(typeId);
    await fetchCalls(client, [latest], calls);
    const list = calls[callKey(latest.definition, latest.input)] as CallResult<{ list: { id: number }[] }>;
    articleId = list.ok ? (list.data.list[0]?.id ?? null) : null;
    if (articleId === null) return withStatus(calls, { title: columnByTypeId(typeId)?.title });
  }
  const request = articleCall(articleId);
  await fetchCalls(client, [request], calls);
  const result = calls[callKey(request.definition, request.input)] as CallResult<{
    title: string;
    summary: string;
    coverImage: string;
  }>;
  if (!result.ok) return withStatus(calls, { title: result.status === 404 ? '文章不存在' : '文章' });
  return withStatus(calls, {
    title: result.data.title,
    description: result.data.summary,
    ...(result.data.coverImage ? { image: result.data.coverImage } : {}),
  });
};

export const detailLoader =
  (defaultTypeId: number) =>
  ({ params, context }: LoaderFunctionArgs) => {
    const id = articleIdFrom(params.id);
    return loadArticle(context, id, id === null ? (parseTypeParam(params.id)?.typeId ?? defaultTypeId) : defaultTypeId);
  };

/** /alone: a single article, the introduction unless the path names another of its columns. */
export const aloneLoader = ({ params, context }: LoaderFunctionArgs) =>
  loadArticle(context, null, resolveColumn(params.type, COLUMN_BY_KEY.introduction.typeId).typeId);
