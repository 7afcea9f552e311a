import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { ServerContext } from './context';
import type { Db } from './db/database';
import { createConsoleSessions } from './plugins/consoleSession';
import { registerErrorHandling } from './plugins/errors';
import { registerStaticApps } from './plugins/staticApps';
import { registerUploads } from './plugins/uploads';
import { registerXsrfCookie } from './plugins/xsrf';
import { createPortalPages } from './render';
import { registerConsoleRoutes } from './routes/console';
import { registerConsoleAuthRoutes } from './routes/consoleAuth';
import { registerContentRoutes } from './routes/content';
import { registerHealthRoute } from './routes/health';
import { registerImageRoutes } from './routes/img';
import { registerSiteRoutes } from './routes/site';
import { registerAccountRoutes } from './routes/uc';
import type { SmsSender } from './routes/uc/smsSender';
import { registerUploadRoutes } from './routes/upload';
import { redactUrl } from './security/redact';

export interface ServerDeps {
  db: Db;
  now?: () => Date;
  /** Where SMS codes go; the DATA_DIR outbox file by default. */
  smsSender?: SmsSender;
  /** Where log lines go (stdout by default); tests capture them to prove what is never logged. */
  logStream?: { write(line: string): void };
}

/** JSON and form bodies are small; uploads have their own limit. */
const BODY_LIMIT_BYTES = 256 * 1024;

/** Builds the whole server without listening, so tests can `inject` into it. */
export const createServer = async (config: ServerConfig, deps: ServerDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      serializers: {
        req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      },
    },
  });

  registerErrorHandling(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Editors may give an external http(s) address for an image (PRODUCT.md, "Uploads").
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        // antd and MUI inject their styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", ...[config.hosts.uc, config.hosts.sso, config.hosts.main].filter(Boolean)],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Partner logos and banner images may come from other sites.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  registerXsrfCookie(app);

  const now = deps.now ?? (() => new Date());
  const context: ServerContext = {
    config,
    db: deps.db,
    now,
    consoleSessions: createConsoleSessions(app, deps.db, now),
  };

  registerHealthRoute(app, context);
  registerConsoleAuthRoutes(app, context);
  registerImageRoutes(app, context);
  registerSiteRoutes(app, context);
  registerContentRoutes(app, context);
  registerConsoleRoutes(app, context);
  await registerUploadRoutes(app, context);
  await registerAccountRoutes(app, context, deps.smsSender);
  await registerUploads(app, path.join(config.dataDir, 'uploads'));
  await registerStaticApps(
    app,
    { portal: config.portalDist, admin: config.adminDist },
    await createPortalPages(app, context),
  );
  return app;
};
