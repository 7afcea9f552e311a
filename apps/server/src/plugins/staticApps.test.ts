import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  CONSOLE_SESSION_COOKIE,
  CONSOLE_SESSION_ELEMENT_ID,
  RUNTIME_CONFIG_ELEMENT_ID,
  XSRF_COOKIE,
} from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
const ADMIN_HTML = '<html><head><title>管理台</title></HEAD><body><div id="root"></div></body></html>';

/**
 * The configuration block as an HTML parser sees it: a script element's text ends at the first `</script`
 * whatever the case, so a value that was not escaped would cut the JSON short and fail to parse.
 */
const consolePage = (html: string) => {
  const open = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">`;
  const start = html.indexOf(open);
  const end = html.toLowerCase().indexOf('</script', start);
  const text = html.slice(start + open.length, end);
  return { start, end, text, config: JSON.parse(text) };
};

/** The session block of a console page, parsed; null when the page has none. */
const sessionHintOf = (html: string): unknown => {
  const open = `<script type="application/json" id="${CONSOLE_SESSION_ELEMENT_ID}">`;
  const start = html.indexOf(open);
  if (start === -1) return null;
  return JSON.parse(html.slice(start + open.length, html.indexOf('</script>', start)));
};

beforeAll(async () => {
  const root = await fs.mkdtemp(path.join((await import('node:os')).tmpdir(), 'lianmeng-dist-'));
  const portal = path.join(root, 'portal');
  const admin = path.join(root, 'admin');
  await fs.mkdir(path.join(portal, 'assets'), { recursive: true });
  await fs.mkdir(admin, { recursive: true });
  await fs.writeFile(path.join(portal, 'index.html'), '<html>portal</html>');
  await fs.writeFile(path.join(portal, 'assets', 'app-abc123.js'), 'console.log(1)');
  await fs.writeFile(path.join(portal, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
  await fs.writeFile(path.join(portal, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  await fs.writeFile(path.join(admin, 'index.html'), ADMIN_HTML);
  server = await createTestServer(
    {
      portalDist: portal,
      adminDist: admin,
      hosts: {
        main: 'https://main.example.org',
        uc: 'https://uc.example.org/</script><!--',
        sso: 'https://sso.example.org',
      },
      ssoReturnOrigins: ['https://partner.example.org', 'https://b.example.org&x=<y>'],
    },
    undefined,
    { demoData: true },
  );
});
afterAll(() => server.close());

describe('the built apps', () => {
  it('serves the portal for its client-side routes, with the anti-forgery cookie', async () => {
    for (const url of ['/', '/index', '/news/list/12-3', '/anything/unknown']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe('<html>portal</html>');
      expect(response.cookies.find((c) => c.name === XSRF_COOKIE)).toMatchObject({ sameSite: 'Strict', path: '/' });
    }
  });

  it('keeps a client’s anti-forgery cookie instead of replacing it', async () => {
    const response = await server.app.inject({ url: '/index', headers: { cookie: `${XSRF_COOKIE}=kept` } });
    expect(response.cookies.find((c) => c.name === XSRF_COOKIE)).toBeUndefined();
  });

  it('serves the console under /admin/ with the configured hosts in its head, escaped', async () => {
    for (const url of ['/admin/', '/admin/banners/3', '/admin/index.html']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const { start, end, text, config } = consolePage(response.body);
      expect(config).toEqual({
        hosts: {
          main: 'https://main.example.org',
          uc: 'https://uc.example.org/</script><!--',
          sso: 'https://sso.example.org',
        },
        ssoReturnOrigins: ['https://partner.example.org', 'https://b.example.org&x=<y>'],
      });
      // In the head, before anything of the page's body, and nothing in it an HTML parser would act on.
      expect(start).toBeGreaterThan(response.body.indexOf('<title>'));
      // Only the session block (a test of its own below) between the configuration and the end of the head.
      expect(response.body.slice(end)).toMatch(
        new RegExp(
          `^</script><script type="application/json" id="${CONSOLE_SESSION_ELEMENT_ID}">[^<]*</script></HEAD><body><div id="root"></div>`,
        ),
      );
      expect(text).not.toMatch(/[<>&]/);
    }
    expect((await server.app.inject({ url: '/admin' })).headers.location).toBe('/admin/');
  });

  it('gives the console the defaults (every call relative) when nothing is configured', async () => {
    const plain = await createTestServer({ adminDist: server.config.adminDist });
    try {
      const { config } = consolePage((await plain.app.inject({ url: '/admin/' })).body);
      expect(config).toEqual({ hosts: { main: '', uc: '', sso: '' }, ssoReturnOrigins: [] });
      expect((await plain.app.inject({ url: '/admin/' })).body).toContain(`id="${RUNTIME_CONFIG_ELEMENT_ID}"`);
    } finally {
      await plain.close();
    }
  });

  it('says in the console’s page whether the request carries a live console session, and nothing more', async () => {
    const page = (cookie?: string) => server.app.inject({ url: '/admin/banners', headers: cookie ? { cookie } : {} });
    const cookie = await server.signIn('admin');

    const signedIn = await page(cookie);
    expect(sessionHintOf(signedIn.body)).toEqual({ signedIn: true });
    // After the configuration, still in the head.
    expect(signedIn.body.indexOf(CONSOLE_SESSION_ELEMENT_ID)).toBeGreaterThan(
      signedIn.body.indexOf(RUNTIME_CONFIG_ELEMENT_ID),
    );
    expect(signedIn.body.indexOf(CONSOLE_SESSION_ELEMENT_ID)).toBeLessThan(signedIn.body.indexOf('</HEAD>'));

    // Asked per request, never answered from what an earlier visitor was sent.
    expect(sessionHintOf((await page()).body)).toEqual({ signedIn: false });
    expect(sessionHintOf((await page(`${CONSOLE_SESSION_COOKIE}=forged-session-id`)).body)).toEqual({
      signedIn: false,
    });
    expect(sessionHintOf((await page(cookie)).body)).toEqual({ signedIn: true });

    // A session that has ended is not live.
    const out = await server.consoleInject(cookie, { method: 'POST', url: '/lianmeng/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect(sessionHintOf((await page(cookie)).body)).toEqual({ signedIn: false });
  });

  it('keeps the console’s page out of every cache, since it depends on the cookie', async () => {
    const cookie = await server.signIn('admin');
    for (const headers of [{}, { cookie }, { cookie, 'accept-encoding': 'gzip, br' }]) {
      const response = await server.app.inject({ url: '/admin/', headers });
      expect(response.headers['cache-control']).toBe('no-store');
      // Nothing a browser could revalidate the page with and be told it has not changed.
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['last-modified']).toBeUndefined();
    }
  });

  it('answers the site files, not the portal’s page, at their own paths', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml', '/favicon.ico', '/icon.svg', '/apple-touch-icon.png']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).not.toMatch(/html/);
    }
  });

  it('caches hashed assets for a year and pages not at all', async () => {
    const asset = await server.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await server.app.inject({ url: '/index' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends the build’s precompressed asset the client accepts, and the plain file to one that accepts none', async () => {
    const brotli = await server.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toContain('immutable');
    const gzip = await server.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)');
    const plain = await server.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers unknown API paths with a JSON 404, not the page', async () => {
    for (const url of ['/api/nothing', '/lianmeng/nothing', '/uploads/missing.png']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().status).toBe(404);
    }
  });

  it('serves the seeded demo images from /uploads/', async () => {
    const response = await server.app.inject({ url: '/uploads/demo-partner-1.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});
