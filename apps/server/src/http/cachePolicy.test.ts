import net from 'node:net';
import { api } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../config';
import { createTestServer, type TestServer } from '../testing/testServer';

describe('personal and session data is never cached', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('answers console, log-in and card-holder calls with Cache-Control: no-store', async () => {
    const admin = await server.signIn('admin');
    const answers = [
      await server.consoleInject(admin, { method: 'GET', url: '/lianmeng/api/accounts' }),
      await server.consoleInject(admin, { method: 'GET', url: '/lianmeng/api/audit' }),
      await server.consoleInject(admin, { method: 'GET', url: api.consoleAuth.me.path }),
      await server.consoleInject(null, {
        method: 'POST',
        url: api.consoleAuth.login.path,
        payload: { username: 'admin', password: 'wrong-password-1' },
      }),
      await server.app.inject({ method: 'GET', url: api.uc.info.path, headers: { authorization: 'not-a-token' } }),
      await server.app.inject({ method: 'GET', url: api.creditBank.info.path }),
    ];
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body.slice(0, 80)).toBe('no-store');
  });

  it('leaves the pages alone', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/index' });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});

describe('slow clients', () => {
  let server: TestServer;
  let port = 0;
  beforeAll(async () => {
    server = await createTestServer({ timeouts: { ...DEFAULT_TIMEOUTS, headersMs: 300 } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => server.close());

  it('are answered 408 in the envelope and disconnected when their headers never finish', async () => {
    const outcome = await new Promise<{ closed: boolean; answer: string }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /index HTTP/1.1\r\nHost: x\r\n'));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('utf8');
      });
      socket.on('close', () => resolve({ closed: true, answer }));
      socket.on('error', () => undefined);
      // Far longer than the 300 ms allowed: the server must have closed the socket by then.
      setTimeout(() => {
        socket.destroy();
        resolve({ closed: false, answer });
      }, 10_000);
    });
    expect(outcome.closed).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
    const body = outcome.answer.split('\r\n\r\n')[1] ?? '';
    expect(JSON.parse(body)).toEqual({ status: 408, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
  });
});
