import { lazyHttpClient } from '@lianmeng/core/http/lazy';

/**
 * The console's http client for the sign-in page: the same client (core's axios instance), but its script is
 * fetched on the first call, so a visitor who only sees the sign-in form does not download axios.
 */
export const lazyConsoleHttp = lazyHttpClient(() => import('./http').then((module) => module.consoleHttp), {
  notLoadedMessage: '管理台脚本加载失败，请检查网络后刷新页面重试',
});
