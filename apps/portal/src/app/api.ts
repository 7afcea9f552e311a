import type { HttpClient, HttpClientOptions } from '@lianmeng/core/http';
import { lazyHttpClient } from '@lianmeng/core/http/lazy';
import { createSessionStore } from '@lianmeng/core/session';
import { errorBus } from './errorBus';
import { runtimeConfig } from './runtimeConfig';

/** Storage that holds nothing: the server renders every page as a visitor who is not logged in. */
const emptyStorage: Storage = {
  length: 0,
  clear: () => undefined,
  getItem: () => null,
  key: () => null,
  removeItem: () => undefined,
  setItem: () => undefined,
};

/** The card holder's session, in localStorage under its seven keys (docs/product-rules.md, "Card holders"). */
export const session = createSessionStore(typeof window === 'undefined' ? emptyStorage : window.localStorage);

/**
 * A client whose axios stack is loaded with the first call. A first visit renders from the data the server
 * wrote into the page and calls nothing, so the client would only add to the script every first visit loads;
 * the first log-in, search or client-side navigation loads it once.
 */
const clientOnFirstCall = (options: HttpClientOptions): HttpClient =>
  lazyHttpClient(() => import('@lianmeng/core/http').then(({ createHttpClient }) => createHttpClient(options)), {
    onBusinessError: options.onBusinessError,
  });

/**
 * The portal's one http client in the browser: parameters cleaned, failures to the error modal, token on
 * card-holder calls, hosts from the configuration the server wrote into the page.
 */
export const http = clientOnFirstCall({
  hosts: runtimeConfig().hosts,
  cleanParameters: true,
  getToken: () => session.token(),
  onBusinessError: (failure) => errorBus.emit(failure),
});

/** The same client without the error modal, for checks whose failure the visitor need not hear about. */
export const quietHttp = clientOnFirstCall({
  hosts: runtimeConfig().hosts,
  cleanParameters: true,
  getToken: () => session.token(),
});
