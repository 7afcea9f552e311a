export * from './captcha';
export * from './fixtures';
export * from './handlers';
