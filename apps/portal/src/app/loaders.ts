import { api, COLUMN_BY_KEY, columnByTypeId } from '@lianmeng/core';
import type { CallResult } from '@lianmeng/core/http';
import { parseTypeParam } from '@lianmeng/core/menu';
import { type LoaderFunctionArgs, redirect } from 'react-router-dom';
import { focusItemsFrom, focusPreloads } from '../features/home/focusSlides';
import { EDUCATION_TYPE_IDS, HOME_SECTIONS } from '../features/home/homeSections';
import type { CaptchaAnswer } from '../features/login/useCaptcha';
import { BANNER_REQUEST, openBanner, PARTNER_REQUEST, SITE_SETTINGS_INPUT } from '../layout/layoutCalls';
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
import { clientFrom, type PageHead, type PageMeta, type PreloadImage } from './callData';

/**
 * The routes' loaders: each makes the calls its page shows (the server runs them for the first request, the
 * browser before a client-side navigation) and says what the page's head holds. A page reads its loader's
 * data with `useLoaderData<typeof loader>()`, typed from the contract's response schemas; in the browser's
 * first render it is the data the server's loaders sent with the page, so hydration fetches nothing.
 */

/** A failed call makes the page's HTTP status: a server or network failure is a 500, a refusal its own. */
const statusOf = (results: readonly (CallResult<unknown> | null)[]): number | undefined => {
  let status: number | undefined;
  for (const result of results) {
    if (!result || result.ok) continue;
    const code = result.status >= 400 && result.status < 600 ? result.status : 500;
    status = Math.max(status ?? 0, code);
  }
  return status;
};

/** The head of a page drawn from these results: its meta, the status a failure gives it, its preloads. */
const headOf = (
  results: readonly (CallResult<unknown> | null)[],
  meta?: PageMeta,
  preload?: PreloadImage[],
): PageHead => {
  const status = statusOf(results);
  return { ...(meta ? { meta } : {}), ...(status ? { status } : {}), ...(preload?.length ? { preload } : {}) };
};

const searchParams = (request: Request) => new URL(request.url).searchParams;

export const redirectTo = (path: string) => () => redirect(path);

/** The header's settings, the banner ad and the partner strip: loaded once, kept across navigations. */
export const layoutLoader = async ({ context }: LoaderFunctionArgs) => {
  const client = clientFrom(context);
  const [settings, banners, partners] = await Promise.all([
    client.call(api.site.settings, SITE_SETTINGS_INPUT),
    client.call(api.img.search, BANNER_REQUEST),
    client.call(api.img.search, PARTNER_REQUEST),
  ]);
  // The banner ad appears once the page is hydrated; its picture asked for early, it is not the page's last paint.
  const banner = banners.ok ? openBanner(banners.data.seachList) : undefined;
  const preload = banner?.photoAddress ? [{ href: banner.photoAddress, ad: true }] : [];
  return { settings, banners, partners, ...headOf([settings, banners, partners], undefined, preload) };
};

export const titleLoader = (title: string) => (): PageHead => ({ meta: { title } });

/** The latest articles of each of these columns, for the home page's and the education index's sections. */
const loadSections = (context: LoaderFunctionArgs['context'], typeIds: readonly number[]) => {
  const client = clientFrom(context);
  return Promise.all(
    typeIds.map(async (typeId) => {
      const { definition, input } = homeSectionCall(typeId);
      return { typeId, articles: await client.call(definition, input) };
    }),
  );
};

export const homeLoader = async ({ context }: LoaderFunctionArgs) => {
  const sections = await loadSections(
    context,
    HOME_SECTIONS.map((section) => section.typeId),
  );
  // The focus area's first picture is the page's largest element: the head preloads it.
  const focus = focusItemsFrom(sections);
  const first = focus.pictures ? focus.items[0] : undefined;
  return {
    sections,
    ...headOf(
      sections.map((section) => section.articles),
      { title: '首页' },
      first ? focusPreloads(first.article) : [],
    ),
  };
};

export const educationIndexLoader = async ({ context }: LoaderFunctionArgs) => {
  const sections = await loadSections(context, EDUCATION_TYPE_IDS);
  return {
    sections,
    ...headOf(
      sections.map((section) => section.articles),
      { title: '教育教学' },
    ),
  };
};

export const columnListLoader =
  (defaultTypeId: number, pageSize?: number) =>
  async ({ params, request, context }: LoaderFunctionArgs) => {
    const column = resolveColumn(params.type, defaultTypeId);
    const page = pageFromSearch(searchParams(request));
    const { definition, input } = columnPageCall(column.typeId, page, pageSize);
    const articles = await clientFrom(context).call(definition, input);
    return {
      page,
      pageSize: input.query.pageSize,
      articles,
      ...headOf([articles], { title: column.title, description: `${column.title}（${column.enTitle}）` }),
    };
  };

export const searchLoader = async ({ request, context }: LoaderFunctionArgs) => {
  const params = searchParams(request);
  const keyword = keywordFromSearch(params);
  const page = pageFromSearch(params);
  if (!keyword) return { keyword, page, results: null, ...headOf([], { title: '站内搜索' }) };
  const { definition, input } = searchCall(keyword, page);
  const results = await clientFrom(context).call(definition, input);
  return { keyword, page, results, ...headOf([results], { title: `搜索：${keyword}` }) };
};

/** The events /match shows above its notices: the first page, in the server's order (open for registration first). */
const MATCH_EVENTS_INPUT = { query: { pageNum: 1, pageSize: 20 } };

/** The match area's list: its events, then a page of its notices. */
export const matchListLoader = async (args: LoaderFunctionArgs) => {
  const [notices, events] = await Promise.all([
    columnListLoader(COLUMN_BY_KEY.matchNotices.typeId)(args),
    clientFrom(args.context).call(api.matchEvents.list, MATCH_EVENTS_INPUT),
  ]);
  return {
    ...notices,
    events,
    ...headOf([notices.articles, events], { title: '赛事活动', description: '赛事活动：赛事报名与赛事通知' }),
  };
};

/** One event's page; an id that is not a number is an unknown event, asked of nobody. */
export const matchEventLoader = async ({ params, context }: LoaderFunctionArgs) => {
  const id = params.id ?? '';
  if (!/^[1-9]\d{0,14}$/.test(id)) return { event: null, results: null, meta: { title: '赛事不存在' }, status: 404 };
  const client = clientFrom(context);
  const event = await client.call(api.matchEvents.detail, { params: { id } });
  // The 公示 is asked for only once results are published, and written into the page with the event.
  const published = event.ok && (event.data.phase === 'publicizing' || event.data.phase === 'finished');
  const results = published ? await client.call(api.matchPublicResults.results, { params: { id } }) : null;
  const meta: PageMeta = event.ok
    ? {
        title: event.data.name,
        description: `${event.data.typeLabel}·${event.data.level}，${event.data.organizerName}承办`,
      }
    : { title: event.status === 404 ? '赛事不存在' : '赛事' };
  return { event, results, ...headOf([event], meta) };
};

/** The image challenge's answer a check page carries in its address, after repeated misses. */
const captchaFrom = (params: URLSearchParams) => {
  const answer: CaptchaAnswer = {};
  for (const name of ['captchaId', 'captchaCode', 'captchaProof'] as const) {
    const value = params.get(name);
    if (value) answer[name] = value;
  }
  return answer;
};

/**
 * The public check pages (验真): `/verify/<code>` checks a proof (what its QR opens), `/verify?certificateNo=…&name=…`
 * a certificate (`/verify?certificateNo=…` alone, a certificate's QR, fills the form in); `/verify` alone is the form. A check is never kept in the page cache by its address (noStore):
 * every one counts, and a revocation shows at once (the server keeps a proof's check page itself, by the state of
 * the proof); the bare form checks nothing and is kept like any public page.
 */
export const verifyLoader = async ({ params, request, context }: LoaderFunctionArgs) => {
  const search = searchParams(request);
  const client = clientFrom(context);
  const head = { title: '证明查验' };
  if (params.code) {
    const proof = await client.call(api.proofs.verify, { params: { code: params.code }, query: captchaFrom(search) });
    return { code: params.code, proof, certificate: null, prefill: null, ...headOf([proof], head), noStore: true };
  }
  const certificateNo = search.get('certificateNo')?.trim();
  const name = search.get('name')?.trim();
  if (certificateNo && name) {
    const certificate = await client.call(api.proofs.verifyCertificate, {
      query: { certificateNo, name, ...captchaFrom(search) },
    });
    return { code: null, proof: null, certificate, prefill: null, ...headOf([certificate], head), noStore: true };
  }
  // A certificate's QR opens the form with its number filled in; whoever checks types the holder's name. Not
  // kept: any number may be typed into the address.
  if (certificateNo) {
    const prefill = certificateNo.slice(0, 64);
    return { code: null, proof: null, certificate: null, prefill, ...headOf([], head), noStore: true };
  }
  return { code: null, proof: null, certificate: null, prefill: null, ...headOf([], head) };
};

/**
 * The article by id, or the newest of a column first when the route names none (`latest`: shown without the
 * links to its neighbours). `article` is null when the column has no article, or its list could not be read.
 */
const loadArticle = async (context: LoaderFunctionArgs['context'], id: number | null, typeId: number) => {
  const client = clientFrom(context);
  let articleId = id;
  let list: CallResult<unknown> | null = null;
  if (articleId === null) {
    const latest = latestOfColumnCall(typeId);
    const newest = await client.call(latest.definition, latest.input);
    list = newest;
    articleId = newest.ok ? (newest.data.list[0]?.id ?? null) : null;
    if (articleId === null) {
      return { typeId, latest: true, article: null, ...headOf([newest], { title: columnByTypeId(typeId)?.title }) };
    }
  }
  const { definition, input } = articleCall(articleId);
  const article = await client.call(definition, input);
  const meta: PageMeta = article.ok
    ? {
        title: article.data.title,
        description: article.data.summary,
        ...(article.data.coverImage ? { image: article.data.coverImage } : {}),
      }
    : { title: article.status === 404 ? '文章不存在' : '文章' };
  return { typeId, latest: id === null, article, ...headOf([list, article], meta) };
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

/** Every column list route's loader (`useLoaderData<ColumnListLoader>()`). */
export type ColumnListLoader = ReturnType<typeof columnListLoader>;
/** Every article route's loader: each `detailLoader`, and `aloneLoader`. */
export type ArticleLoader = ReturnType<typeof detailLoader>;
