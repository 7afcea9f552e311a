import axios, { type AxiosInstance, type AxiosRequestConfig, isAxiosError } from 'axios';
import { HEADERS, XSRF_COOKIE } from '../constants';
import {
  buildPath,
  type CallAccess,
  type CallBody,
  type CallDefinition,
  type CallHost,
  type CallParams,
  type CallQuery,
  type CallResponse,
} from '../contract/call';
import type { Envelope } from '../contract/envelope';
import { cleanBody, cleanParams } from './cleanParams';
import { browserCookies, readCookie } from './cookies';

/** What every call resolves to: never a rejection. */
export type CallResult<T> =
  | { ok: true; status: 200; data: T; message?: string; headers: Readonly<Record<string, string>> }
  | { ok: false; status: number; message: string; network: boolean };

export interface HttpClientOptions {
  /** The hosts calls go to: '' means the server that served the page. */
  hosts?: Partial<Record<CallHost, string>>;
  /** The portal cleans parameters (drops empty values, strips whitespace); the console sends what editors typed. */
  cleanParameters?: boolean;
  /** Marks requests as coming from the console (closed images become visible to a console session). */
  console?: boolean;
  /** The card holder's token, sent as `Authorization` on card-holder calls. */
  getToken?: () => string | null | undefined;
  /** Called for every body whose status is not 200, whatever the HTTP status. */
  onBusinessError?: (failure: { status: number; message: string; path: string; access: CallAccess }) => void;
  /** Cookie source; the browser's by default. */
  cookies?: () => string;
  adapter?: AxiosRequestConfig['adapter'];
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;
export const NETWORK_ERROR_MESSAGE = '网络连接失败，请检查网络后重试';

/**
 * What one call takes, typed from its definition: a call without a query, body or path schema accepts none.
 * A call whose body has no schema (the upload) takes a FormData.
 */
export interface CallInput<C extends CallDefinition = CallDefinition> {
  query?: CallQuery<C>;
  body?: [CallBody<C>] extends [never] ? FormData : CallBody<C>;
  params?: CallParams<C>;
  onUploadProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export interface HttpClient {
  axios: AxiosInstance;
  call<C extends CallDefinition>(definition: C, input?: CallInput<C>): Promise<CallResult<CallResponse<C>>>;
}

const messageOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && typeof (body as Envelope).message === 'string'
    ? (body as Envelope).message
    : undefined;

/** The response headers that carry text (a list's `Content-Range` among them), by lower-case name. */
const textHeaders = (headers: unknown): Record<string, string> => {
  const entries = Object.entries((headers ?? {}) as Record<string, unknown>);
  return Object.fromEntries(
    entries
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([k, v]) => [k.toLowerCase(), v]),
  );
};

export const createHttpClient = (options: HttpClientOptions = {}): HttpClient => {
  const cookies = options.cookies ?? browserCookies;
  const instance = axios.create({
    // Relative urls are prefixed with the main site host, so one build serves any deployment.
    baseURL: options.hosts?.main || undefined,
    withCredentials: true,
    // Business errors are read from the body, whatever the HTTP status.
    validateStatus: () => true,
    adapter: options.adapter,
    // The header is set per call from the contract; axios's own cookie-to-header copy would add it to every
    // same-origin request.
    xsrfCookieName: '',
    withXSRFToken: false,
  });

  if (options.console) {
    instance.interceptors.request.use((config) => {
      config.headers.set(HEADERS.console, '1');
      return config;
    });
  }

  const call: HttpClient['call'] = async (definition, input = {}) => {
    // The main host is axios's baseURL, so a main-site call stays relative and keeps its anti-forgery header;
    // a call to another configured host is absolute and never carries it.
    const host = definition.host === 'main' ? '' : (options.hosts?.[definition.host] ?? '');
    const url = host + buildPath(definition.path, input.params as Record<string, string | number> | undefined);
    const clean = options.cleanParameters === true;
    const rawQuery = input.query as Record<string, unknown> | undefined;
    const query = rawQuery && clean ? cleanParams(rawQuery) : rawQuery;
    const rawBody = input.body as Record<string, unknown> | FormData | undefined;
    let data: unknown = rawBody;
    const headers: Record<string, string> = {};
    // The anti-forgery header goes on every call the contract marks, and on any other state-changing method;
    // only ever to this site (a relative url), so the token never reaches another origin.
    if (!ABSOLUTE.test(url) && (definition.xsrf || definition.method !== 'GET')) {
      const token = readCookie(cookies(), XSRF_COOKIE);
      if (token) headers[HEADERS.xsrf] = token;
    }
    if (definition.bodyKind === 'form' && rawBody && !(rawBody instanceof FormData)) {
      const source = clean ? cleanParams(rawBody) : rawBody;
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(source)) {
        if (value !== undefined && value !== null) form.append(key, String(value));
      }
      data = form;
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else if (definition.bodyKind === 'json') {
      data = clean ? cleanBody(rawBody ?? {}) : (rawBody ?? {});
    }
    if (definition.access === 'cardHolder') {
      const token = options.getToken?.();
      if (token) headers[HEADERS.authorization] = token;
    }
    const fail = (status: number, message: string, network: boolean) => {
      options.onBusinessError?.({ status, message, path: definition.path, access: definition.access });
      return { ok: false as const, status, message, network };
    };
    try {
      const response = await instance.request({
        url,
        method: definition.method,
        params: query,
        data,
        headers,
        signal: input.signal,
        onUploadProgress: input.onUploadProgress
          ? (event) => input.onUploadProgress?.(event.total ? Math.round((event.loaded / event.total) * 100) : 0)
          : undefined,
      });
      const body = response.data as unknown;
      if (typeof body !== 'object' || body === null || typeof (body as Envelope).status !== 'number') {
        return fail(
          response.status >= 400 ? response.status : 500,
          `服务器返回了无法识别的内容（${response.status}）`,
          false,
        );
      }
      const envelope = body as Envelope;
      if (envelope.status !== 200) return fail(envelope.status, messageOf(body) ?? '请求未成功', false);
      return {
        ok: true,
        status: 200,
        data: envelope.data as never,
        message: envelope.message,
        headers: textHeaders(response.headers),
      };
    } catch (error) {
      // A network failure becomes a value carrying its Chinese message: callers never handle a rejection.
      const message = isAxiosError(error) && error.code === 'ERR_CANCELED' ? '请求已取消' : NETWORK_ERROR_MESSAGE;
      return fail(0, message, true);
    }
  };

  return { axios: instance, call };
};
