import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../http/apiError';

const FASTIFY_CODES: Record<string, { status: 400 | 413 | 429; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: '请求内容不是有效的 JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: '请求内容为空，应为 JSON' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, message: '不支持的请求格式（Content-Type）' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: '请求长度与内容不符' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: '请求内容过大' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: '文件过大' },
  FST_PARTS_LIMIT: { status: 413, message: '上传的内容项过多' },
  FST_FILES_LIMIT: { status: 413, message: '一次只能上传一个文件' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, message: '上传应使用 multipart/form-data' },
  FST_ERR_BAD_URL: { status: 400, message: '请求地址有误' },
};

/** Every failure leaves as the envelope `{status, message}` with the HTTP status equal to `status`. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).send({ status: error.status, message: error.message });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.code(known.status).send({ status: known.status, message: known.message });
    if (error.statusCode === 429) {
      return reply.code(429).send({ status: 429, message: '操作过于频繁，请稍后再试' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code: error.code }, 'client error');
      return reply.code(400).send({ status: 400, message: '请求有误' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ status: 500, message: '服务器开小差了，请稍后再试' });
  });
};
