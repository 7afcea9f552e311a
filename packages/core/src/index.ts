// What every side shares and the server may load: no http client, no browser session, no menu.
// The apps take those from the subpaths (`@lianmeng/core/http`, `/session`, `/menu`, `/crypto`).
export * from './captcha';
export * from './constants';
export * from './content';
export * from './contract';
export * from './proofCode';
export * from './runtimeConfig';
export * from './secondFactor';
