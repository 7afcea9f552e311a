import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './apiError';

/**
 * How deeply a JSON body may nest. No call of the API takes more than a few levels; a deeper body is an
 * attack on the parser and on every walk over the value that follows (a 20 KB body of brackets nests ten
 * thousand levels deep), so it is refused before anything parses it.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `text` opens more than `limit` arrays or objects inside each other. One pass over the text,
 * brackets inside strings not counted, so the cost is linear in the body whatever it holds.
 */
export const jsonNestsDeeperThan = (text: string, limit: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
};

/** JSON bodies: refused when nested too deeply, then parsed by Fastify's own parser (prototype poisoning refused). */
export const registerJsonBodyParser = (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest(`请求内容嵌套过深（最多 ${MAX_JSON_DEPTH} 层）`), undefined);
      return;
    }
    parseJson(request, text, done);
  });
};

const FRAMEWORK_REFUSALS: Record<string, { status: 400 | 414; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: '请求地址有误：含有无法识别的编码' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: '请求地址中的参数过长' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: '请求有误' },
};

/**
 * Fastify answers a few refusals before any route or error handler runs (a malformed percent-encoding, a
 * path parameter over its length); they leave in the same Chinese envelope as every other refusal.
 */
export const answerFrameworkError = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
  const refusal = FRAMEWORK_REFUSALS[error.code] ?? { status: 400 as const, message: '请求有误' };
  return reply.code(refusal.status).send({ status: refusal.status, message: refusal.message });
};

const CLIENT_ERRORS: Record<string, { status: 400 | 408 | 431; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: '请求超时，请重试' },
  HPE_HEADER_OVERFLOW: { status: 431, message: '请求头或请求地址过长' },
};

/**
 * Requests Node's HTTP parser refuses itself (a header block or URL over its size, raw bytes in the request
 * line, a request that took too long) never reach Fastify; they are answered on the socket, in the envelope.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = (error.code && CLIENT_ERRORS[error.code]) || { status: 400 as const, message: '请求格式有误' };
  const body = JSON.stringify({ status: refusal.status, message: refusal.message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refusal.status} ${http.STATUS_CODES[refusal.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
