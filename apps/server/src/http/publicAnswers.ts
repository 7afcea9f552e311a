import type { OutgoingHttpHeaders } from 'node:http';
import { CONSOLE_SESSION_COOKIE, HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteVersion } from '../db/siteVersion';
import { storedNowhere } from './cachePolicy';
import {
  COMPRESSION_THRESHOLD_BYTES,
  compressBody,
  etagMatches,
  keptAnswerRules,
  requestedCoding,
  tagOf,
} from './compression';
import { createKeptStore, KEPT_MAX_BYTES, KEPT_MAX_ENTRIES, type KeptStore } from './keptStore';

/** Kept answers, oldest dropped first: endless keywords or page numbers cannot grow a process past this. */
export const PUBLIC_ANSWERS_MAX_ENTRIES = KEPT_MAX_ENTRIES;
export const PUBLIC_ANSWERS_MAX_BYTES = KEPT_MAX_BYTES;

const JSON_TYPE = 'application/json; charset=utf-8';

type Coding = 'br' | 'gzip' | 'identity';

/** One kept answer, with what sending it without the answer chain needs, each worked out once. */
interface KeptAnswer {
  body: string;
  /** Its UTF-8 length. */
  length: number;
  etag: string | null;
  /** The answer in UTF-8 (`identity`) and in each coding asked for, each made once. */
  coded: { identity?: Buffer; br?: Buffer; gzip?: Buffer };
  /** The complete response headers, by status and coding. */
  heads: Map<string, OutgoingHttpHeaders>;
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

/** The key of a public read's answer: its URL (path and query) and its body. */
export const publicAnswerKey = (url: string, body: unknown) =>
  `${url}\u0000${body === undefined ? '' : JSON.stringify(body)}`;

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
      const length = Buffer.byteLength(body);
      store.set<KeptAnswer>('answer', key, {
        version: at,
        expiresAt,
        bytes: length,
        value: { body, length, etag: null, coded: {}, heads: new Map() },
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
 * Sends kept public answers exactly as the answer chain would (the same bytes, codings, validators, 304s
 * and headers) without running it: the cookie parser, the hooks that add headers one by one, the
 * validator's hash and the compressor's negotiation cost more than the answer itself.
 */
const createFastPath = (answers: PublicAnswers, securityHeaders: OutgoingHttpHeaders) => {
  const rulesByRoute = new Map<string, ReturnType<typeof keptAnswerRules>>();
  const rulesOf = (method: string, route: string) => {
    const name = `${method} ${route}`;
    let rules = rulesByRoute.get(name);
    if (!rules) {
      rules = keptAnswerRules(method, route);
      rulesByRoute.set(name, rules);
    }
    return rules;
  };

  /** Sends the answer kept under `key` for `version`; false when the chain has to answer. */
  return (request: FastifyRequest, reply: FastifyReply, key: string, version: number) => {
    // The key is the URL and body alone: a method no route answers (a POST with no body to a kept GET's
    // URL) is the not-found handler's.
    if (request.is404) return false;
    const entry = answers.store.get<KeptAnswer>('answer', key, version);
    if (!entry) return false;
    const requested = requestedCoding(request.headers);
    if (requested === null) return false;
    const kept = entry.value;
    const rules = rulesOf(request.method, request.routeOptions.url ?? '');
    if (rules.validated) kept.etag ??= tagOf(kept.body);
    const notModified = kept.etag !== null && etagMatches(request.headers['if-none-match'], kept.etag);
    const coding: Coding =
      requested !== 'identity' && rules.compressible && kept.length >= COMPRESSION_THRESHOLD_BYTES
        ? requested
        : 'identity';
    let bytes: Buffer | undefined;
    if (!notModified) {
      bytes = kept.coded[coding];
      if (!bytes) {
        // Encoding a long Chinese answer to UTF-8 on every request costs more than keeping its bytes.
        bytes = coding === 'identity' ? Buffer.from(kept.body) : compressBody(Buffer.from(kept.body), coding);
        kept.coded[coding] = bytes;
        answers.store.grow('answer', key, bytes.length);
      }
    }
    const coded = coding === 'identity' ? undefined : bytes;

    const variant = notModified ? '304' : coding;
    let head = kept.heads.get(variant);
    if (!head) {
      head = { ...securityHeaders };
      if (!notModified) head['content-type'] = JSON_TYPE;
      if (kept.etag !== null) head.etag = kept.etag;
      const cacheControl = rules.cacheControl ?? (storedNowhere(request.url) ? 'no-store' : null);
      if (cacheControl) head['cache-control'] = cacheControl;
      if (coded) {
        head.vary = 'Accept-Encoding';
        head['content-encoding'] = coding;
      }
      if (!notModified) head['content-length'] = coded ? coded.length : kept.length;
      kept.heads.set(variant, head);
    }
    reply.hijack();
    reply.raw.writeHead(notModified ? 304 : 200, head);
    if (bytes) reply.raw.end(bytes);
    else reply.raw.end();
    return true;
  };
};

/**
 * Decorates the server with the kept public answers, and answers repeated public reads from them as early
 * as it can: a GET before anything else runs (right after the closing refusal and load shedding, which
 * must be registered first), a POST as soon as its body is read. Every write to public content needs a
 * console session (and some console writes are GETs), so once any request with a console session is
 * answered (its transaction has committed by then) this process reads the version again before serving a
 * kept answer: the editor sees the change at once.
 */
export const registerPublicAnswers = (
  app: FastifyInstance,
  siteVersion: SiteVersion,
  now: () => number,
  securityHeaders: OutgoingHttpHeaders,
) => {
  const answers = createPublicAnswers(siteVersion, now);
  app.decorate('publicAnswers', answers);
  const serve = createFastPath(answers, securityHeaders);
  /** Answers from the kept copy if there is one for the current version, or hands on to the chain. */
  const answerKept = (request: FastifyRequest, reply: FastifyReply, done: () => void, key: string) => {
    if (!answers.store.has('answer', key)) return done();
    const version = siteVersion.fresh();
    if (version !== null) {
      if (!serve(request, reply, key, version)) done();
      return;
    }
    siteVersion.current().then(
      (current) => {
        if (!serve(request, reply, key, current)) done();
      },
      // The chain reads the version again, and answers the failure in the envelope.
      () => done(),
    );
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || !plainVisitor(request)) return done();
    answerKept(request, reply, done, publicAnswerKey(request.url, undefined));
  });
  app.addHook('preValidation', (request, reply, done) => {
    if (request.method !== 'POST' || !plainVisitor(request)) return done();
    answerKept(request, reply, done, publicAnswerKey(request.url, request.body));
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.consoleUser) answers.invalidate();
    done(null, payload);
  });
  return answers;
};
