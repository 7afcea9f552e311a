import type { ApiStatus } from '@lianmeng/core';

/** A refusal with a Chinese message; the HTTP status always equals the body's status. */
export class ApiError extends Error {
  constructor(
    readonly status: Exclude<ApiStatus, 200>,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = '请先登录') => new ApiError(401, message);
export const forbidden = (message = '您没有权限执行此操作') => new ApiError(403, message);
export const notFound = (message = '要找的内容不存在') => new ApiError(404, message);
