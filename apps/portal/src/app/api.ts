import { createHttpClient } from '@lianmeng/core/http';
import { createSessionStore } from '@lianmeng/core/session';
import { errorBus } from './errorBus';

/** The card holder's session, in localStorage under PRODUCT.md's seven keys. */
export const session = createSessionStore(window.localStorage);

/** The portal's one http client: parameters cleaned, failures to the error modal, token on card-holder calls. */
export const http = createHttpClient({
  cleanParameters: true,
  getToken: () => session.token(),
  onBusinessError: (failure) => errorBus.emit(failure),
});
