// Types only from the client: an app imports this without axios, which `load` brings with the first call.
import type { BusinessFailure, HttpClient } from './client';

/** Said when the script with the http client cannot be loaded (the network dropped, or a new build replaced it). */
export const CLIENT_NOT_LOADED_MESSAGE = '页面脚本加载失败，请检查网络后刷新页面重试';

export interface LazyHttpClientOptions {
  /** What a call says when the client's script does not load. */
  notLoadedMessage?: string;
  /** Told of a call that failed because the script did not load, as the loaded client tells of its failures. */
  onBusinessError?: (failure: BusinessFailure) => void;
}

/**
 * A client whose script (axios and the interceptors) is fetched by its first call and kept, so a page that
 * calls nothing does not download it. A failed load is tried again by the next call. Like every client it
 * resolves, never rejects: a script that does not load is a failed call without an answer.
 */
export const lazyHttpClient = (load: () => Promise<HttpClient>, options: LazyHttpClientOptions = {}): HttpClient => {
  const message = options.notLoadedMessage ?? CLIENT_NOT_LOADED_MESSAGE;
  let loading: Promise<HttpClient> | undefined;
  return {
    async call(definition, input) {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      let client: HttpClient;
      try {
        client = await loading;
      } catch {
        options.onBusinessError?.({ status: 0, message, path: definition.path, access: definition.access });
        return { ok: false, status: 0, message, network: true };
      }
      return client.call(definition, input);
    },
  };
};
