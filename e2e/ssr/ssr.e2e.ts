import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, SKIP_REASON } from '../harness/browser';
import { type RunningSite, startSite } from '../harness/site';
import { PORTAL_ROUTES } from '../portal/portalRoutes';

/** The portal's pages with and without script: the first HTML, hydration, and navigation. */
const API = /\/(api|lianmeng|card)\//;
const isApiCall = (request: Request) => API.test(new URL(request.url()).pathname);
const ROUTES = [...PORTAL_ROUTES, '/news/detail/1', '/creditBank/login', '/login'];

describe.skipIf(SKIP_REASON)('the server-rendered portal in Chromium', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('every route’s HTML holds its main text before any script runs', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    const page = await context.newPage();
    for (const path of ROUTES) {
      const response = await page.goto(`${site.url}${path}`);
      expect(response?.status(), path).toBe(200);
      const isLogin = path.includes('login');
      if (!isLogin) expect((await page.locator('h1').first().textContent())?.trim(), path).not.toBe('');
      expect(await page.locator('[data-testid="skeleton"]').count(), path).toBe(0);
      // The education course, list and detail pages have no menu (spec section 2).
      const withMenu = !/^\/education\/(course|list|detail)/.test(path);
      expect((await page.locator('nav[aria-label="主菜单"] a').count()) > 5, path).toBe(withMenu);
      expect(await page.getByTestId('site-footer').textContent(), path).toMatch(/ICP/);
      if (isLogin) {
        expect(await page.locator('input[type="password"]').count(), path).toBe(1);
      } else if (!path.startsWith('/certification')) {
        const items = await page.locator('.article-list li, .care-list li, .article-body').count();
        expect(items, path).toBeGreaterThan(0);
        expect(await page.locator('[data-testid="empty-state"]').count(), path).toBe(0);
      }
    }
    await context.close();
  }, 240_000);

  it('searches without script: the header box is a form the browser submits itself', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${site.url}/index`);
    await page.getByRole('searchbox', { name: '站内搜索' }).fill('人人动手');
    await page.getByRole('searchbox', { name: '站内搜索' }).press('Enter');
    await page.waitForURL(/\/search\?keyword=/);
    await page.getByRole('link', { name: '小学机器人运动课堂如何做到“人人动手”' }).waitFor();
    await context.close();
  });

  it('hydrates every route without a warning or an error, and fetches nothing the HTML already holds', async () => {
    const { page, errors } = await openPage(browser);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(`${message.text()}`);
    });
    const calls: string[] = [];
    page.on('request', (request) => {
      if (isApiCall(request)) calls.push(request.url());
    });
    for (const path of ROUTES) {
      calls.length = 0;
      await page.goto(`${site.url}${path}`);
      await page.waitForLoadState('networkidle');
      // The root is hydrated once React has attached itself to it.
      await page.waitForFunction(() => {
        const root = document.getElementById('root');
        return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
      });
      await page.waitForTimeout(200);
      expect(calls, path).toEqual([]);
    }
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('a client-side navigation makes only the new page’s calls, each once', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${site.url}/index`);
    await page.waitForLoadState('networkidle');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (isApiCall(request)) calls.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.locator('nav[aria-label="主菜单"]').getByRole('link', { name: '赛事活动' }).first().click();
    await page.waitForURL(/\/match/);
    await page.getByRole('heading', { level: 1, name: /赛事通知/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(documents).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^\/api\/content\/articles\?/);

    calls.length = 0;
    const first = page.locator('.article-list li a').first();
    const title = (await first.textContent()) ?? '';
    await first.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(documents).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^\/api\/content\/articles\/\d+$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('renders the elderly-friendly mode from the cookie in the first HTML, without a flash', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    await context.addCookies([{ name: 'elderlyMode', value: '1', url: site.url }]);
    const page = await context.newPage();
    await page.goto(`${site.url}/index`);
    expect(await page.evaluate(() => document.documentElement.className)).toBe('elderly-mode');
    expect(await page.getByRole('button', { name: '退出长者模式' }).count()).toBe(1);
    await context.close();
  });
});

describe.skipIf(SKIP_REASON)('the configured main host', () => {
  const MAIN_HOST = 'http://main-host.example.test';
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite({ MAIN_HOST });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('receives the portal’s calls from the browser', async () => {
    const { page } = await openPage(browser);
    const seen: string[] = [];
    // The configured host stands in for the real main site: it answers what this server would.
    await page.route(`${MAIN_HOST}/**`, async (route) => {
      const url = new URL(route.request().url());
      seen.push(url.pathname);
      const answer = await fetch(`${site.url}${url.pathname}${url.search}`);
      await route.fulfill({
        status: answer.status,
        headers: { 'content-type': 'application/json', 'access-control-allow-origin': site.url },
        body: await answer.text(),
      });
    });
    await page.goto(`${site.url}/index`);
    await page.waitForLoadState('networkidle');
    await page.locator('nav[aria-label="主菜单"]').getByRole('link', { name: '赛事活动' }).first().click();
    await page.getByRole('heading', { level: 1, name: /赛事通知/ }).waitFor();
    expect(seen).toEqual(['/api/content/articles']);
    await page.context().close();
  });
});
