import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/lianmeng/', '/card/'];

/** Whether an answer to this URL that names no Cache-Control of its own is kept from every cache. */
export const storedNowhere = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * API answers are not stored by browsers or proxies unless a route says otherwise: tokens, credit records,
 * phone numbers, console accounts and the audit log must never sit in a shared cache or the browser's disk
 * cache after a sign-out. A route whose answer is public sets its own `Cache-Control`, which is kept.
 */
export const registerApiCachePolicy = (app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && storedNowhere(request.url)) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
};
