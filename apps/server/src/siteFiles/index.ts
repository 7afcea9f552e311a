import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createCache } from '../cache/cache';
import type { Db } from '../db/database';
import { ICON_SVG, iconFiles } from './icons';
import {
  SITEMAP_URL_LIMIT,
  type SitemapPieces,
  sitemapIndexPieces,
  sitemapPage,
  sitemapXml,
  urlsetPieces,
} from './sitemap';

/** The console and every API prefix are no place for a crawler: they hold no public page. */
export const ROBOTS_DISALLOWED = ['/admin/', '/lianmeng/', '/api/', '/card/'];

/**
 * Crawlers must be told absolute addresses. With PUBLIC_URL they are its, and the files may be kept by any
 * shared cache. Without it they are the name the request reached the site by, which the request itself
 * writes (its Host, or a trusted proxy's forwarded one), so those answers are for the asker's cache only:
 * a shared cache must not hand one client's Host to everyone.
 */
const originFor = (publicUrl: string | undefined) => {
  const fixed = publicUrl ? new URL(publicUrl).origin : null;
  return (request: FastifyRequest) => fixed ?? `${request.protocol}://${request.host}`;
};

const ICON_CACHE = 'public, max-age=86400';
const INDEX_MAX_AGE = 'max-age=3600';
const SITEMAP_KEEP_MS = 10 * 60_000;

/** Sitemap files cached at once: only as many exist as the first file's index lists. */
const SITEMAP_CACHE_MAX_FILES = 1000;

/**
 * A sitemap file of 50,000 addresses takes about a second to read and write at 100,000 articles: each file
 * is cached for a while (crawlers read it rarely, and a lastmod minutes late misleads none), one rendering at
 * a time per file however many ask at once. Its own instance of the server's cache, not a section of the
 * shared one: its files are megabytes each, and in the shared bound they would push out the reads every
 * visitor asks for.
 */
const createSitemapCache = (db: Db, limit: number, keepMs: number) => {
  type Rendered = { pieces: SitemapPieces; files: number | null } | null;
  const files = createCache(Date.now, {
    maxEntries: SITEMAP_CACHE_MAX_FILES,
    maxBytes: Number.POSITIVE_INFINITY,
  }).section<Promise<Rendered>>('sitemap');
  const render = async (page: number): Promise<Rendered> => {
    if (page > 0) {
      // Numbered files exist only when the first answer is an index, and only as many as it lists: any
      // other number is refused without a query (and without a cache entry of its own).
      const first = await cached(0);
      if (!first?.files || page > first.files) return null;
    }
    const answer = await sitemapPage(db.kysely, page, limit);
    if (answer.kind === 'missing') return null;
    if (answer.kind === 'index') return { pieces: sitemapIndexPieces(answer.files), files: answer.files };
    return { pieces: urlsetPieces(answer.urls), files: null };
  };
  const cached = (page: number): Promise<Rendered> => {
    const key = String(page);
    const entry = files.get(key, null);
    if (entry) return entry.value;
    const rendered = render(page);
    // Not tied to the site version: only the time ends an entry.
    files.set(key, { value: rendered, version: null, expiresAt: Date.now() + keepMs, bytes: 0 });
    rendered.then(
      (value) => {
        if (value === null && page > 0) files.delete(key);
      },
      () => files.delete(key),
    );
    return rendered;
  };
  return cached;
};

/**
 * `/robots.txt`, `/sitemap.xml` (and its numbered parts), `/favicon.ico` and the site's icons. Registered
 * before the apps' page fallback, so these paths never answer the portal's HTML.
 */
export const registerSiteFiles = (
  app: FastifyInstance,
  { db, config }: { db: Db; config?: { publicUrl: string | undefined } },
  options: { sitemapUrlLimit?: number; sitemapKeepMs?: number } = {},
) => {
  const originOf = originFor(config?.publicUrl);
  const indexCache = `${config?.publicUrl ? 'public' : 'private'}, ${INDEX_MAX_AGE}`;
  const sitemap = createSitemapCache(
    db,
    options.sitemapUrlLimit ?? SITEMAP_URL_LIMIT,
    options.sitemapKeepMs ?? SITEMAP_KEEP_MS,
  );
  const sendSitemap = async (page: number, request: FastifyRequest, reply: FastifyReply) => {
    const rendered = await sitemap(page);
    if (!rendered) return reply.code(404).send({ status: 404, message: '没有这一页站点地图' });
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', indexCache)
      .send(sitemapXml(rendered.pieces, originOf(request)));
  };

  app.get('/robots.txt', (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', indexCache)
      .send(
        `User-agent: *\n${ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}\n`).join('')}Allow: /\n\nSitemap: ${originOf(request)}/sitemap.xml\n`,
      ),
  );

  app.get('/sitemap.xml', (request, reply) => sendSitemap(0, request, reply));
  app.get<{ Params: { page: string } }>('/sitemap-:page(^[1-9]\\d{0,6}).xml', (request, reply) =>
    sendSitemap(Number(request.params.page), request, reply),
  );

  app.get('/icon.svg', (_request, reply) =>
    reply.type('image/svg+xml; charset=utf-8').header('Cache-Control', ICON_CACHE).send(ICON_SVG),
  );
  app.get('/favicon.ico', async (_request, reply) =>
    reply
      .type('image/x-icon')
      .header('Cache-Control', ICON_CACHE)
      .send((await iconFiles()).favicon),
  );
  app.get('/icon-192.png', async (_request, reply) =>
    reply
      .type('image/png')
      .header('Cache-Control', ICON_CACHE)
      .send((await iconFiles()).png192),
  );
  app.get('/apple-touch-icon.png', async (_request, reply) =>
    reply
      .type('image/png')
      .header('Cache-Control', ICON_CACHE)
      .send((await iconFiles()).appleTouch),
  );
};
