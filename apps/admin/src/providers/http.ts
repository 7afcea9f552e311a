import { DEFAULT_RUNTIME_CONFIG, RUNTIME_CONFIG_ELEMENT_ID, readJsonScriptElement } from '@lianmeng/core';
import { createHttpClient, type HttpClient } from '@lianmeng/core/http';

/**
 * The console's client for the contract's calls, to the hosts the server wrote into the page. Every request
 * says it comes from the console (closed images are then listed); the anti-forgery header goes where the
 * contract asks for it.
 */
export const consoleHttp: HttpClient = createHttpClient({
  console: true,
  hosts: {
    ...DEFAULT_RUNTIME_CONFIG.hosts,
    ...(typeof document === 'undefined'
      ? {}
      : readJsonScriptElement(document, RUNTIME_CONFIG_ELEMENT_ID, DEFAULT_RUNTIME_CONFIG).hosts),
  },
});
