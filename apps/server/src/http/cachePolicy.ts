import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/lianmeng/', '/card/'];

/**
 * API answers are not stored by browsers or proxies unless a route says otherwise: tokens, credit records,
 * phone numbers, console accounts and the audit log must never sit in a shared cache or the browser's disk
 * cache after a sign-out. A route whose answer is public sets its own `Cache-Control`, which is kept.
 */
export const registerApiCachePolicy = (app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && API_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
};
