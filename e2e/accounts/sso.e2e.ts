import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, SKIP_REASON } from '../harness/browser';
import { cardLogIn, exchangeSsoCode } from '../harness/cardHolder';
import { useSiteAndBrowser } from '../harness/suite';

/** What the partner's server got from its one exchange of each code. */
interface Exchange {
  code: string;
  status: number;
  body: string;
}

/**
 * A partner site on its own port: its return page exchanges the code server to server, as a partner would,
 * and greets whoever it names, with the `state` it got back.
 */
const startPartner = async (siteUrl: () => string) => {
  const exchanges: Exchange[] = [];
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    if (url.pathname !== '/sso/back') {
      response.writeHead(404).end();
      return;
    }
    const code = url.searchParams.get('token') ?? '';
    const answer = await exchangeSsoCode(siteUrl(), code, `${partnerUrl}/sso/back`);
    const body = await answer.text();
    exchanges.push({ code, status: answer.status, body });
    const name = answer.ok ? (JSON.parse(body) as { data: { name: string } }).data.name : '未登录';
    const state = url.searchParams.get('state') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="zh"><title>合作站点</title><h1>欢迎，${name}</h1><p id="state">${state.replace(/[<&]/g, '')}</p></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const partnerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: partnerUrl, exchanges, close: () => new Promise((resolve) => server.close(resolve)) };
};

describe.skipIf(SKIP_REASON)('single sign-on to a partner in Chromium, on a 390 px phone', () => {
  // Filled in before the site starts (this hook runs before the site's own): the partner's port is its own.
  const siteEnv: Record<string, string> = {};
  let partner: Awaited<ReturnType<typeof startPartner>>;
  beforeAll(async () => {
    partner = await startPartner(() => env.site.url);
    siteEnv.SSO_RETURN_ORIGINS = `${partner.url}/sso/back`;
  });
  afterAll(async () => {
    await partner?.close();
  });
  const env = useSiteAndBrowser(siteEnv);

  it('a holder already logged in confirms with one click and arrives signed in with a one-time code, state unchanged', async () => {
    const { page, errors } = await openPage(env.browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${env.site.url}/login`);
    await cardLogIn(page, '10000001');
    await page.waitForURL(/\/creditBank\/info/);
    const sessionToken = await page.evaluate(() => localStorage.getItem('token'));
    expect(sessionToken).toBeTruthy();

    const ssoReturn = `${partner.url}/sso/back?lang=zh`;
    await page.goto(
      `${env.site.url}/login?ssoReturn=${encodeURIComponent(ssoReturn)}&source=${encodeURIComponent(`${partner.url}/page`)}&state=${encodeURIComponent('s+1/2')}`,
    );
    const question = page.getByRole('heading', { name: /^以 .+ 身份登录 127\.0\.0\.1？$/ });
    await question.waitFor();
    // The name is masked, the card is out of the way, and nothing goes sideways on a phone.
    expect(await question.textContent()).toMatch(/以 \S\*+\S? 身份登录/);
    expect(await page.getByLabel('卡号', { exact: true }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(partner.exchanges).toEqual([]);

    await page.getByRole('button', { name: '确认登录' }).click();
    await page.getByRole('heading', { name: /^欢迎，/ }).waitFor();
    const arrived = new URL(page.url());
    expect(`${arrived.origin}${arrived.pathname}`).toBe(`${partner.url}/sso/back`);
    expect(arrived.searchParams.get('state')).toBe('s+1/2');
    expect(arrived.searchParams.get('source')).toBe(`${partner.url}/page`);
    expect(arrived.searchParams.get('cardNo')).toBe('10000001');
    expect(arrived.searchParams.get('lang')).toBe('zh');
    expect(page.url()).not.toContain(sessionToken ?? '');
    expect(await page.locator('#state').textContent()).toBe('s+1/2');

    // The partner's server exchanged the code once, for no phone number; a second exchange gets nothing.
    expect(partner.exchanges).toHaveLength(1);
    const [exchange] = partner.exchanges;
    expect(exchange?.status).toBe(200);
    expect(Object.keys(JSON.parse(exchange?.body ?? '{}').data).sort()).toEqual(['cardNo', 'name', 'school']);
    const again = await exchangeSsoCode(env.site.url, exchange?.code ?? '', `${partner.url}/sso/back`);
    expect(again.status).toBe(401);
    expect(errors).toEqual([]);
  });
});
