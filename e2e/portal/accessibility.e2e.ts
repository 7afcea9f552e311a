import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../harness/axe';
import { openBrowser, openPage, SKIP_REASON, visitInLanes, waitForModalToSettle } from '../harness/browser';
import { type RunningSite, startSite } from '../harness/site';
import { PORTAL_ROUTES } from './portalRoutes';

describe.skipIf(SKIP_REASON)('accessibility of the portal (axe-core)', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('finds no serious or critical violation on any route, in either mode', async () => {
    const found: Record<string, string[]> = {};
    for (const elderly of [false, true]) {
      const openLane = async () => {
        const { page } = await openPage(browser);
        await page.goto(`${site.url}/index`);
        await page.evaluate((on) => (on ? localStorage.setItem('elderlyMode', '1') : localStorage.clear()), elderly);
        return page;
      };
      const lanes = await visitInLanes(PORTAL_ROUTES, openLane, async (page, path) => {
        await page.goto(`${site.url}${path}`);
        await page.locator('h1').first().waitFor({ state: 'attached' });
        await page.waitForFunction(() => document.querySelector('[data-testid="skeleton"]') === null, undefined, {
          timeout: 15_000,
        });
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[`${elderly ? '长者模式 ' : ''}${path}`] = violations;
      });
      await Promise.all(lanes.map((page) => page.close()));
    }
    expect(found).toEqual({});
  }, 300_000);

  it('finds no serious or critical violation on a phone with the menu open, and on the log-in page with each tab', async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const found: Record<string, string[]> = {};
    await page.goto(`${site.url}/news/list`);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '关于联盟' }).waitFor();
    const menuOpen = await seriousViolations(page);
    if (menuOpen.length > 0) found['390 px, menu open'] = menuOpen;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${site.url}/creditBank/login`);
      await page.waitForLoadState('networkidle');
      await page.getByRole('tab', { name: '手机号登录' }).click();
      await page.getByLabel('手机号').first().waitFor();
      const phoneTab = await seriousViolations(page);
      if (phoneTab.length > 0) found[`${width} px, log-in phone tab`] = phoneTab;
      await page.getByRole('tab', { name: '卡号登录' }).click();
      const cardTab = await seriousViolations(page);
      if (cardTab.length > 0) found[`${width} px, log-in card tab`] = cardTab;
    }
    expect(found).toEqual({});
    await page.close();
  }, 120_000);

  it('finds no serious or critical violation with the 提示信息 modal open, on a wide screen and a phone', async () => {
    const found: Record<string, string[]> = {};
    for (const width of [1280, 390]) {
      const { page } = await openPage(browser, { viewport: { width, height: 844 } });
      await page.goto(`${site.url}/index`);
      await page.waitForLoadState('networkidle');
      // Every content call the next page makes fails as a busy server would answer it.
      await page.route('**/api/content/**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status: 500, message: '服务器繁忙，请稍后重试' }),
        }),
      );
      if (width < 1000) {
        await page.getByRole('button', { name: '菜单' }).click();
      }
      await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '新闻公告' }).click();
      const modal = page.getByRole('dialog');
      await modal.getByText('服务器繁忙，请稍后重试').waitFor();
      await waitForModalToSettle(page);
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[`${width} px, error modal`] = violations;
      await page.close();
    }
    expect(found).toEqual({});
  }, 120_000);

  it('finds no serious or critical violation on a tablet (768 px) with the menu open, in either mode', async () => {
    const { page } = await openPage(browser, { viewport: { width: 768, height: 1024 } });
    const found: Record<string, string[]> = {};
    for (const elderly of [false, true]) {
      await page.goto(`${site.url}/index`);
      await page.evaluate((on) => (on ? localStorage.setItem('elderlyMode', '1') : localStorage.clear()), elderly);
      await page.goto(`${site.url}/news/list`);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: '菜单' }).click();
      await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '关于联盟' }).waitFor();
      await page.getByRole('searchbox', { name: '站内搜索' }).waitFor();
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[`768 px, menu open${elderly ? ', 长者模式' : ''}`] = violations;
    }
    expect(found).toEqual({});
    await page.close();
  }, 120_000);

  it('gives every image alt text', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${site.url}/index`);
    await page.getByTestId('partner-strip').waitFor();
    await page.getByTestId('banner-ad').waitFor();
    const withoutAlt = await page.evaluate(() =>
      Array.from(document.images)
        .filter((image) => !image.hasAttribute('alt'))
        .map((image) => image.src),
    );
    expect(withoutAlt).toEqual([]);
    await page.close();
  });

  it('works with the keyboard alone: the skip link first, then the menu, with a visible focus ring', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${site.url}/news/list`);
    await page.locator('.article-list li').first().waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('跳到主要内容');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.goto(`${site.url}/news/list`);
    await page.locator('.article-list li').first().waitFor();
    // Tab to the 关于联盟 menu item: its submenu opens on focus, and its first child is the next stop.
    let label = '';
    for (let i = 0; i < 20 && label !== '关于联盟'; i += 1) {
      await page.keyboard.press('Tab');
      label = (await page.evaluate(() => document.activeElement?.textContent)) ?? '';
    }
    expect(label).toBe('关于联盟');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Tab');
    const child = page.getByRole('link', { name: '联盟简介' });
    expect(await child.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/alone\/3-0$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.close();
  });
});
