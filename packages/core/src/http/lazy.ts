// Types only from the client: an app imports this without axios, which `load` brings with the first call.
import type { CallDefinition } from '../contract/call';
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
  /** The loaded client, or null (told to onBusinessError) when its script did not load. */
  const loaded = async (definition: CallDefinition) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    try {
      return await loading;
    } catch {
      options.onBusinessError?.({ status: 0, message, path: definition.path, access: definition.access });
      return null;
    }
  };
  const notLoaded = { ok: false, status: 0, message, network: true } as const;
  return {
    async call(definition, input) {
      const client = await loaded(definition);
      return client ? client.call(definition, input) : notLoaded;
    },
    async download(definition, input) {
      const client = await loaded(definition);
      return client ? client.download(definition, input) : notLoaded;
    },
  };
};
