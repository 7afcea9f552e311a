import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteVersion } from '../db/siteVersion';
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD_BYTES } from '../http/compression';
import { type Cache, type CacheSection, createCache } from './cache';

/**
 * How a route's answers are cached, declared in the route's own definition (`defineRoute`'s `cache`).
 * `public: true`: one answer per URL and body for every visitor, stored when the handler first answers and
 * served from the cache until the site version changes (or `until`). A function decides per request (a
 * console session that sees closed items gets its own answer). `public: false`: never stored, but a GET
 * still carries a weak validator and answers `If-None-Match` with 304, privately (the answer may differ
 * per session).
 */
export interface CachePolicy {
  public: boolean | ((request: FastifyRequest) => boolean | Promise<boolean>);
  /** When a stored answer stops being true with no write (asked once, when it is stored); null: never. */
  until?: () => Promise<Date | null>;
}

/** A public read in the cache: its serialised JSON, its validator and the codings made of it so far. */
export interface CachedRead {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** The server's cache and what its users need beside it: one per server instance. */
export interface ServerCache {
  /** The one bounded store; the public reads, the rendered pages and the keyword totals are sections of it. */
  store: Cache;
  reads: CacheSection<CachedRead>;
  siteVersion: SiteVersion;
  now: () => number;
}

interface PendingRead {
  key: string;
  version: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    cache: ServerCache;
  }
  interface FastifyRequest {
    /** Set by the cache's lookup when a shared read missed: the handler's answer is stored under it. */
    cacheMiss: PendingRead | null;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** Asked about every time (an editor's change shows on the next load), yet stored by the browser. */
const PUBLIC_CACHE_CONTROL = 'no-cache';
const PRIVATE_CACHE_CONTROL = 'private, no-cache';
const VARY = 'Accept-Encoding';

/**
 * The tag is taken from the JSON before any content coding, so it is weak: the brotli, gzip and plain
 * answers are the same content in different codings, and a tag shared across codings must not claim to be
 * byte-for-byte (strong).
 */
const weakEtag = (payload: string | Buffer) =>
  `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;

/** Weak comparison, as `If-None-Match` is defined to use: `*`, or any listed tag equal once `W/` is dropped. */
export const etagMatches = (ifNoneMatch: string | undefined, etag: string) => {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
};

/** The key of a public read: its method (HEAD is a GET without the body), its URL and its parsed body. */
const readKey = (request: FastifyRequest) =>
  `${request.method === 'HEAD' ? 'GET' : request.method} ${request.url}\u0000${
    request.body === undefined ? '' : JSON.stringify(request.body)
  }`;

const validated = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/**
 * Creates the server's cache and decorates the server with it. Every write to public content needs a
 * console session (and some console writes are GETs), so once any request with a console session is
 * answered (its transaction has committed by then) this process reads the site version again before
 * serving from the cache: the editor sees the change at once. Other processes see it within the site
 * version's read interval.
 */
export const registerCache = (app: FastifyInstance, siteVersion: SiteVersion, now: () => number) => {
  const store = createCache(now);
  const cache: ServerCache = { store, reads: store.section<CachedRead>('read'), siteVersion, now };
  app.decorate('cache', cache);
  app.decorateRequest('cacheMiss', null);
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.consoleUser) siteVersion.invalidate();
    done(null, payload);
  });
  return cache;
};

/**
 * What a route's cache policy adds to it: the lookup, a `preHandler` that runs after the access checks and
 * Fastify's body parser, and the senders its handler answers through.
 */
export const routeCache = (app: FastifyInstance, policy: CachePolicy) => {
  const { reads, siteVersion } = app.cache;
  const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] });
  /** The coding this request gets of a body this long: the client's preference among ours, or none. */
  const codingOf = (request: FastifyRequest, length: number) => {
    const accept = request.headers['accept-encoding'];
    if (length < COMPRESSION_THRESHOLD_BYTES || typeof accept !== 'string') return null;
    if (request.headers['x-no-compression'] !== undefined) return null;
    // `*` and x-gzip read as gzip, as the compressor for the other answers reads them.
    return negotiator.negotiate(accept.toLowerCase().replace(/\*|x-gzip/g, 'gzip')) as 'br' | 'gzip' | null;
  };

  /** Sends a cached read in the coding the request asks for, made once per entry on first demand. */
  const sendRead = (request: FastifyRequest, reply: FastifyReply, key: string, read: CachedRead) => {
    if (validated(request)) {
      if (etagMatches(request.headers['if-none-match'], read.etag)) {
        return reply.code(304).headers({ etag: read.etag, 'cache-control': PUBLIC_CACHE_CONTROL, vary: VARY }).send();
      }
    }
    const coding = codingOf(request, read.body.length);
    let bytes = read.body;
    if (coding) {
      let coded = read[coding];
      if (!coded) {
        coded =
          coding === 'br'
            ? brotliCompressSync(read.body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
            : gzipSync(read.body);
        read[coding] = coded;
        reads.grow(key, coded.length);
      }
      bytes = coded;
    }
    return reply
      .code(200)
      .headers({
        'content-type': JSON_TYPE,
        vary: VARY,
        ...(coding ? { 'content-encoding': coding } : {}),
        ...(validated(request) ? { etag: read.etag, 'cache-control': PUBLIC_CACHE_CONTROL } : {}),
      })
      .send(bytes);
  };

  /** Looks the read up under `version`: sent from the cache, or noted for the handler to store. */
  const answer = (request: FastifyRequest, reply: FastifyReply, version: number) => {
    const key = readKey(request);
    const entry = reads.get(key, version);
    if (entry) return sendRead(request, reply, key, entry.value);
    request.cacheMiss = { key, version };
    return undefined;
  };

  /** Whether this request's answer is shared, and the site version to look it up under, as soon as known. */
  const lookUp = async (request: FastifyRequest, reply: FastifyReply, shared: boolean | Promise<boolean>) => {
    if (!(await shared)) return false;
    return answer(request, reply, siteVersion.fresh() ?? (await siteVersion.current())) !== undefined;
  };

  return {
    /**
     * Answers a shared read from the cache, or notes where the handler's answer is to be stored. A callback
     * hook: a hit with a trusted site version (nearly every one) is answered without waiting for anything.
     */
    lookup: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      if (policy.public === false) return done();
      const shared = policy.public === true || policy.public(request);
      const version = siteVersion.fresh();
      if (shared === true && version !== null) {
        // Sent, or a miss noted for the handler.
        if (!answer(request, reply, version)) done();
        return;
      }
      lookUp(request, reply, shared).then(
        (sent) => {
          if (!sent) done();
        },
        (error: Error) => done(error),
      );
    },

    /** Sends the handler's serialised answer, storing it first when the lookup missed a shared read. */
    send: async (request: FastifyRequest, reply: FastifyReply, serialised: string) => {
      const miss = request.cacheMiss;
      if (miss) {
        const body = Buffer.from(serialised);
        const until = policy.until ? await policy.until() : null;
        const read: CachedRead = { body, etag: weakEtag(body) };
        reads.set(miss.key, {
          value: read,
          version: miss.version,
          expiresAt: until?.getTime() ?? null,
          // The key counts too: a long URL or body is held as long as its answer.
          bytes: body.length + miss.key.length * 2,
        });
        return sendRead(request, reply, miss.key, read);
      }
      reply.type(JSON_TYPE);
      if (policy.public === false && validated(request)) {
        const etag = weakEtag(serialised);
        reply.headers({ etag, 'cache-control': PRIVATE_CACHE_CONTROL });
        if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      }
      // Not shared: compressed, when it is worth it, by the compressor every other answer goes through.
      return reply.code(200).send(serialised);
    },
  };
};
