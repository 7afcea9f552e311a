import axios, { type AxiosAdapter, type AxiosResponse } from 'axios';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * An axios adapter that answers the portal's calls from this very server through `inject`: no network hop,
 * yet the same routes, validation and envelopes a browser gets. Nothing of the visitor's request (cookies,
 * tokens) is passed on: the pages rendered here are the pages anyone would see.
 */
export const injectAdapter =
  (app: FastifyInstance): AxiosAdapter =>
  async (config) => {
    const url = new URL(axios.getUri(config), 'http://portal.internal');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(config.headers?.toJSON() ?? {})) {
      if (typeof value === 'string') headers[name.toLowerCase()] = value;
    }
    const response = await app.inject({
      method: (config.method ?? 'get').toUpperCase() as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers,
      ...(config.data === undefined || config.data === null ? {} : { payload: config.data as string }),
    });
    const answer: AxiosResponse = {
      // axios parses the JSON text after the adapter, as it would a network answer.
      data: response.body,
      status: response.statusCode,
      statusText: response.statusMessage,
      headers: response.headers as AxiosResponse['headers'],
      config,
      request: {},
    };
    return answer;
  };
