import { createHttpClient, type HttpClient } from '@lianmeng/core';

/**
 * The console's client for the contract's calls: every request says it comes from the console and
 * carries the anti-forgery header, GETs included (imageMsgDel and imageSortClear change state).
 */
export const consoleHttp: HttpClient = createHttpClient({ console: true });
