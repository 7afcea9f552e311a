import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { ICON_SVG, iconFiles } from './icons';
import { SITEMAP_URL_LIMIT, sitemapIndexXml, sitemapPage, urlsetXml } from './sitemap';

/** The console and every API prefix are no place for a crawler: they hold no public page. */
export const ROBOTS_DISALLOWED = ['/admin/', '/lianmeng/', '/api/', '/card/'];

/**
 * Crawlers must be told absolute addresses; the site answers under whatever name it is reached by (behind a
 * proxy with TRUST_PROXY, the forwarded one).
 */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const ICON_CACHE = 'public, max-age=86400';
const INDEX_CACHE = 'public, max-age=3600';

const sendSitemap = async (db: Db, limit: number, page: number, request: FastifyRequest, reply: FastifyReply) => {
  const answer = await sitemapPage(db.kysely, page, limit);
  if (answer.kind === 'missing') return reply.code(404).send({ status: 404, message: '没有这一页站点地图' });
  const origin = originOf(request);
  return reply
    .type('application/xml; charset=utf-8')
    .header('Cache-Control', INDEX_CACHE)
    .send(answer.kind === 'index' ? sitemapIndexXml(origin, answer.files) : urlsetXml(origin, answer.urls));
};

/**
 * `/robots.txt`, `/sitemap.xml` (and its numbered parts), `/favicon.ico` and the site's icons. Registered
 * before the apps' page fallback, so these paths never answer the portal's HTML.
 */
export const registerSiteFiles = (
  app: FastifyInstance,
  { db }: { db: Db },
  options: { sitemapUrlLimit?: number } = {},
) => {
  const limit = options.sitemapUrlLimit ?? SITEMAP_URL_LIMIT;

  app.get('/robots.txt', (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', INDEX_CACHE)
      .send(
        `User-agent: *\n${ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}\n`).join('')}Allow: /\n\nSitemap: ${originOf(request)}/sitemap.xml\n`,
      ),
  );

  app.get('/sitemap.xml', (request, reply) => sendSitemap(db, limit, 0, request, reply));
  app.get<{ Params: { page: string } }>('/sitemap-:page(^[1-9]\\d{0,6}).xml', (request, reply) =>
    sendSitemap(db, limit, Number(request.params.page), request, reply),
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
