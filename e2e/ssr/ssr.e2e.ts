import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, SKIP_REASON, visitInLanes, waitForHydration, watchLayoutShifts } from '../harness/browser';
import { E2E_PASSWORD } from '../harness/site';
import { useSiteAndBrowser } from '../harness/suite';
import { FORM_ROUTES } from '../portal/portalRoutes';
import { isApiCall, WALKED_ROUTES } from '../portal/routeWalk';

// The portal's pages with and without script: the first HTML, hydration, and navigation.

const SITE_RED = 'rgb(183, 28, 28)';
const WIDTHS = [390, 1280];

/** The computed look of the log-in page's antd parts: the active tab, its ink bar, and the primary button. */
const loginLook = (page: Page) =>
  page.evaluate(() => {
    const style = (selector: string) => {
      const element = document.querySelector(selector);
      return element ? getComputedStyle(element) : null;
    };
    const tab = style('.ant-tabs-tab-active .ant-tabs-tab-btn');
    const ink = style('.ant-tabs-ink-bar');
    const button = style('.ant-btn-primary');
    const hashes = Array.from(document.querySelectorAll('style[data-css-hash]'), (node) =>
      node.getAttribute('data-css-hash'),
    );
    return {
      tabColour: tab?.color,
      inkColour: ink?.backgroundColor,
      inkWidth: document.querySelector('.ant-tabs-ink-bar')?.getBoundingClientRect().width ?? 0,
      buttonBackground: button?.backgroundColor,
      buttonRadius: button?.borderTopLeftRadius,
      buttonHeight: button?.height,
      duplicateStyles: hashes.length - new Set(hashes).size,
    };
  });

describe.skipIf(SKIP_REASON)('the server-rendered portal in Chromium', () => {
  const env = useSiteAndBrowser();

  it('every route’s HTML holds its main text before any script runs', async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    await visitInLanes(
      WALKED_ROUTES,
      () => context.newPage(),
      async (page, path) => {
        const response = await page.goto(`${env.site.url}${path}`);
        expect(response?.status(), path).toBe(200);
        const isLogin = path.includes('login');
        if (!isLogin) expect((await page.locator('h1').first().textContent())?.trim(), path).not.toBe('');
        expect(await page.locator('[data-testid="skeleton"]').count(), path).toBe(0);
        // The education course, list and detail pages have no menu.
        const withMenu = !/^\/education\/(course|list|detail)/.test(path);
        expect((await page.locator('nav[aria-label="主菜单"] a').count()) > 5, path).toBe(withMenu);
        expect(await page.getByTestId('site-footer').textContent(), path).toMatch(/ICP/);
        if (isLogin) {
          expect(await page.locator('input[type="password"]').count(), path).toBe(1);
        } else if (FORM_ROUTES.includes(path)) {
          expect(await page.locator('main form input').count(), path).toBeGreaterThan(0);
        } else if (!path.startsWith('/certification')) {
          const items = await page.locator('.article-list li, .care-list li, .article-body, .event-items li').count();
          expect(items, path).toBeGreaterThan(0);
          expect(await page.locator('[data-testid="empty-state"]').count(), path).toBe(0);
        }
      },
    );
    await context.close();
  }, 240_000);

  it('searches without script: the header box is a form the browser submits itself', async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${env.site.url}/index`);
    await page.getByRole('searchbox', { name: '站内搜索' }).fill('人人动手');
    await page.getByRole('searchbox', { name: '站内搜索' }).press('Enter');
    await page.waitForURL(/\/search\?keyword=/);
    await page.getByRole('link', { name: '小学机器人运动课堂如何做到“人人动手”' }).waitFor();
    await context.close();
  });

  it('a client-side navigation makes only the new page’s calls, each once', async () => {
    const { page, errors } = await openPage(env.browser);
    await page.goto(`${env.site.url}/index`);
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
    await page.getByRole('heading', { level: 1, name: /赛事活动/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(documents).toEqual([]);
    // The page's two calls, each once: its events and its notices.
    expect(calls.map((call) => call.split('?')[0]).sort()).toEqual(['/api/content/articles', '/api/match/events']);

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
    await page.close();
  });

  it('renders the elderly-friendly mode from the cookie in the first HTML, without a flash', async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    await context.addCookies([{ name: 'elderlyMode', value: '1', url: env.site.url }]);
    const page = await context.newPage();
    await page.goto(`${env.site.url}/index`);
    expect(await page.evaluate(() => document.documentElement.className)).toBe('elderly-mode');
    expect(await page.getByRole('button', { name: '退出长者模式' }).count()).toBe(1);
    await context.close();
  });

  it.each(WIDTHS)(
    "styles the log-in page's antd parts in the server HTML, before any script, at %i px",
    async (width) => {
      const context = await env.browser.newContext({
        javaScriptEnabled: false,
        locale: 'zh-CN',
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      await page.goto(`${env.site.url}/creditBank/login`);
      const look = await loginLook(page);
      expect(look.tabColour).toBe(SITE_RED);
      expect(look.inkColour).toBe(SITE_RED);
      // Until the page is hydrated the form is disabled on purpose: antd's disabled button, not the browser's.
      expect(look.buttonBackground).toBe('rgba(0, 0, 0, 0.04)');
      expect(look.buttonRadius).toBe('2px');
      expect(look.buttonHeight).toBe('32px');
      expect(look.duplicateStyles).toBe(0);
      await context.close();
    },
  );

  it('gives the menu’s first item its final width while the rest of the HTML is still arriving, at 1280 px', async () => {
    // A browser may paint a page before its HTML has all arrived (seen with the stylesheet already cached and a
    // busy CPU); the menu's first item must not be drawn wide and then narrowed as the others arrive.
    const { page } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    const firstItemWidth = () =>
      page
        .locator('.top-menu-level1 > li')
        .first()
        .evaluate((item) => item.getBoundingClientRect().width);
    const response = await page.goto(`${env.site.url}/index`);
    const finalWidth = await firstItemWidth();
    const html = (await response?.text()) ?? '';
    const menuStart = html.indexOf('class="top-menu-level1"');
    expect(menuStart).toBeGreaterThan(0);
    // The page as parsed up to the end of the menu's first item, without its scripts (they would hydrate it).
    const arrivedSoFar = html
      .slice(0, html.indexOf('</li>', menuStart) + '</li>'.length)
      .replace(/<script\b[\s\S]*?<\/script>/g, '');
    await page.route(`${env.site.url}/partial`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: arrivedSoFar }),
    );
    await page.goto(`${env.site.url}/partial`);
    expect(await page.locator('.top-menu-level1 > li').count()).toBe(1);
    expect(await firstItemWidth()).toBeCloseTo(finalWidth, 0);
    expect(finalWidth).toBeLessThan(1000 / 2);
    await page.close();
  });

  it.each(WIDTHS)(
    'keeps them styled after hydration, each style once, without a layout shift, at %i px',
    async (width) => {
      // With motion, as a first-time visitor sees the page: the banner ad opens above the form.
      const { page } = await openPage(env.browser, { viewport: { width, height: 900 }, motion: true });
      const layoutShift = await watchLayoutShifts(page);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
      });
      await page.goto(`${env.site.url}/creditBank/login`);
      await waitForHydration(page);
      await page
        .getByRole('button', { name: /登\s*录/ })
        .and(page.locator('.ant-btn-primary:not([disabled])'))
        .waitFor();
      await page.waitForLoadState('networkidle');
      // Enabling the form starts antd's transitions (the button's colour, the ink bar sliding in): let them end.
      await page.waitForFunction((red) => {
        const button = document.querySelector('.ant-btn-primary');
        const ink = document.querySelector('.ant-tabs-ink-bar');
        return (
          button && getComputedStyle(button).backgroundColor === red && (ink?.getBoundingClientRect().width ?? 0) > 20
        );
      }, SITE_RED);
      const look = await loginLook(page);
      expect(look.tabColour).toBe(SITE_RED);
      expect(look.inkColour).toBe(SITE_RED);
      expect(look.inkWidth).toBeGreaterThan(20);
      expect(look.buttonBackground).toBe(SITE_RED);
      expect(look.buttonRadius).toBe('2px');
      expect(look.duplicateStyles).toBe(0);
      expect(await layoutShift()).toBeLessThanOrEqual(0.01);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it.each(WIDTHS)('styles the credit bank table’s pager in the site red at %i px', async (width) => {
    const { page, errors } = await openPage(env.browser, { viewport: { width, height: 900 } });
    await page.goto(`${env.site.url}/creditBank/login`);
    await page.locator('.ant-btn-primary:not([disabled])').waitFor();
    await page.getByLabel('卡号', { exact: true }).fill('10000001');
    await page.getByLabel('密码', { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel('密码', { exact: true }).press('Enter');
    await page.waitForURL(/\/creditBank\/info$/);
    const active = page.locator('.ant-pagination-item-active');
    await active.waitFor();
    const look = await active.evaluate((item) => ({
      border: getComputedStyle(item).borderTopColor,
      text: getComputedStyle(item.querySelector('a') ?? item).color,
      pager: getComputedStyle(item.parentElement ?? item).display,
    }));
    expect(look).toEqual({ border: SITE_RED, text: SITE_RED, pager: 'flex' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('stacks a news article’s date, source and author one per line on a phone, each on a single line', async () => {
    const lines = async (width: number) => {
      const context = await env.browser.newContext({
        javaScriptEnabled: false,
        locale: 'zh-CN',
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      await page.goto(`${env.site.url}/news/detail/1`);
      const items = await page.locator('.article-meta > *').evaluateAll((nodes) =>
        nodes.map((node) => {
          const box = node.getBoundingClientRect();
          return {
            text: node.textContent,
            top: box.top,
            height: box.height,
            lineHeight: Number.parseFloat(getComputedStyle(node).lineHeight),
          };
        }),
      );
      await context.close();
      return items;
    };
    const phone = await lines(390);
    expect(phone.map((item) => item.text?.slice(0, 3))).toEqual(['发布时', '来源：', '作者：']);
    for (const item of phone) expect(item.height, item.text ?? '').toBeLessThan(item.lineHeight * 1.5);
    expect(new Set(phone.map((item) => Math.round(item.top))).size).toBe(3);
    // Wider screens keep the three side by side.
    const desktop = await lines(1280);
    expect(new Set(desktop.map((item) => Math.round(item.top))).size).toBe(1);
  });
});

describe.skipIf(SKIP_REASON)('the configured main host', () => {
  const MAIN_HOST = 'http://main-host.example.test';
  const env = useSiteAndBrowser({ MAIN_HOST });

  it('receives the portal’s calls from the browser', async () => {
    const { page } = await openPage(env.browser);
    const seen: string[] = [];
    // The configured host stands in for the real main site: it answers what this server would.
    await page.route(`${MAIN_HOST}/**`, async (route) => {
      const url = new URL(route.request().url());
      seen.push(url.pathname);
      const answer = await fetch(`${env.site.url}${url.pathname}${url.search}`);
      await route.fulfill({
        status: answer.status,
        headers: { 'content-type': 'application/json', 'access-control-allow-origin': env.site.url },
        body: await answer.text(),
      });
    });
    await page.goto(`${env.site.url}/index`);
    await page.waitForLoadState('networkidle');
    await page.locator('nav[aria-label="主菜单"]').getByRole('link', { name: '赛事活动' }).first().click();
    await page.getByRole('heading', { level: 1, name: /赛事活动/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect([...seen].sort()).toEqual(['/api/content/articles', '/api/match/events']);
    await page.close();
  });
});
