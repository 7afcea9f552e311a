import {
  DEFAULT_RUNTIME_CONFIG,
  RUNTIME_CONFIG_ELEMENT_ID,
  type RuntimeConfig,
  readJsonScriptElement,
} from '@lianmeng/core';

/** The hosts and origins the server wrote into the page; the defaults (every call relative) elsewhere. */
export const runtimeConfig = (): RuntimeConfig =>
  typeof document === 'undefined'
    ? DEFAULT_RUNTIME_CONFIG
    : readJsonScriptElement(document, RUNTIME_CONFIG_ELEMENT_ID, DEFAULT_RUNTIME_CONFIG);
