import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { ServerConfig } from '../config';

export const securityHeaderOptions = (hosts: ServerConfig['hosts']): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Editors may give an image an external http(s) address instead of uploading it.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      // antd and MUI inject their styles at run time, and portal pages carry antd's server-rendered <style>
      // elements. A nonce would have to reach both apps' style caches and could not live in a page served
      // from the shared page cache; styles cannot run script, and scripts stay limited to the site's files.
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'", ...[hosts.uc, hosts.sso, hosts.main].filter(Boolean)],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // Partner logos and banner images may come from other sites.
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
});

/**
 * The headers helmet sets with these options. They depend on nothing in the request, so they are worked
 * out once: the Fastify plugin builds helmet's middleware again (parsing the policy) on every request,
 * which cost the public reads about a tenth of their time.
 */
export const securityHeaders = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
};

export const registerSecurityHeaders = (app: FastifyInstance, hosts: ServerConfig['hosts']) => {
  const headers = securityHeaders(securityHeaderOptions(hosts));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
};
