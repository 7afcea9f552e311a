import { type Envelope, HEADERS, readCookie, XSRF_COOKIE } from '@lianmeng/core';
import { fetchUtils, HttpError } from 'react-admin';
import { refusal } from './serverErrors';

type Options = fetchUtils.Options;

/**
 * ra-data-simple-rest's httpClient for /lianmeng/api: adds the console and anti-forgery headers, and
 * unwraps our envelope so react-admin sees `data`. A refusal becomes an HttpError carrying the server's
 * Chinese message (fetchJson already uses the body's `message`).
 */
export const restHttpClient = async (url: string, options: Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  headers.set(HEADERS.console, '1');
  const token = readCookie(typeof document === 'undefined' ? '' : document.cookie, XSRF_COOKIE);
  if (token) headers.set(HEADERS.xsrf, token);
  const response = await fetchUtils
    .fetchJson(url, { ...options, headers, credentials: 'same-origin' })
    .catch((error) => {
      throw error instanceof HttpError ? refusal(error.message, error.status, error.body ?? {}) : error;
    });
  const envelope = response.json as Envelope | undefined;
  if (!envelope || typeof envelope.status !== 'number') {
    throw new HttpError(`服务器返回了无法识别的内容（${response.status}）`, response.status || 500, envelope);
  }
  if (envelope.status !== 200) throw refusal(envelope.message ?? '请求未成功', envelope.status);
  return { ...response, json: envelope.data };
};
