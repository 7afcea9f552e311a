export * from './captcha';
export * from './handlers';
