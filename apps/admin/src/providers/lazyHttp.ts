import type { HttpClient } from '@lianmeng/core/http';

/** Said when the script with the http client cannot be loaded (the network dropped, or a new build replaced it). */
const CLIENT_NOT_LOADED_MESSAGE = '管理台脚本加载失败，请检查网络后刷新页面重试';

let loading: Promise<HttpClient> | undefined;

/** The console's http client, loaded by the first call and kept; a failed load is tried again by the next call. */
const consoleHttpOnce = () => {
  loading ??= import('./http').then(
    (module) => module.consoleHttp,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

/**
 * The console's http client for the sign-in page: the same client (core's axios instance), but its script is
 * fetched on the first call, so a visitor who only sees the sign-in form does not download axios. Like every
 * client it resolves, never rejects: a script that does not load is a failed call without an answer.
 */
export const lazyConsoleHttp: HttpClient = {
  async call(definition, input) {
    let http: HttpClient;
    try {
      http = await consoleHttpOnce();
    } catch {
      return { ok: false, status: 0, message: CLIENT_NOT_LOADED_MESSAGE, network: true };
    }
    return http.call(definition, input);
  },
};
