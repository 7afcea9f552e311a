import { createHttpClient } from '@lianmeng/core/http';
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

/** The card holder's session, in localStorage under PRODUCT.md's seven keys. */
export const session = createSessionStore(typeof window === 'undefined' ? emptyStorage : window.localStorage);

/**
 * The portal's one http client in the browser: parameters cleaned, failures to the error modal, token on
 * card-holder calls, hosts from the configuration the server wrote into the page.
 */
export const http = createHttpClient({
  hosts: runtimeConfig().hosts,
  cleanParameters: true,
  getToken: () => session.token(),
  onBusinessError: (failure) => errorBus.emit(failure),
});

/** The same client without the error modal, for checks whose failure the visitor need not hear about. */
export const quietHttp = createHttpClient({
  hosts: runtimeConfig().hosts,
  cleanParameters: true,
  getToken: () => session.token(),
});
