import type { FetchLike } from '@lianmeng/core/http';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** Statuses whose answers carry no body (a `Response` refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` that answers the portal's calls from this very server through `inject`: no network hop, yet the
 * same routes, validation and envelopes a browser gets. Nothing of the visitor's request (cookies, tokens) is
 * passed on: the pages rendered here are the pages anyone would see.
 */
export const injectFetch =
  (app: FastifyInstance): FetchLike =>
  async (url, init) => {
    const target = new URL(url, 'http://portal.internal');
    const body = init.body;
    const response = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url: `${target.pathname}${target.search}`,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(body === undefined || body === null ? {} : { payload: String(body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    return new Response(NO_BODY.has(response.statusCode) ? null : response.rawPayload, {
      status: response.statusCode,
      headers,
    });
  };
