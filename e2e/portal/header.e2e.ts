import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, SKIP_REASON } from '../harness/browser';
import { consoleCall, consoleHeaders, signIn } from '../harness/consoleApi';
import { useSiteAndBrowser } from '../harness/suite';

// A 1×1 transparent PNG.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const menu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });

/** Boxes of the header's touch targets that are shown and smaller than 44 px high. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>(
        '.site-header a, .site-header button, .site-header input, .site-header label',
      ),
    )
      .filter((element) => element.getClientRects().length > 0 && !element.matches('.menu-check, .visually-hidden'))
      .map((element) => ({
        text: element.textContent?.trim() || element.tagName,
        height: element.getBoundingClientRect().height,
      }))
      .filter((target) => Math.round(target.height) < 44),
  );

describe.skipIf(SKIP_REASON)('the portal header on phones and tablets', () => {
  const env = useSiteAndBrowser();

  it('opens the menu without JavaScript at 390 px, its links and the header tools shown', async () => {
    const context = await env.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    await page.goto(`${env.site.url}/news/list`);
    const about = menu(page).getByRole('link', { name: '关于联盟' });
    expect(await about.isVisible()).toBe(false);
    expect(await page.getByRole('search').isVisible()).toBe(false);
    const control = page.locator('label.menu-toggle');
    expect(await control.textContent()).toContain('菜单');
    expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await control.click();
    expect(await about.isVisible()).toBe(true);
    for (const name of ['首页', '联盟简介', '新闻动态', '赛事活动', '测评认证']) {
      expect(await menu(page).getByRole('link', { name }).first().isVisible(), name).toBe(true);
    }
    expect(await page.getByRole('searchbox', { name: '站内搜索' }).isVisible()).toBe(true);
    expect(await page.getByTestId('hotline').isVisible()).toBe(true);
    expect(await smallTargets(page)).toEqual([]);
    // A plain link still works: following it loads the page the server renders.
    await about.click();
    await page.waitForURL(/\/alone\/3$/);
    await page.locator('h1').first().waitFor();
    // From the keyboard: the hidden checkbox takes the focus and Space opens the panel.
    await page.goto(`${env.site.url}/news/list`);
    await page.locator('.menu-check').focus();
    await page.keyboard.press('Space');
    expect(await about.isVisible()).toBe(true);
    await context.close();
  });

  it.each([360, 390, 768])(
    'keeps the header to one row at %i px, scrolls sideways neither closed nor open, every target 44 px high',
    async (width) => {
      const { page } = await openPage(env.browser, { viewport: { width, height: 844 } });
      await page.goto(`${env.site.url}/index`);
      await page.waitForLoadState('networkidle');
      // Read in one go: the banner ad moves the whole header down while it opens.
      // Sizes are rounded to whole pixels: a moving banner leaves layout fractions like 43.99996.
      const rows = await page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
        const [header, logo, toggle] = [box('.site-header'), box('.site-header .logo'), box('.menu-toggle')];
        return {
          header: header?.height ?? 0,
          toggle: toggle?.height ?? 0,
          // Logo and button share the one row: their middles are level.
          offset: Math.abs((logo?.top ?? 0) + (logo?.height ?? 0) / 2 - (toggle?.top ?? 0) - (toggle?.height ?? 0) / 2),
        };
      });
      expect(rows.header).toBeLessThanOrEqual(80);
      expect(rows.offset).toBeLessThan(4);
      expect(Math.round(rows.toggle)).toBeGreaterThanOrEqual(44);
      const button = page.getByRole('button', { name: '菜单' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await button.click();
      await page.waitForFunction(
        () => document.querySelector('.menu-toggle')?.getAttribute('aria-expanded') === 'true',
      );
      await menu(page).getByRole('link', { name: '关于联盟' }).waitFor();
      // The hotline, the search and the secondary actions are in the opened panel.
      for (const locator of [
        page.getByTestId('hotline').getByRole('link'),
        page.getByRole('searchbox', { name: '站内搜索' }),
        page.getByRole('button', { name: '长者模式' }),
        page.getByRole('link', { name: '登录' }),
      ]) {
        expect(await locator.isVisible()).toBe(true);
      }
      expect(await smallTargets(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.close();
    },
    60_000,
  );

  it('closes the opened menu with Escape and gives the focus back to the button', async () => {
    const { page } = await openPage(env.browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${env.site.url}/news/list`);
    await page.waitForLoadState('networkidle');
    const button = page.getByRole('button', { name: '菜单' });
    await button.click();
    const about = menu(page).getByRole('link', { name: '关于联盟' });
    await about.waitFor();
    await about.focus();
    await page.keyboard.press('Escape');
    await about.waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);
    await page.close();
  });

  describe('drawn from the site settings', () => {
    let admin: string;
    beforeAll(async () => {
      admin = await signIn(env.site, 'admin');
    });

    it('shows the logo and the certification address an administrator sets, on the next page load', async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(TINY_PNG)]), 'logo.png');
      const { 'content-type': _json, ...headers } = consoleHeaders(admin);
      const upload = await fetch(`${env.site.url}/lianmeng/img/upload`, { method: 'POST', headers, body: form });
      const logoImage = ((await upload.json()) as { data: { photoAddress: string } }).data.photoAddress;
      const current = await consoleCall<Record<string, string>>(env.site, admin, '/lianmeng/api/settings/site');
      const { page } = await openPage(env.browser);
      // Load the portal once first, so the server has rendered and kept the page with the old settings.
      await page.goto(`${env.site.url}/index`);
      expect(await page.locator('.site-header .logo img').count()).toBe(0);
      const saved = await consoleCall(env.site, admin, '/lianmeng/api/settings/site', {
        method: 'PUT',
        body: { ...current.body.data, logoImage, certificationUrl: 'https://cert.example.org/robot/' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      // Without its script, so what shows is what the server rendered.
      const context = await env.browser.newContext({ javaScriptEnabled: false });
      const plain = await context.newPage();
      await plain.goto(`${env.site.url}/index`);
      expect(await plain.locator('.site-header .logo img').getAttribute('src')).toBe(logoImage);
      expect(
        await menu(plain)
          .getByRole('link', { name: /测评认证/ })
          .getAttribute('href'),
      ).toBe('https://cert.example.org/robot/');
      await context.close();
      await page.reload();
      await page.locator('.site-header .logo img').waitFor();
      const loaded = await page
        .locator('.site-header .logo img')
        .evaluate((image: HTMLImageElement) => image.naturalWidth);
      expect(loaded).toBe(1);
      await page.close();
      await consoleCall(env.site, admin, '/lianmeng/api/settings/site', { method: 'PUT', body: current.body.data });
    });
  });
});
