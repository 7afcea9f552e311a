import { type HttpAdapter, requestUrl } from '@lianmeng/core/http';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * The origin the portal renders under on the server: loaders only read and send the path and query of an
 * address, so the visitor's Host header never reaches them.
 */
export const INTERNAL_ORIGIN = 'http://portal.internal';

/**
 * The answer headers a loader may read (a list's range, what a body is). The rest stay here: the answer lands
 * in the page's hydration data, and a page kept for every visitor must not carry the moment it was rendered
 * (`date`) or an anti-forgery cookie minted for this in-process call (`set-cookie`).
 */
const PASSED_HEADERS = new Set(['content-type', 'content-range', 'content-disposition']);

/**
 * An axios adapter that answers the portal's calls from this very server through `inject`: no network hop,
 * yet the same routes, validation and envelopes a browser gets. Only the headers the client itself set travel
 * (axios on the server adds no cookie, no anti-forgery token): the pages rendered here are the pages anyone
 * would see.
 */
export const injectAdapter =
  (app: FastifyInstance): HttpAdapter =>
  async (config) => {
    const target = new URL(requestUrl(config), INTERNAL_ORIGIN);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(config.headers.toJSON(true))) {
      if (typeof value === 'string') headers[name] = value;
    }
    const body: unknown = config.data;
    const answer = await app.inject({
      method: (config.method ?? 'get').toUpperCase() as InjectOptions['method'],
      url: `${target.pathname}${target.search}`,
      headers,
      ...(typeof body === 'string' ? { payload: body } : {}),
    });
    const answerHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && PASSED_HEADERS.has(name.toLowerCase())) {
        answerHeaders[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
    }
    const response = {
      // axios parses the JSON text, as it would a browser's answer.
      data: answer.payload,
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: answerHeaders,
      config,
      request: null,
    };
    if (config.validateStatus && !config.validateStatus(answer.statusCode)) {
      throw Object.assign(new Error(`Request failed with status code ${answer.statusCode}`), { config, response });
    }
    return response;
  };
