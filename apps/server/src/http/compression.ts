import { createHash } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this the headers and the coder's work cost more than the bytes saved. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The public reads a browser asks for again and again (the portal's articles and settings, one image by id):
 * they carry a validator, so a repeated visit costs a 304 without a body instead of the whole answer.
 */
const validatedRoute = (url: string | undefined) =>
  url !== undefined &&
  (url.startsWith('/api/content/') || url === '/api/site/settings' || url === '/lianmeng/img/imageMsgSearchOne');

/** A console session sees closed images too, so that answer must stay in the one browser that asked. */
const PRIVATE_ROUTES = new Set(['/lianmeng/img/imageMsgSearchOne']);

/**
 * Weak comparison, as `If-None-Match` is defined to use: `*`, or any listed tag equal once `W/` is dropped.
 */
export const etagMatches = (ifNoneMatch: string | undefined, etag: string) => {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
};

/**
 * The tag is taken from the JSON before any content coding, so it is weak: the brotli, gzip and plain
 * answers are the same content in different codings, and a tag shared across codings must not claim to be
 * byte-for-byte (strong).
 */
export const weakEtag = (payload: string | Buffer) =>
  `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;

const validate = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
  if (reply.statusCode !== 200 || !validatedRoute(request.routeOptions.url)) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const etag = weakEtag(payload);
  reply.header('ETag', etag);
  if (!reply.hasHeader('Cache-Control')) {
    // Stored, but asked about every time: an editor's change shows on the next load.
    const isPrivate = PRIVATE_ROUTES.has(request.routeOptions.url ?? '');
    reply.header('Cache-Control', isPrivate ? 'private, no-cache' : 'no-cache');
  }
  if (!etagMatches(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('Content-Type');
  reply.removeHeader('Content-Length');
  return '';
};

/**
 * Brotli or gzip, as the client's `Accept-Encoding` prefers, for every compressible answer above the
 * threshold (API JSON, the sitemap, pages); a static file the build already compressed goes out as it is,
 * since it carries its `Content-Encoding` already, and images are not compressible types. Registered before
 * any route: the compressor attaches itself to each route as it is added.
 */
export const registerCompression = async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
  // A global hook runs before the compressor's own (route-level) one, so it sees the JSON before coding.
  app.addHook('onSend', validate);
};
