import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../config';
import { createTestServer, TEST_XSRF, type TestServer } from '../testing/testServer';
import { SLOW_BODY_MESSAGE, SLOW_UPLOAD_MESSAGE } from './bodyTimeout';

// The production rules in miniature: a body within 800 ms; an upload 2 KB in every 500 ms window.
const TIMEOUTS = { ...DEFAULT_TIMEOUTS, bodyMs: 800, uploadWindowMs: 500, uploadMinBytesPerSecond: 4096 };
const DRIP_MS = 150;

let server: TestServer;
let port: number;
let editor: string;
beforeAll(async () => {
  server = await createTestServer({ timeouts: TIMEOUTS });
  editor = await server.signIn('editor');
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(() => server.close());

/**
 * Sends `head`, then the body one byte every DRIP_MS for at most `maxMs`; resolves with what came back,
 * whether the server closed the connection, and after how long.
 */
const drip = async (head: string, body: string, maxMs: number) => {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  socket.on('error', () => undefined);
  const started = Date.now();
  let closedByServer = false;
  const closed = once(socket, 'close').then(() => {
    closedByServer = true;
  });
  socket.write(head);
  for (let index = 0; index < body.length && !closedByServer && Date.now() - started < maxMs; index += 1) {
    socket.write(body[index] ?? '');
    await Promise.race([new Promise((resolve) => setTimeout(resolve, DRIP_MS)), closed]);
  }
  const closedAfterMs = closedByServer ? Date.now() - started : undefined;
  socket.destroy();
  return { received, closedByServer, closedAfterMs };
};

const consoleHeaders = () =>
  `${HEADERS.console}: 1\r\n${HEADERS.xsrf}: ${TEST_XSRF}\r\nCookie: ${XSRF_COOKIE}=${TEST_XSRF}; ${editor}\r\n`;

describe('a request body that drips in', () => {
  it('is cut after the body timeout with a Chinese 408 and the connection closed', async () => {
    const body = JSON.stringify({ belongSortid: 3, photoTitle: '慢慢发送的请求内容，每次一个字节' });
    const head = `POST /lianmeng/img/imageMsgSearch?pageNum=1&pageSize=10 HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const result = await drip(head, body, 5000);
    expect(result.closedByServer).toBe(true);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.bodyMs - 50);
    expect(result.closedAfterMs).toBeLessThan(TIMEOUTS.bodyMs + 3000);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.received).toMatch(/connection: close/i);
    expect(result.received).toContain(JSON.stringify({ status: 408, message: SLOW_BODY_MESSAGE }));
  });

  it('is served when it arrives in time, however it is split', async () => {
    const body = JSON.stringify({ belongSortid: 3 });
    const head = `POST /lianmeng/img/imageMsgSearch?pageNum=1&pageSize=10 HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const socket = net.connect(port, '127.0.0.1');
    // The same request in two halves, well within the limit, on its own connection.
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    socket.write(`${head}${body.slice(0, 5)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(5));
    await once(socket, 'close');
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('an upload', () => {
  const boundary = 'drip-boundary';
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const head = (length: number) =>
    `POST /lianmeng/img/upload HTTP/1.1\r\nHost: t\r\n${consoleHeaders()}Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`;

  it('below the minimum rate is cut with a Chinese 408 after one window', async () => {
    const body = `${part}${'x'.repeat(400)}\r\n--${boundary}--\r\n`;
    const result = await drip(head(body.length), body, 5000);
    expect(result.closedByServer).toBe(true);
    expect(result.closedAfterMs).toBeLessThan(TIMEOUTS.uploadWindowMs * 2 + 3000);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.received).toContain(JSON.stringify({ status: 408, message: SLOW_UPLOAD_MESSAGE }));
  });

  it('above the minimum rate may take longer than the body timeout', async () => {
    // 3 KB every 150 ms (20 KB/s) for about 1.2 s: longer than the 800 ms of a plain body, never too slow.
    const chunk = 3 * 1024;
    const total = chunk * 8;
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (data: Buffer) => {
      received += data.toString();
    });
    const ended = once(socket, 'close');
    const body = Buffer.concat([Buffer.from(part), Buffer.alloc(total - part.length - 24, 0x61)]);
    const tail = `\r\n--${boundary}--\r\n`;
    socket.write(`${head(body.length + tail.length).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n')}`);
    for (let offset = 0; offset < body.length; offset += chunk) {
      socket.write(body.subarray(offset, offset + chunk));
      await new Promise((resolve) => setTimeout(resolve, DRIP_MS));
    }
    socket.write(tail);
    await ended;
    // Not an image, so refused for what it is: the connection was not cut for slowness.
    expect(received).toMatch(/^HTTP\/1\.1 (400|415) /);
    expect(received).not.toContain(SLOW_UPLOAD_MESSAGE);
  });
});
