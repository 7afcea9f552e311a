import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestServer } from '../testing/testServer';

const pause = () => new Promise((resolve) => setTimeout(resolve, 100));

/**
 * Sends `before` over one connection to a listening test server, begins closing the server, then sends
 * `after`: everything the server answered on that connection until it closed it.
 */
const answersAcrossClose = async (before: string, after: string) => {
  const server = await createTestServer();
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    const ended = once(socket, 'close');
    socket.write(before);
    await pause();
    const closed = server.app.close();
    await pause();
    socket.write(after);
    await ended;
    await closed;
    return received;
  } finally {
    await server.close();
  }
};

const body = JSON.stringify({ belongSortid: 3 });

describe('closing while requests are arriving', () => {
  it('serves a request whose head was partly sent when closing began, then closes its connection', async () => {
    // Half of the head is in when closing starts: no request exists yet on the server's side.
    const received = await answersAcrossClose(
      'POST /lianmeng/img/imageMsgSearch?pageNum=1&pageSize=10 HTTP/1.1\r\nHost: t\r\n',
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toMatch(/connection: close/i);
    expect(received).toContain('"seachList"');
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('finishes the request in flight and refuses, in the envelope, one that arrives after closing began', async () => {
    // The first request is in flight: its headers and half its body are in when closing starts; then its
    // body completes, and a second request follows on the same connection.
    const received = await answersAcrossClose(
      `POST /lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999 HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      `${body.slice(5)}GET /api/site/settings HTTP/1.1\r\nHost: t\r\n\r\n`,
    );
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[0]).toContain('"seachList"');
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]).toMatch(/connection: close/i);
    expect(answers[1]).toContain(JSON.stringify({ status: 503, message: '服务器正在重启，请稍后重试' }));
  });
});
