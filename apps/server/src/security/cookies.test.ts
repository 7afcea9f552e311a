import { CONSOLE_SESSION_COOKIE, XSRF_COOKIE } from '@lianmeng/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildConsoleUser, TEST_PASSWORD } from '../testing/factories';
import { createTestServer, type TestServer } from '../testing/testServer';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Signs `editor` in over plain http, as a TLS proxy that is not trusted for its headers would pass it on. */
const signInOverHttp = async (publicUrl: string | undefined) => {
  server = await createTestServer({ publicUrl });
  // Staff: an account without a second factor, whose password alone opens the session these tests look at.
  await buildConsoleUser(server.db, { username: 'editor', role: 'staff' });
  const response = await server.consoleInject(null, {
    method: 'POST',
    url: '/lianmeng/auth/login',
    payload: { username: 'editor', password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return { server, response };
};

describe('cookies follow the configured public address', () => {
  it('are Secure, and the session cookie is __Host- prefixed, when PUBLIC_URL is https, whatever the protocol', async () => {
    const { server, response } = await signInOverHttp('https://lianmeng.example.org');
    const session = response.cookies.find((cookie) => cookie.name === `__Host-${CONSOLE_SESSION_COOKIE}`);
    expect(session).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Strict' });
    expect(session).not.toHaveProperty('domain');
    expect(response.cookies.find((cookie) => cookie.name === CONSOLE_SESSION_COOKIE)).toBeUndefined();
    // The session works under that name.
    const me = await server.consoleInject(`__Host-${CONSOLE_SESSION_COOKIE}=${session?.value}`, {
      method: 'GET',
      url: '/lianmeng/auth/me',
    });
    expect(me.json().data.username).toBe('editor');

    const fresh = await server.app.inject({ method: 'GET', url: '/api/site/settings' });
    expect(fresh.cookies.find((cookie) => cookie.name === XSRF_COOKIE)).toMatchObject({ secure: true });
  });

  it('are not Secure, and keep the plain name, on a site reached over http', async () => {
    const { response } = await signInOverHttp('http://127.0.0.1:8080');
    const session = response.cookies.find((cookie) => cookie.name === CONSOLE_SESSION_COOKIE);
    expect(session?.secure).toBeFalsy();
    expect(session?.httpOnly).toBe(true);
  });
});
