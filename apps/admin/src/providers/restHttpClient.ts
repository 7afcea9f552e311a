import { HttpFailure, type HttpInstance, headersOf } from '@lianmeng/core/http';
import type { fetchUtils } from 'react-admin';
import { refusal } from './serverErrors';

/**
 * ra-data-simple-rest asks for several records by `filter={"id":[…]}` alone; the server pages every list (ten
 * rows when no range is given), so such a request asks for as many rows as it names ids.
 */
const withRangeForIds = (url: string) => {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const search = new URLSearchParams(url.slice(at + 1));
  if (search.has('range')) return url;
  let ids: unknown;
  try {
    ids = (JSON.parse(search.get('filter') ?? '{}') as { id?: unknown }).id;
  } catch {
    return url;
  }
  if (!Array.isArray(ids) || ids.length === 0) return url;
  search.set('range', JSON.stringify([0, ids.length - 1]));
  return `${url.slice(0, at)}?${search}`;
};

/**
 * ra-data-simple-rest's `httpClient`, sent through the console's axios instance: the same anti-forgery header,
 * the same envelope (its `data` is what simple-rest reads as the body) and the same failures, thrown as
 * react-admin's HttpError with the server's Chinese message.
 */
export const restHttpClient =
  (instance: HttpInstance) =>
  async (
    url: string,
    options: fetchUtils.Options = {},
  ): Promise<{ status: number; headers: Headers; body: string; json: unknown }> => {
    const headers: Record<string, string> = {};
    new Headers(options.headers as HeadersInit | undefined).forEach((value, name) => {
      headers[name] = value;
    });
    // simple-rest sends its bodies as JSON text.
    if (typeof options.body === 'string') headers['content-type'] = 'application/json';
    try {
      const response = await instance.request({
        url: withRangeForIds(url),
        method: options.method ?? 'GET',
        headers,
        data: options.body,
        signal: options.signal ?? undefined,
      });
      return {
        status: response.status,
        headers: new Headers(headersOf(response)),
        body: JSON.stringify(response.data ?? null),
        json: response.data,
      };
    } catch (error) {
      if (error instanceof HttpFailure) throw refusal(error.message, error.status);
      throw error;
    }
  };
