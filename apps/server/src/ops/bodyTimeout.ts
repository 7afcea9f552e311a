import http, { type IncomingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

export type BodyTimeouts = Pick<ServerConfig['timeouts'], 'bodyMs' | 'uploadWindowMs' | 'uploadMinBytesPerSecond'>;

export const SLOW_BODY_MESSAGE = '请求内容发送过慢，连接已关闭，请重试';
export const SLOW_UPLOAD_MESSAGE = '上传速度过慢，连接已关闭，请在网络较好时重试';

const hasBody = (headers: IncomingHttpHeaders) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/** A multipart upload, or a piece of a resumable one (raw bytes, up to 8 MB each). */
const isUpload = (headers: IncomingHttpHeaders) =>
  /^(?:multipart\/form-data|application\/octet-stream)\b/i.test(headers['content-type'] ?? '');

/**
 * Node's own limit is on the whole request (two minutes, so a 10 MB upload on a slow line gets through), so a
 * client that sends its body one byte every few seconds holds a connection and a request for that long. A body
 * other than an upload must therefore have arrived within `bodyMs` of the headers; an upload may take longer
 * as long as it brings at least `uploadMinBytesPerSecond` in every `uploadWindowMs`. A request that fails its
 * rule is answered 408 in the envelope and its connection closed. Either rule is off at 0.
 *
 * Progress is read from the socket's byte count rather than from the body stream: reading the stream here
 * would take it from the parser that the route hands it to.
 */
export const registerBodyTimeout = (app: FastifyInstance, timeouts: BodyTimeouts) => {
  const uploadWindowBytes = (timeouts.uploadMinBytesPerSecond * timeouts.uploadWindowMs) / 1000;
  // A callback hook: it runs on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // Injected requests (tests) have no network socket, and no slow client behind them.
    if (raw.complete || !hasBody(raw.headers) || !(raw.socket instanceof Socket)) {
      done();
      return;
    }
    const socket = raw.socket;
    const upload = isUpload(raw.headers);
    if (upload ? uploadWindowBytes === 0 : timeouts.bodyMs === 0) {
      done();
      return;
    }
    const refuse = () => {
      clearTimeout(timer);
      if (raw.complete || socket.destroyed) return;
      request.log.info({ upload }, 'request body too slow: connection closed');
      if (!reply.raw.headersSent && socket.writable) {
        const body = JSON.stringify({ status: 408, message: upload ? SLOW_UPLOAD_MESSAGE : SLOW_BODY_MESSAGE });
        socket.write(
          `HTTP/1.1 408 ${http.STATUS_CODES[408]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy();
    };
    let timer: NodeJS.Timeout;
    if (upload) {
      let before = socket.bytesRead;
      timer = setInterval(() => {
        if (raw.complete) {
          clearInterval(timer);
          return;
        }
        const now = socket.bytesRead;
        if (now - before < uploadWindowBytes) refuse();
        before = now;
      }, timeouts.uploadWindowMs);
    } else {
      timer = setTimeout(refuse, timeouts.bodyMs);
    }
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
};
