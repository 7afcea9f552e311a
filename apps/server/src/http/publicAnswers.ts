import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CONSOLE_SESSION_COOKIE, HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteVersion } from '../db/siteVersion';
import { etagMatches, tagOf } from './compression';
import { createKeptStore, KEPT_MAX_BYTES, KEPT_MAX_ENTRIES, type KeptStore } from './keptStore';

/** Kept answers, oldest dropped first: endless keywords or page numbers cannot grow a process past this. */
export const PUBLIC_ANSWERS_MAX_ENTRIES = KEPT_MAX_ENTRIES;
export const PUBLIC_ANSWERS_MAX_BYTES = KEPT_MAX_BYTES;

/** What the answer chain sent for a kept answer to one kind of request: replayed as it is. */
interface SentAnswer {
  status: 200 | 304;
  head: OutgoingHttpHeaders;
  bytes: Buffer | null;
}

/**
 * The kinds of request kept per answer: each differs only in `Accept-Encoding` (and whether its validator
 * matched), and browsers send a handful of those; an unusual one beyond this is left to the chain.
 */
const SENT_VARIANTS_MAX = 8;

/** One kept answer, with what the answer chain sent for it, to send it again without the chain. */
interface KeptAnswer {
  body: string;
  /** The validator the chain gave it: undefined until the chain has answered it once, null when none. */
  etag?: string | null;
  /** By variant (the status and the request's `Accept-Encoding`). */
  sent: Map<string, SentAnswer>;
}

export interface PublicAnswers {
  /** The serialised answer kept under this key for the current site version, if any. */
  get(key: string): Promise<{ body: string; version: number } | { body: null; version: number }>;
  /** The kept answer when the version read is fresh, without waiting for anything; null otherwise. */
  peek(key: string): string | null;
  /**
   * Keeps an answer built while `version` was current; a later version makes it unreachable, and so does
   * the server's clock reaching `expiresAt` (an answer that changes with time alone, such as the images
   * whose showing window opens or closes, is kept only until then).
   */
  set(key: string, version: number, body: string, expiresAt?: number | null): void;
  /** Forgets the version read, so the next public read asks the database again. */
  invalidate(): void;
  /** The store the answers share with the rendered pages. */
  readonly store: KeptStore;
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicAnswers: PublicAnswers;
  }
}

/** The key of a public read's answer: its method, its URL (path and query) and its body. */
export const publicAnswerKey = (method: string, url: string, body: unknown) =>
  `${method} ${url}\u0000${body === undefined ? '' : JSON.stringify(body)}`;

export const createPublicAnswers = (
  siteVersion: SiteVersion,
  now: () => number = Date.now,
  store: KeptStore = createKeptStore(now),
): PublicAnswers => {
  const find = (key: string, version: number) => store.get<KeptAnswer>('answer', key, version)?.value;
  return {
    peek(key) {
      const version = siteVersion.fresh();
      return version === null ? null : (find(key, version)?.body ?? null);
    },
    async get(key) {
      const version = await siteVersion.current();
      return { body: find(key, version)?.body ?? null, version };
    },
    set(key, at, body, expiresAt = null) {
      // Built under a version that is no longer current: keeping it would only waste room. (A version read
      // too long ago to trust says nothing either way: every reader compares versions anyway.)
      const fresh = siteVersion.fresh();
      if (fresh !== null && at !== fresh) return;
      store.set<KeptAnswer>('answer', key, {
        version: at,
        expiresAt,
        bytes: Buffer.byteLength(body),
        value: { body, sent: new Map() },
      });
    },
    invalidate: () => siteVersion.invalidate(),
    store,
    get size() {
      return store.size;
    },
  };
};

const XSRF_COOKIE_SET = new RegExp(`(?:^|;)\\s*${XSRF_COOKIE}=[^;\\s]`);
const CONSOLE_HEADER = HEADERS.console.toLowerCase();

/**
 * Whether a kept answer may go to this request without the answer chain: a visitor with no console
 * session (whose writes would have to show at once, and who may see closed images) and with the
 * anti-forgery cookie already (the chain would otherwise give it one).
 */
const plainVisitor = (request: FastifyRequest) => {
  const cookie = request.headers.cookie;
  return (
    typeof cookie === 'string' &&
    XSRF_COOKIE_SET.test(cookie) &&
    // Any cookie that could be a console session, with or without its secure-site prefix.
    !cookie.includes(CONSOLE_SESSION_COOKIE) &&
    request.headers[CONSOLE_HEADER] === undefined
  );
};

/**
 * Which of the chain's answers to a kept answer this request would get: they differ by the coding the
 * request accepts and by whether its validator matches. Null when only the chain can tell.
 */
const variantOf = (request: FastifyRequest, kept: KeptAnswer, status?: 200 | 304) => {
  const { headers } = request;
  if (headers['x-no-compression'] !== undefined) return null;
  const accept = headers['accept-encoding'];
  if (accept !== undefined && typeof accept !== 'string') return null;
  let notModified = status === 304;
  if (status === undefined && headers['if-none-match'] !== undefined) {
    if (kept.etag === undefined) return null;
    notModified = kept.etag !== null && etagMatches(headers['if-none-match'], kept.etag);
  }
  return `${notModified ? 304 : 200} ${accept ?? ''}`;
};

/** Headers that belong to one response or one connection: Node writes its own for every response. */
const PER_RESPONSE_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding'];

/** The answer's text from the bytes the chain sent in `coding`; null for a coding it does not use. */
const decoded = (bytes: Buffer, coding: unknown) => {
  if (coding === undefined) return bytes;
  if (coding === 'br') return brotliDecompressSync(bytes);
  if (coding === 'gzip') return gunzipSync(bytes);
  return null;
};

/** The body of a small JSON POST read before the chain, handed on to the chain's parser when it answers. */
const EARLY_BODY_MAX_BYTES = 1024;
const JSON_UTF8 = /^application\/json(?:;\s*charset=utf-8)?$/i;

/** The length of a POST body to read before the chain, or null when the chain should read it itself. */
const earlyBodyLength = (request: FastifyRequest) => {
  const { headers } = request;
  const type = headers['content-type'];
  if (typeof type !== 'string' || !type.startsWith('application/json') || !JSON_UTF8.test(type)) return null;
  if (headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined) return null;
  const length = Number(headers['content-length']);
  return Number.isInteger(length) && length > 0 && length <= EARLY_BODY_MAX_BYTES ? length : null;
};

/** Reads the whole body from the request's stream: its bytes, or the error that ended the stream. */
const readBody = (request: FastifyRequest, then: (read: Buffer | Error) => void) => {
  const raw = request.raw;
  const chunks: Buffer[] = [];
  let received = 0;
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    received += chunk.length;
  };
  const finish = (read: Buffer | Error) => {
    raw.off('data', onData);
    raw.off('end', onEnd);
    raw.off('error', onError);
    raw.off('close', onClose);
    then(read);
  };
  const onEnd = () => finish(Buffer.concat(chunks, received));
  const onError = (error: Error) => finish(error);
  const onClose = () => finish(new Error('the request closed before its body was read'));
  raw.on('data', onData);
  raw.once('end', onEnd);
  raw.once('error', onError);
  raw.once('close', onClose);
};

/**
 * Decorates the server with the kept public answers, and answers repeated public reads from them as early
 * as it can: before anything else runs (right after the closing refusal and load shedding, which must be
 * registered first), a POST of a route with kept answers once its small JSON body is read here, any
 * other POST as soon as the chain has parsed its body. A kept answer goes out exactly as the answer chain
 * sent it the first time (bytes, codings, validators, 304s and every header, captured as the chain wrote
 * them) without running the chain: the cookie parser, the hooks that add headers one by one, the body
 * parser, the validator's hash and the compressor's negotiation cost more than the answer itself.
 * Every write to public content needs a console session (and some console writes are GETs), so once any
 * request with a console session is answered (its transaction has committed by then) this process reads
 * the version again before serving a kept answer: the editor sees the change at once.
 */
export const registerPublicAnswers = (app: FastifyInstance, siteVersion: SiteVersion, now: () => number) => {
  const answers = createPublicAnswers(siteVersion, now);
  app.decorate('publicAnswers', answers);
  const { store } = answers;
  /** The POST routes whose kept answers the chain has sent: their small bodies are read before the chain. */
  const keptPostRoutes = new Set<string>();
  /** Bodies read before the chain, for the chain's parser when no kept answer was sent. */
  const earlyBodies = new WeakMap<FastifyRequest, Buffer | Error>();
  /** POSTs whose kept answer was looked up with the body read before the chain: not looked up again. */
  const triedEarly = new WeakSet<FastifyRequest>();

  /** Sends what the chain sent for the answer kept under `key`; false when the chain has to answer. */
  const serve = (request: FastifyRequest, reply: FastifyReply, key: string, version: number) => {
    const entry = store.get<KeptAnswer>('answer', key, version);
    if (!entry) return false;
    const variant = variantOf(request, entry.value);
    const sent = variant === null ? undefined : entry.value.sent.get(variant);
    if (!sent) return false;
    reply.hijack();
    reply.raw.writeHead(sent.status, sent.head);
    if (sent.bytes) reply.raw.end(sent.bytes);
    else reply.raw.end();
    return true;
  };

  /** Keeps what the chain sends for a kept answer, once it is known to be that answer. */
  const remember = (request: FastifyRequest, status: 200 | 304, head: OutgoingHttpHeaders, chunk: unknown) => {
    if (head['set-cookie'] !== undefined) return;
    const key = publicAnswerKey(request.method, request.url, request.body);
    // Whatever its version: what the chain sent is kept only if it is this entry's answer, and a stale
    // entry is never served.
    const entry = store.peek<KeptAnswer>('answer', key);
    if (!entry || entry.value.sent.size >= SENT_VARIANTS_MAX) return;
    const kept = entry.value;
    const variant = variantOf(request, kept, status);
    if (variant === null || kept.sent.has(variant)) return;
    const etag = typeof head.etag === 'string' ? head.etag : null;
    let bytes: Buffer | null = null;
    if (status === 304) {
      // The chain's answer may not be the kept one (built under another version): its tag says.
      if (etag === null || etag !== tagOf(kept.body)) return;
    } else {
      if (typeof chunk !== 'string' && !Buffer.isBuffer(chunk)) return;
      bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      if (!decoded(bytes, head['content-encoding'])?.equals(Buffer.from(kept.body))) return;
    }
    const copy = { ...head };
    for (const name of PER_RESPONSE_HEADERS) delete copy[name];
    // A 304 may carry a length only if it is the full answer's.
    if (status === 304) delete copy['content-length'];
    kept.etag = etag;
    kept.sent.set(variant, { status, head: copy, bytes });
    if (bytes) store.grow('answer', key, bytes.length);
    if (request.method === 'POST') keptPostRoutes.add(request.routeOptions.url ?? '');
  };

  /** Watches what the chain writes for this request, to keep it when it is a kept answer. */
  const watch = (request: FastifyRequest, reply: FastifyReply) => {
    const raw = reply.raw;
    if (Object.hasOwn(raw, 'writeHead')) return;
    const writeHead = raw.writeHead;
    const end = raw.end;
    let status = 0;
    let head: OutgoingHttpHeaders | undefined;
    raw.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      status = args[0] as number;
      const headers = args[args.length - 1];
      if (args.length > 1 && headers && typeof headers === 'object' && !Array.isArray(headers)) {
        head = { ...this.getHeaders(), ...(headers as OutgoingHttpHeaders) };
      }
      return writeHead.apply(this, args as Parameters<typeof writeHead>);
    } as typeof writeHead;
    raw.end = function (this: ServerResponse, ...args: unknown[]) {
      if (head && (status === 200 || status === 304)) remember(request, status, head, args[0]);
      return end.apply(this, args as Parameters<typeof end>);
    } as typeof end;
  };

  /** Answers from the kept copy if there is one for the current version, or hands on to the chain. */
  const answerKept = (request: FastifyRequest, reply: FastifyReply, done: () => void, key: string) => {
    const pass = () => {
      watch(request, reply);
      done();
    };
    if (!store.has('answer', key)) return pass();
    const version = siteVersion.fresh();
    if (version !== null) {
      if (!serve(request, reply, key, version)) pass();
      return;
    }
    siteVersion.current().then(
      (current) => {
        if (!serve(request, reply, key, current)) pass();
      },
      // The chain reads the version again, and answers the failure in the envelope.
      () => pass(),
    );
  };

  app.addHook('onRequest', (request, reply, done) => {
    const { method } = request;
    if ((method !== 'GET' && method !== 'POST') || !plainVisitor(request)) return done();
    if (method === 'GET') return answerKept(request, reply, done, publicAnswerKey(method, request.url, undefined));
    const length = keptPostRoutes.has(request.routeOptions.url ?? '') ? earlyBodyLength(request) : null;
    if (length === null) return done();
    readBody(request, (read) => {
      earlyBodies.set(request, read);
      let body: unknown;
      try {
        if (read instanceof Error) throw read;
        body = JSON.parse(read.toString('utf8'));
      } catch {
        // The chain's parser refuses it in its own words.
        return done();
      }
      triedEarly.add(request);
      answerKept(request, reply, done, publicAnswerKey(method, request.url, body));
    });
  });
  // The chain parses a body read above from its bytes, as if it came from the connection.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const read = earlyBodies.get(request);
    if (read === undefined) return done(null, payload);
    earlyBodies.delete(request);
    // Made when the parser first reads, so an error cannot come before the parser listens for it.
    const stream = new Readable({
      read() {
        if (read instanceof Error) return this.destroy(read);
        this.push(read);
        this.push(null);
      },
    });
    done(null, stream);
  });
  app.addHook('preValidation', (request, reply, done) => {
    // A POST whose body was read before the chain has been looked up there already.
    if (request.method !== 'POST' || triedEarly.has(request) || !plainVisitor(request)) return done();
    answerKept(request, reply, done, publicAnswerKey('POST', request.url, request.body));
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.consoleUser) answers.invalidate();
    done(null, payload);
  });
  return answers;
};
