import axios, {
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
  isCancel,
} from 'axios';
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

/** What the interceptors need to know of the contract call a request makes. */
export type CallDescriptor = Pick<CallDefinition, 'method' | 'path' | 'host' | 'access' | 'xsrf' | 'bodyKind'>;

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The contract call this request makes; a request without one (the console's REST provider) is a plain one. */
    call?: CallDescriptor;
  }
}

/** What every call resolves to: never a rejection. */
export type CallResult<T> =
  | { ok: true; status: 200; data: T; headers: Readonly<Record<string, string>> }
  | { ok: false; status: number; message: string; network: boolean };

/** A failed contract call, as the portal's error modal hears of it. */
export interface BusinessFailure {
  status: number;
  message: string;
  path: string;
  access: CallAccess;
}

export interface HttpClientOptions {
  /** The hosts calls go to: '' means the server that served the page. */
  hosts?: Partial<Record<CallHost, string>>;
  /** The portal cleans parameters (drops empty values, strips whitespace); the console sends what editors typed. */
  cleanParameters?: boolean;
  /** Marks requests as coming from the console (closed images become visible to a console session). */
  console?: boolean;
  /** The card holder's token, sent as `Authorization` on card-holder calls. */
  getToken?: () => string | null | undefined;
  /** Called for every contract call that fails: a body whose status is not 200 (whatever the HTTP status), or no answer. */
  onBusinessError?: (failure: BusinessFailure) => void;
  /** How requests are sent: axios's own (XMLHttpRequest in a browser); the server renders pages through `inject`. */
  adapter?: AxiosAdapter;
}

export type { AxiosAdapter as HttpAdapter, AxiosInstance as HttpInstance } from 'axios';

export const NETWORK_ERROR_MESSAGE = '网络连接失败，请检查网络后重试';
export const ABORTED_MESSAGE = '请求已取消';

/** Why a request came back without data: the answer's status and Chinese message, or no answer at all (`network`). */
export class HttpFailure extends Error {
  readonly status: number;
  readonly network: boolean;
  constructor(message: string, status: number, network: boolean) {
    super(message);
    this.name = 'HttpFailure';
    this.status = status;
    this.network = network;
  }
}

/**
 * What one call takes, typed from its definition: a call without a query, body or path schema accepts none.
 * A call whose body has no schema takes a FormData (a multipart upload) or raw bytes (a `bytes` call's piece
 * of a file, sent as application/octet-stream).
 */
export interface CallInput<C extends CallDefinition = CallDefinition> {
  query?: CallQuery<C>;
  body?: [CallBody<C>] extends [never] ? FormData | Blob | ArrayBuffer : CallBody<C>;
  params?: CallParams<C>;
  onUploadProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** What a download takes: a `bytes` call's query and path, and how far the bytes have come (percent). */
export interface DownloadInput<C extends CallDefinition = CallDefinition> {
  query?: CallQuery<C>;
  params?: CallParams<C>;
  onDownloadProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export interface HttpClient {
  call<C extends CallDefinition>(definition: C, input?: CallInput<C>): Promise<CallResult<CallResponse<C>>>;
  /** A `bytes` call's file as a Blob; a refusal is the envelope's Chinese message, as with `call`. */
  download<C extends CallDefinition>(definition: C, input?: DownloadInput<C>): Promise<CallResult<Blob>>;
}

/** A query string of the values that are set; an object (a console filter) travels as JSON. */
const queryString = (query: Record<string, unknown>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return search.toString();
};

/**
 * Whether a request carries the anti-forgery header: every state-changing method, and the GETs the contract
 * marks. `false` rules it out; `undefined` leaves axios to send it to the page's own origin only (a relative
 * url always is), so the token never reaches an account-centre or sign-on host elsewhere. Axios reads the
 * cookie only in a browser: the server's requests carry none.
 */
const withXSRFToken = (config: InternalAxiosRequestConfig): false | undefined =>
  config.method?.toUpperCase() !== 'GET' || config.call?.xsrf === true ? undefined : false;

/** The url a request goes to, host and query included, as axios builds it: for an adapter of our own. */
export const requestUrl = (config: InternalAxiosRequestConfig): string => axios.getUri(config);

const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' && body !== null && typeof (body as Envelope).status === 'number';

/** The envelope a refused download carries in its body, or null when the body is not one. */
const envelopeOfBlob = async (body: unknown): Promise<Envelope | null> => {
  try {
    const text = typeof body === 'string' ? body : await (body as Blob).text();
    const parsed: unknown = JSON.parse(text);
    return isEnvelope(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

/** The response headers (a list's `Content-Range` among them) by lower-case name. */
export const headersOf = (response: AxiosResponse): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers ?? {})) {
    if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
  }
  return headers;
};

/**
 * The one axios instance of an app: the main host as `baseURL`, cookies on every request, the anti-forgery
 * header as above, parameters cleaned when asked, and our `{status, message, data}` envelope checked on every
 * answer. A successful answer's `data` is the envelope's `data`; anything else rejects with an HttpFailure
 * carrying the Chinese message (the contract's failures are also told to `onBusinessError`).
 */
export const createHttpInstance = (options: HttpClientOptions = {}): AxiosInstance => {
  const instance = axios.create({
    baseURL: options.hosts?.main ?? '',
    withCredentials: true,
    xsrfCookieName: XSRF_COOKIE,
    xsrfHeaderName: HEADERS.xsrf,
    withXSRFToken,
    headers: options.console ? { [HEADERS.console]: '1' } : {},
    paramsSerializer: { serialize: queryString },
    // Business errors are read from the body whatever the HTTP status.
    validateStatus: () => true,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  instance.interceptors.request.use((config) => {
    // A call to the account-centre or single-sign-on host goes there when one is configured; the others go to
    // the main host, '' by default, so one build serves any deployment.
    const host = config.call && config.call.host !== 'main' ? options.hosts?.[config.call.host] : undefined;
    if (host) config.baseURL = host;
    if (options.cleanParameters) {
      if (config.params) config.params = cleanParams(config.params);
      if (config.data !== undefined) config.data = cleanBody(config.data);
    }
    if (config.call?.access === 'cardHolder') {
      const token = options.getToken?.();
      if (token) config.headers.set(HEADERS.authorization, token);
    }
    return config;
  });

  const fail = (config: InternalAxiosRequestConfig | undefined, status: number, message: string, network: boolean) => {
    const call = config?.call;
    if (call) options.onBusinessError?.({ status, message, path: call.path, access: call.access });
    return new HttpFailure(message, status, network);
  };

  instance.interceptors.response.use(
    async (response) => {
      if (response.config.responseType === 'blob') {
        // A download: the file itself when it succeeded; a refusal still comes as the JSON envelope.
        if (response.status === 200 || response.status === 206) return response;
        const envelope = await envelopeOfBlob(response.data);
        throw fail(
          response.config,
          envelope?.status ?? response.status,
          envelope?.message || `下载失败（${response.status}）`,
          false,
        );
      }
      const envelope: unknown = response.data;
      if (!isEnvelope(envelope)) {
        const status = response.status >= 400 ? response.status : 500;
        throw fail(response.config, status, `服务器返回了无法识别的内容（${response.status}）`, false);
      }
      if (envelope.status !== 200) {
        throw fail(response.config, envelope.status, envelope.message || '请求未成功', false);
      }
      response.data = envelope.data;
      return response;
    },
    (error: unknown) => {
      // No answer: the network failed or the caller gave up. Either way a Chinese message, never axios's own.
      const config = (error as { config?: InternalAxiosRequestConfig } | null)?.config;
      throw fail(config, 0, isCancel(error) ? ABORTED_MESSAGE : NETWORK_ERROR_MESSAGE, true);
    },
  );

  return instance;
};

const failedResult = (error: unknown): CallResult<never> =>
  error instanceof HttpFailure
    ? { ok: false, status: error.status, message: error.message, network: error.network }
    : { ok: false, status: 0, message: NETWORK_ERROR_MESSAGE, network: true };

/** The typed contract calls over an instance from `createHttpInstance`. */
export const httpClientOver = (instance: AxiosInstance): HttpClient => ({
  async download(definition, input = {}) {
    const path = buildPath(definition.path, input.params as Record<string, string | number> | undefined);
    const { onDownloadProgress } = input;
    try {
      const response = await instance.request<Blob>({
        method: definition.method,
        url: path,
        call: definition,
        params: input.query,
        signal: input.signal,
        responseType: 'blob',
        onDownloadProgress: onDownloadProgress
          ? (event) => {
              if (event.total) onDownloadProgress(Math.round((event.loaded / event.total) * 100));
            }
          : undefined,
      });
      return { ok: true, status: 200, data: response.data, headers: headersOf(response) };
    } catch (error) {
      return failedResult(error);
    }
  },
  async call(definition, input = {}) {
    const path = buildPath(definition.path, input.params as Record<string, string | number> | undefined);
    const rawBody = input.body as Record<string, unknown> | FormData | Blob | ArrayBuffer | undefined;
    let data: unknown;
    let contentType: string | undefined;
    if (definition.bodyKind === 'bytes') {
      data = rawBody;
      contentType = 'application/octet-stream';
    } else if (rawBody instanceof FormData) data = rawBody;
    else if (definition.bodyKind === 'form' && rawBody) {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(rawBody)) {
        if (value !== undefined && value !== null) form.append(key, String(value));
      }
      data = form;
    } else if (definition.bodyKind === 'json') data = rawBody ?? {};
    const { onUploadProgress } = input;
    try {
      const response = await instance.request({
        method: definition.method,
        url: path,
        call: definition,
        params: input.query,
        data,
        ...(contentType ? { headers: { 'Content-Type': contentType } } : {}),
        signal: input.signal,
        onUploadProgress: onUploadProgress
          ? (event) => {
              if (event.total) onUploadProgress(Math.round((event.loaded / event.total) * 100));
            }
          : undefined,
      });
      return { ok: true, status: 200, data: response.data as never, headers: headersOf(response) };
    } catch (error) {
      if (error instanceof HttpFailure) {
        return { ok: false, status: error.status, message: error.message, network: error.network };
      }
      return { ok: false, status: 0, message: NETWORK_ERROR_MESSAGE, network: true };
    }
  },
});

/** An app's contract calls, on an instance of its own. */
export const createHttpClient = (options: HttpClientOptions = {}): HttpClient =>
  httpClientOver(createHttpInstance(options));
