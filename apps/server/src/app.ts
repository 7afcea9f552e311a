// Zod's own messages in Chinese before any request is parsed.
import '@lianmeng/core/zod-locale';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerCache } from './cache/publicReads';
import type { ServerConfig } from './config';
import type { ServerContext } from './context';
import type { Db } from './db/database';
import { createSiteVersion } from './db/siteVersion';
import { registerApiDocsRoutes } from './domains/apiDocs/apiDocsRoutes';
import { registerConsoleArticleRoutes } from './domains/articles/consoleArticleRoutes';
import { registerPublicArticleRoutes } from './domains/articles/publicArticleRoutes';
import { registerConsoleAuditRoutes } from './domains/audit/auditRoutes';
import { createCaptcha, registerCaptchaRoute } from './domains/captcha';
import { registerCardHolderRoutes } from './domains/cardHolders';
import type { SmsSender } from './domains/cardHolders/smsSender';
import { registerCertificateRoutes } from './domains/certificates/routes';
import { registerConsoleAuthRoutes } from './domains/consoleUsers/consoleAuthRoutes';
import { registerConsoleUserRoutes } from './domains/consoleUsers/consoleUserRoutes';
import { registerCreditRoutes } from './domains/credits';
import { registerEventRoutes } from './domains/events/routes';
import { registerHealthRoute } from './domains/health/healthRoute';
import { registerImageRoutes } from './domains/images/imageRoutes';
import { createCardRoles, registerInstitutionRoutes } from './domains/institutions';
import { registerProofRoutes } from './domains/proofs/routes';
import { registerRegistrationRoutes } from './domains/registrations/routes';
import { registerResultRoutes } from './domains/results/routes';
import { registerConsoleSettingsRoutes } from './domains/settings/consoleSettingsRoutes';
import { registerPublicSettingsRoute } from './domains/settings/publicSettingsRoute';
import { registerUploadRoutes } from './domains/uploads';
import { registerAccessGuards } from './http/access';
import { registerApiCachePolicy } from './http/cachePolicy';
import { registerCompression } from './http/compression';
import { registerContractCheck } from './http/defineRoute';
import { answerClientError, answerFrameworkError, registerJsonBodyParser } from './http/inputLimits';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerOperations } from './ops';
import { registerErrorHandling } from './plugins/errors';
import { registerStaticApps } from './plugins/staticApps';
import { registerUploads } from './plugins/uploads';
import { registerXsrfCookie } from './plugins/xsrf';
import { createPortalPages } from './render';
import { registerArticlePreview } from './render/preview';
import { fastifyTrustProxy, registerForwardedForWarning } from './security/clientAddress';
import { cookiePolicy } from './security/cookies';
import { redactUrl } from './security/redact';
import { createCardTokens } from './sessions/cardHolderTokens';
import { createConsoleSessions } from './sessions/consoleSessions';
import { registerSiteFiles } from './siteFiles';

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
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // A client that sends its headers or body slowly holds a connection; these bound how long.
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      connectionsCheckingInterval: Math.min(config.timeouts.headersMs, 5_000),
    },
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionTimeout: config.timeouts.idleMs,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // While closing, requests on kept-alive connections get the envelope from registerOperations instead.
    return503OnClosing: false,
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      serializers: {
        req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      },
    },
  });

  registerErrorHandling(app);
  registerForwardedForWarning(app, config.trustProxy);
  registerJsonBodyParser(app);
  await registerOperations(app, config, deps.db);
  const now = deps.now ?? (() => new Date());
  const siteVersion = createSiteVersion(deps.db);
  // The server's one cache: the public reads, the rendered pages and the keyword totals, by site version.
  registerCache(app, siteVersion, () => now().getTime());
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  registerSecurityHeaders(app, config.hosts);
  const cookies = cookiePolicy(config.publicUrl);
  registerXsrfCookie(app, cookies);
  await registerCompression(app);
  // A public read answered through the cache names its own Cache-Control, which this keeps.
  registerApiCachePolicy(app);

  const context: ServerContext = {
    config,
    db: deps.db,
    now,
    consoleSessions: createConsoleSessions(app, deps.db, now, cookies),
    cardTokens: createCardTokens(app, deps.db, now),
    siteVersion,
  };
  // Every route installs the checks its call's definition asks for from these (http/defineRoute.ts).
  registerAccessGuards(app, { ...context, cardRoles: createCardRoles(deps.db) });
  registerContractCheck(app, config.contractCheck);

  registerHealthRoute(app, context);
  registerConsoleAuthRoutes(app, context);
  registerCaptchaRoute(app, context, createCaptcha(context));
  registerImageRoutes(app, context);
  registerPublicSettingsRoute(app, context);
  registerPublicArticleRoutes(app, context);
  registerConsoleArticleRoutes(app, context);
  registerArticlePreview(app, context);
  registerConsoleUserRoutes(app, context);
  registerConsoleAuditRoutes(app, context);
  registerConsoleSettingsRoutes(app, context);
  await registerUploadRoutes(app, context);
  await registerInstitutionRoutes(app, await registerCardHolderRoutes(app, context, deps.smsSender));
  const creditSms = await registerCreditRoutes(app, context, deps.smsSender);
  registerEventRoutes(app, context);
  registerRegistrationRoutes(app, context);
  registerResultRoutes(app, context);
  // The portal's pages before the proofs: the kept check page falls back to them.
  const portalPages = await createPortalPages(app, context);
  const { pdfTools } = registerProofRoutes(app, context, portalPages);
  registerCertificateRoutes(app, context, { sms: creditSms, pdfTools });
  registerSiteFiles(app, context);
  registerApiDocsRoutes(app, { publicUrl: config.publicUrl, hosts: config.hosts });
  await registerUploads(app, path.join(config.dataDir, 'uploads'));
  await registerStaticApps(
    app,
    { portal: config.portalDist, admin: config.adminDist },
    { hosts: config.hosts, ssoReturnOrigins: config.ssoReturnOrigins },
    portalPages,
    async (request) => (await context.consoleSessions.userOf(request)) !== null,
  );
  return app;
};
