import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
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

/** The portal's hottest call (every page load asks for the banners and the partners): its answers repeat. */
const REPEATED_ROUTES = new Set(['/lianmeng/img/imageMsgSearch']);

/** Compressed answers kept per server, oldest dropped first: the public answers number a few hundred at most. */
const MEMO_BUDGET_BYTES = 4 * 1024 * 1024;

/** The compressor's own quality for brotli: 11 would cost ten times as much for a few percent. */
const BROTLI_QUALITY = 4;

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

/**
 * Tags of the answers sent lately, by their text. A kept public answer is the same string object every time,
 * and V8 keeps a string's hash in the string, so finding its tag costs far less than hashing it again.
 */
const RECENT_TAGS_MAX = 500;
const recentTags = new Map<string, string>();
export const tagOf = (payload: string | Buffer) => {
  if (typeof payload !== 'string') return weakEtag(payload);
  let etag = recentTags.get(payload);
  if (!etag) {
    etag = weakEtag(payload);
    if (recentTags.size >= RECENT_TAGS_MAX) recentTags.clear();
    recentTags.set(payload, etag);
  }
  return etag;
};

const validate = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
  if (reply.statusCode !== 200 || !validatedRoute(request.routeOptions.url)) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const etag = tagOf(payload);
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

const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] });
/** The coding the client prefers of ours; `*` and x-gzip read as gzip, as the compressor reads them. */
const negotiate = (accept: string) =>
  negotiator.negotiate(accept.toLowerCase().replace(/\*|x-gzip/g, 'gzip')) as 'br' | 'gzip' | null;

export const compressBody = (payload: Buffer, encoding: 'br' | 'gzip') =>
  encoding === 'br'
    ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(payload);

/**
 * The same public answer goes to every visitor, so it is compressed once: kept by the hash of its bytes and
 * the coding, so a changed answer can never be served from an old entry. Brotli at quality 4 costs about
 * 250 µs for the 4 KB partner list; a kept copy costs a hash (a few µs).
 */
const createCompressedMemo = () => {
  const kept = new Map<string, Buffer>();
  let bytes = 0;

  return (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const route = request.routeOptions.url ?? '';
    if (!REPEATED_ROUTES.has(route) && !validatedRoute(route)) return payload;
    if (reply.statusCode !== 200 || reply.hasHeader('Content-Encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const accept = request.headers['accept-encoding'];
    if (typeof accept !== 'string' || request.headers['x-no-compression'] !== undefined) return payload;
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (body.length < COMPRESSION_THRESHOLD_BYTES) return payload;
    const encoding = negotiate(accept);
    if (!encoding) return payload;

    const key = `${encoding}:${createHash('sha1').update(body).digest('base64')}`;
    let compressed = kept.get(key);
    if (compressed) {
      kept.delete(key);
    } else {
      compressed = compressBody(body, encoding);
      bytes += compressed.length;
      for (const [oldKey, old] of kept) {
        if (bytes <= MEMO_BUDGET_BYTES) break;
        kept.delete(oldKey);
        bytes -= old.length;
      }
    }
    kept.set(key, compressed);
    const vary = String(reply.getHeader('Vary') ?? '');
    if (!/accept-encoding/i.test(vary)) reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    reply.header('Content-Encoding', encoding);
    reply.header('Content-Length', compressed.length);
    return compressed;
  };
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
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  // Global hooks run before the compressor's own (route-level) one, in this order: the validator sees the
  // JSON before any coding, and an answer the memo has coded already is passed over by the compressor.
  // Callback hooks: both are synchronous, and a promise per hook per answer is measurable on the hot reads.
  app.addHook('onSend', (request, reply, payload, done) => done(null, validate(request, reply, payload)));
  const memo = createCompressedMemo();
  app.addHook('onSend', (request, reply, payload, done) => done(null, memo(request, reply, payload)));
};
