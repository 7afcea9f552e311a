import { DEFAULT_RUNTIME_CONFIG, RUNTIME_CONFIG_ELEMENT_ID, readJsonScriptElement } from '@lianmeng/core';
import { createHttpInstance, type HttpClient, type HttpInstance, httpClientOver } from '@lianmeng/core/http';

/**
 * The console's one axios instance, to the hosts the server wrote into the page. Every request says it comes
 * from the console (closed images are then listed); the anti-forgery header goes on every state-changing call.
 * The contract's calls and the REST resources' data provider both send through it.
 */
export const consoleAxios: HttpInstance = createHttpInstance({
  console: true,
  hosts: {
    ...DEFAULT_RUNTIME_CONFIG.hosts,
    ...(typeof document === 'undefined'
      ? {}
      : readJsonScriptElement(document, RUNTIME_CONFIG_ELEMENT_ID, DEFAULT_RUNTIME_CONFIG).hosts),
  },
});

/** The contract's typed calls on the console's instance. */
export const consoleHttp: HttpClient = httpClientOver(consoleAxios);
