import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/testServer';
import { securityHeaderOptions, securityHeaders } from './securityHeaders';

const HOSTS = { main: 'https://www.example.org', uc: 'https://uc.example.org', sso: '' };

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** The headers of an answer that come from the security policy, not from the route. */
const policyHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) =>
        ![
          'content-type',
          'content-length',
          'date',
          'connection',
          'keep-alive',
          'set-cookie',
          'cache-control',
          'etag',
          'vary',
        ].includes(name),
    ),
  );

describe('security headers worked out once', () => {
  it('are the very headers the Fastify helmet plugin sets on every answer', async () => {
    const reference = Fastify();
    // Two copies of helmet's types (the plugin's and ours) name the same option shapes.
    await reference.register(fastifyHelmet, securityHeaderOptions(server.config.hosts) as never);
    reference.get('/api/site/settings', async () => ({}));
    const expected = policyHeaders((await reference.inject({ url: '/api/site/settings' })).headers);
    await reference.close();

    const actual = policyHeaders((await server.app.inject({ url: '/api/site/settings' })).headers);
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    expect(actual).toEqual(expected);
  });

  it('name the configured hosts in connect-src', () => {
    const csp = securityHeaders(securityHeaderOptions(HOSTS))['content-security-policy'];
    expect(csp).toContain("connect-src 'self' https://uc.example.org https://www.example.org");
  });
});
