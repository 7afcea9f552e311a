import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ELDERLY_MODE_COOKIE } from '@lianmeng/core';
import type { HttpAdapter } from '@lianmeng/core/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CachedPage, createPageCache } from '../cache/pages';
import type { ServerContext } from '../context';
import { keptWindowEdge } from '../domains/images/imageRepository';
import { FAILURE_HTML, type PageHead, type PreloadImage, pageDocument } from './document';
import { INTERNAL_ORIGIN, injectAdapter } from './injectAdapter';

const ELDERLY_COOKIE_ON = new RegExp(`(?:^|;\\s*)${ELDERLY_MODE_COOKIE}=1(?:;|$)`);

/** Whether a request's cookies ask for the elderly mode: a page is rendered, and kept, once per mode. */
export const elderlyModeOf = (request: FastifyRequest) => ELDERLY_COOKIE_ON.test(request.headers.cookie ?? '');

/** The portal's server entry (apps/portal/src/entry-server.tsx), as far as the server relies on it. */
export interface PortalRenderer {
  render(request: { url: string; cookieHeader: string; adapter: HttpAdapter }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | {
        kind: 'page';
        status: number;
        html: string;
        hydration: unknown;
        meta: { title?: string; description?: string; image?: string };
        elderly: boolean;
        cacheable: boolean;
        preloadImages?: PreloadImage[];
        /** antd's `<style>` elements for the head. */
        styles?: string;
      }
  >;
}

/** A page as rendered: its document, compressed once, and when it may change with no write (none: no such time). */
export interface RenderedPage extends CachedPage {
  expiresAt: number | undefined;
}

export interface PortalPageOptions {
  /**
   * Handed every page rendered for this request (not a redirect, not the failure page), whether or not the
   * URL page cache may keep it: a route that knows more about a page than its URL (what it was rendered
   * under) keeps it in a cache of its own.
   */
  rendered?: (page: RenderedPage) => void;
}

export type PortalPageHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  options?: PortalPageOptions,
) => Promise<FastifyReply>;

/**
 * Sends a page with the headers every rendered page carries: never used unasked by a cache (the browser asks
 * again), varying by the cookie (the elderly mode) and the coding; the compressed bytes when the client takes them.
 */
export const sendPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: string | { text: string; gzip: Buffer },
  cacheState: 'hit' | 'miss' | 'off',
) => {
  reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Cookie, Accept-Encoding')
    .header('X-Page-Cache', cacheState);
  // Pages are text that shrinks to a fifth: on a slow phone the HTML is the first thing waited for.
  const gzip = typeof body === 'string' ? null : body.gzip;
  if (gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('Content-Encoding', 'gzip').send(gzip);
  }
  return reply.send(typeof body === 'string' ? body : body.text);
};

/** The query parameters that change what a page shows; the rest do not belong in its canonical address. */
const CONTENT_PARAMETERS = ['keyword', 'page'];

const canonicalOf = (origin: string, url: URL) => {
  const kept = new URLSearchParams();
  for (const name of CONTENT_PARAMETERS) {
    const value = url.searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return `${origin}${url.pathname}${query ? `?${query}` : ''}`;
};

const absolute = (origin: string, address: string | undefined) =>
  !address
    ? undefined
    : /^https?:\/\//i.test(address)
      ? address
      : `${origin}${address.startsWith('/') ? '' : '/'}${address}`;

/** Where the built server entry of the portal lives, beside its browser build. */
export const portalServerEntry = (portalDist: string) =>
  path.join(path.dirname(portalDist), 'dist-ssr', 'entry-server.js');

export const loadPortalRenderer = async (entry: string): Promise<PortalRenderer> =>
  (await import(pathToFileURL(entry).href)) as PortalRenderer;

/** Where a page handler gets the template and the renderer: fixed in production, fresh per request in development. */
export interface PortalSource {
  template(url: string): Promise<string>;
  renderer(): Promise<PortalRenderer>;
  /** Development serves what was just edited: no page cache, and room for the dev server's inline preamble. */
  development: boolean;
}

/**
 * Server rendering of the portal's pages: the page's HTML with its data, its status (a redirect for an empty
 * or unknown path, 404 for an unknown article, 500 for a failure) and its head. Anonymous pages are kept in a
 * per-process cache that a change to the public content, in any process on the same database, empties.
 * Null when the portal is not built: the static index.html is served then.
 */
export const createPortalPages = async (
  app: FastifyInstance,
  context: ServerContext,
  renderer?: PortalRenderer,
): Promise<PortalPageHandler | null> => {
  if (process.env.LIANMENG_DEV === '1') {
    const { developmentSource } = await import('./dev');
    return portalPageHandler(app, context, await developmentSource(app, context.config.portalDist));
  }
  const templateFile = path.join(context.config.portalDist, 'index.html');
  const entry = portalServerEntry(context.config.portalDist);
  if (!fs.existsSync(templateFile) || (!renderer && !fs.existsSync(entry))) return null;
  // Read once: both only change with a new build, which means a restart.
  const template = fs.readFileSync(templateFile, 'utf8');
  const portal = renderer ?? (await loadPortalRenderer(entry));
  return portalPageHandler(app, context, {
    template: async () => template,
    renderer: async () => portal,
    development: false,
  });
};

export const portalPageHandler = (app: FastifyInstance, context: ServerContext, source: PortalSource) => {
  const adapter = injectAdapter(app);
  // The cache runs on the server’s clock, the one the image windows are judged by, in the server's one cache
  // (one bound for the pages and the public reads).
  const cache = createPageCache(() => context.now().getTime(), app.cache.store);
  // The next showing-window edge is asked of the database only after a write or once it has passed.
  const windowEdgeAt = keptWindowEdge(context.db.kysely, () => context.siteVersion.current());
  const runtimeConfig = { hosts: context.config.hosts, ssoReturnOrigins: context.config.ssoReturnOrigins };

  const send: typeof sendPage = (request, reply, ...page) => {
    // The dev server's React refresh preamble is an inline script; only development pages carry it.
    if (source.development) reply.removeHeader('content-security-policy');
    return sendPage(request, reply, ...page);
  };

  const handler: PortalPageHandler = async (request, reply, options) => {
    const url = new URL(request.url, INTERNAL_ORIGIN);
    const origin = `${request.protocol}://${request.host}`;
    const cookieHeader = request.headers.cookie ?? '';
    const elderly = elderlyModeOf(request);
    const key = `${origin}${request.url}|${elderly ? 'elderly' : 'standard'}`;
    const template = await source.template(request.url);
    try {
      const version = await context.siteVersion.current();
      const cached = source.development ? undefined : cache.get(key, version);
      if (cached) return send(request, reply, cached.status, { text: cached.body, gzip: cached.gzip }, 'hit');

      // Taken before rendering, so the page is dropped no later than the first window edge after it.
      const windowEdge = await windowEdgeAt(context.now());
      const result = await (await source.renderer()).render({ url: url.href, cookieHeader, adapter });
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
      const head: PageHead = {
        ...result.meta,
        canonical: canonicalOf(origin, url),
        image: absolute(origin, result.meta.image),
        preloadImages: result.preloadImages ?? [],
      };
      const body = pageDocument(template, {
        head,
        html: result.html,
        styles: result.styles,
        hydration: result.hydration,
        elderly: result.elderly,
        runtimeConfig,
      });
      const cacheable = result.cacheable && !source.development;
      const gzip = gzipSync(body);
      const page: RenderedPage = { status: result.status, body, gzip, expiresAt: windowEdge?.getTime() };
      if (!source.development) options?.rendered?.(page);
      if (cacheable) cache.set(key, { ...page, version });
      return send(request, reply, result.status, { text: body, gzip }, cacheable ? 'miss' : 'off');
    } catch (error) {
      request.log.error({ err: error }, 'portal page render failed');
      const body = pageDocument(template, {
        head: { title: '服务器错误', canonical: canonicalOf(origin, url) },
        html: FAILURE_HTML,
        elderly,
        runtimeConfig,
      });
      return send(request, reply, 500, body, 'off');
    }
  };
  return handler;
};
