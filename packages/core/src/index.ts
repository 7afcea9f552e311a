import { z } from 'zod';

// Every refusal a user can read is Chinese, including zod's own type messages.
z.config(z.locales.zhCN());

export * from './constants';
export * from './content';
export * from './contract';
export * from './http';
export * from './menu';
export * from './runtimeConfig';
export * from './session';
