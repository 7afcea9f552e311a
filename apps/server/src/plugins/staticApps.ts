import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  CONSOLE_SESSION_ELEMENT_ID,
  type ConsoleSessionHint,
  jsonScriptElement,
  RUNTIME_CONFIG_ELEMENT_ID,
  type RuntimeConfig,
} from '@lianmeng/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const API_PREFIXES = ['/api/', '/lianmeng/', '/card/', '/uploads/', '/healthz'];
const NOT_BUILT = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>尚未构建</title>
<p>前端页面尚未构建。请在项目根目录运行 <code>npm run build</code> 或 <code>npm start</code>。</p></html>`;

const beforeHeadEnd = (html: string, block: string) => {
  const head = html.search(/<\/head>/i);
  return head === -1 ? `${block}${html}` : `${html.slice(0, head)}${block}${html.slice(head)}`;
};

/**
 * The console's page with the run-time configuration in it: the hosts and return origins are read from the
 * environment at start-up, so one build serves every deployment. Written before `</head>` so it is in the
 * document before the app's script runs.
 */
const withRuntimeConfig = (html: string, runtimeConfig: RuntimeConfig) =>
  beforeHeadEnd(html, jsonScriptElement(RUNTIME_CONFIG_ELEMENT_ID, runtimeConfig));

/**
 * The console's page for one request: whether it carries a live console session is written in beside the
 * configuration, so a signed-out visitor's page shows the sign-in form without a call (and without loading
 * the http client) first.
 */
const withConsoleSession = (html: string, signedIn: boolean) =>
  beforeHeadEnd(html, jsonScriptElement(CONSOLE_SESSION_ELEMENT_ID, { signedIn } satisfies ConsoleSessionHint));

const isHashedAsset = (file: string) => /[/\\]assets[/\\]/.test(file);

const setCacheHeaders = (reply: FastifyReply, file: string) => {
  reply.header('Cache-Control', isHashedAsset(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/**
 * The built portal at `/` and the built console at `/admin/`. Unknown page paths fall back to each app's
 * index.html (client-side routes); unknown API paths answer a JSON 404.
 */
export const registerStaticApps = async (
  app: FastifyInstance,
  dirs: { portal: string; admin: string },
  runtimeConfig: RuntimeConfig,
  /** Renders a portal page on the server; without it, the portal's index.html is served. */
  portalPage?: ((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | null,
  /** Whether a request carries a live console session; without it, the console's page says nothing of one. */
  consoleSignedIn?: (request: FastifyRequest) => Promise<boolean>,
) => {
  const indexOf = (dir: string) => {
    const file = path.join(dir, 'index.html');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };
  // Read once: the file only changes with a new build, which means a restart.
  const portalIndex = indexOf(dirs.portal);
  const adminFile = indexOf(dirs.admin);
  const adminIndex = adminFile === null ? null : withRuntimeConfig(adminFile, runtimeConfig);
  // The page has only two hinted forms: written once here rather than for every request.
  const adminPages =
    adminIndex === null
      ? null
      : { in: withConsoleSession(adminIndex, true), out: withConsoleSession(adminIndex, false) };

  if (portalIndex !== null) {
    await app.register(fastifyStatic, {
      root: dirs.portal,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
  }
  if (adminFile !== null) {
    await app.register(fastifyStatic, {
      root: dirs.admin,
      prefix: '/admin/',
      index: false,
      wildcard: false,
      preCompressed: true,
      decorateReply: false,
      // The page itself is only ever sent with the run-time configuration in it, by the fallback below.
      allowedPath: (pathName) => !/^\/?index\.html(\.(br|gz))?$/.test(pathName),
      setHeaders: setCacheHeaders,
    });
  }

  const sendPage = (reply: FastifyReply, html: string | null, cacheControl = 'no-cache') =>
    reply
      .code(200)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', cacheControl)
      .send(html ?? NOT_BUILT);

  /**
   * The console's page says whether this request's cookie is a live session, so no cache (the browser's,
   * a proxy's) may keep it: the next visitor, or the same one after signing out, would get the wrong answer.
   * A session that cannot be looked up leaves the hint out; the console then asks the server itself.
   */
  const sendConsolePage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (adminPages === null || !consoleSignedIn) return sendPage(reply, adminIndex, 'no-store');
    const signedIn = await consoleSignedIn(request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'console session lookup failed; the console page is sent without the hint');
      return null;
    });
    return sendPage(reply, signedIn === null ? adminIndex : signedIn ? adminPages.in : adminPages.out, 'no-store');
  };

  app.get('/admin', (_request, reply) => reply.redirect('/admin/'));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !API_PREFIXES.some((p) => url.startsWith(p));
    if (!isPage) return reply.code(404).send({ status: 404, message: '请求的接口不存在' });
    if (url === '/admin/' || url.startsWith('/admin/')) return sendConsolePage(request, reply);
    if (portalPage) return portalPage(request, reply);
    return sendPage(reply, portalIndex);
  });
};
