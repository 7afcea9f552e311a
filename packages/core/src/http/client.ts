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
  /** How requests are sent: the global `fetch` by default; the server renders pages through `inject`. */
  fetch?: FetchLike;
}

/** The part of `fetch` the client uses. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

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
  call<C extends CallDefinition>(definition: C, input?: CallInput<C>): Promise<CallResult<CallResponse<C>>>;
}

const messageOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && typeof (body as Envelope).message === 'string'
    ? (body as Envelope).message
    : undefined;

/** A query string of the values that are set; an object (a console filter) travels as JSON. */
const queryString = (query: Record<string, unknown> | undefined) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** A response's headers (a list's `Content-Range` among them), by lower-case name. */
const headersOf = (response: Response): Record<string, string> => Object.fromEntries(response.headers.entries());

/**
 * An upload with progress: `fetch` reports none for a request body, so this one request goes through
 * XMLHttpRequest, answered as a `Response` like the others.
 */
const sendWithProgress = (url: string, init: RequestInit, onProgress: (percent: number) => void) =>
  new Promise<Response>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(init.method ?? 'GET', url);
    request.withCredentials = true;
    for (const [name, value] of new Headers(init.headers).entries()) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const headers = new Headers();
      for (const line of request
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(request.responseText, { status: request.status, headers }));
    };
    request.onerror = () => reject(new TypeError('network'));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => request.abort());
    request.send(init.body as XMLHttpRequestBodyInit | null);
  });

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
};

export const createHttpClient = (options: HttpClientOptions = {}): HttpClient => {
  const cookies = options.cookies ?? browserCookies;
  const send = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));

  const call: HttpClient['call'] = async (definition, input = {}) => {
    const path = buildPath(definition.path, input.params as Record<string, string | number> | undefined);
    // A call to the account-centre or single-sign-on host goes there when one is configured; main-site calls
    // are relative, prefixed with the main host, so one build serves any deployment.
    const ownHost = definition.host === 'main' ? '' : (options.hosts?.[definition.host] ?? '');
    const clean = options.cleanParameters === true;
    const rawQuery = input.query as Record<string, unknown> | undefined;
    const url = `${ownHost || (options.hosts?.main ?? '')}${path}${queryString(rawQuery && clean ? cleanParams(rawQuery) : rawQuery)}`;
    const rawBody = input.body as Record<string, unknown> | FormData | undefined;
    const headers: Record<string, string> = {};
    if (options.console) headers[HEADERS.console] = '1';
    // The anti-forgery header goes on every call the contract marks, and on any other state-changing method;
    // only ever to this site (a relative url), so the token never reaches another origin.
    if (!ABSOLUTE.test(ownHost + path) && (definition.xsrf || definition.method !== 'GET')) {
      const token = readCookie(cookies(), XSRF_COOKIE);
      if (token) headers[HEADERS.xsrf] = token;
    }
    let body: BodyInit | undefined;
    if (rawBody instanceof FormData) {
      body = rawBody;
    } else if (definition.bodyKind === 'form' && rawBody) {
      const source = clean ? cleanParams(rawBody) : rawBody;
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(source)) {
        if (value !== undefined && value !== null) form.append(key, String(value));
      }
      body = form.toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else if (definition.bodyKind === 'json') {
      body = JSON.stringify(clean ? cleanBody(rawBody ?? {}) : (rawBody ?? {}));
      headers['Content-Type'] = 'application/json';
    }
    if (definition.access === 'cardHolder') {
      const token = options.getToken?.();
      if (token) headers[HEADERS.authorization] = token;
    }
    const fail = (status: number, message: string, network: boolean) => {
      options.onBusinessError?.({ status, message, path: definition.path, access: definition.access });
      return { ok: false as const, status, message, network };
    };
    const init: RequestInit = {
      method: definition.method,
      headers,
      body,
      credentials: 'include',
      signal: input.signal,
    };
    try {
      const response =
        input.onUploadProgress && typeof XMLHttpRequest !== 'undefined'
          ? await sendWithProgress(url, init, input.onUploadProgress)
          : await send(url, init);
      const envelope = (await readJson(response)) as Envelope | undefined;
      // Business errors are read from the body, whatever the HTTP status.
      if (typeof envelope !== 'object' || envelope === null || typeof envelope.status !== 'number') {
        return fail(
          response.status >= 400 ? response.status : 500,
          `服务器返回了无法识别的内容（${response.status}）`,
          false,
        );
      }
      if (envelope.status !== 200) return fail(envelope.status, messageOf(envelope) ?? '请求未成功', false);
      return {
        ok: true,
        status: 200,
        data: envelope.data as never,
        message: envelope.message,
        headers: headersOf(response),
      };
    } catch (error) {
      // A network failure becomes a value carrying its Chinese message: callers never handle a rejection.
      const aborted = error instanceof Error && error.name === 'AbortError';
      return fail(0, aborted ? '请求已取消' : NETWORK_ERROR_MESSAGE, true);
    }
  };

  return { call };
};
