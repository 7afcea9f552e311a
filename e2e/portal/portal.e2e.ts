import { gzipSync } from 'node:zlib';
import { BANNER } from '@lianmeng/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openBrowser,
  openPage,
  SKIP_REASON,
  waitForHydration,
  waitForModalToSettle,
  watchLayoutShifts,
} from '../harness/browser';
import { type RunningSite, startSite } from '../harness/site';
import { type RouteWalkFindings, WALK_WIDTHS, waitForContent, walkEveryRoute } from './routeWalk';

describe.skipIf(SKIP_REASON)('the portal in Chromium', () => {
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

  const open = async (path: string, options: { motion?: boolean } = {}) => {
    const watched = await openPage(browser, options);
    await watched.page.goto(`${site.url}${path}`);
    return watched;
  };

  /** One visit per route for the checks below that read a freshly loaded page (routeWalk.ts). */
  let routeWalk: Promise<RouteWalkFindings> | undefined;
  const walk = () => {
    routeWalk ??= walkEveryRoute(browser, site.url);
    return routeWalk;
  };
  const WALK_TIMEOUT = 400_000;

  it(
    'renders content on every route',
    async () => {
      const findings = await walk();
      expect(findings.content).toEqual([]);
      expect(findings.errors.slice(0, 3)).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'hydrates every route without a warning or an error, and fetches nothing the HTML already holds',
    async () => {
      const findings = await walk();
      expect(findings.callsAfterLoad).toEqual([]);
      expect(findings.errors).toEqual([]);
      expect(findings.warnings).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it.each(WALK_WIDTHS)(
    'scrolls sideways on no route and shows no English interface word at %i px',
    async (width) => {
      const seen = (await walk()).byWidth.get(width);
      expect(seen?.wide).toEqual([]);
      expect(seen?.englishWords).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it('lands unknown paths on /index', async () => {
    const { page } = await open('/no/such/area');
    await page.waitForURL(/\/index$/);
    await page.goto(`${site.url}/home`);
    await page.waitForURL(/\/index$/);
    await page.close();
  });

  it('hides the menu and the partner strip on the education course, list and detail pages', async () => {
    const { page } = await open('/index');
    await page.getByTestId('partner-strip').waitFor();
    expect(await page.getByRole('navigation', { name: '主菜单' }).count()).toBe(1);
    for (const path of ['/education/course', '/education/list', '/education/detail']) {
      await page.goto(`${site.url}${path}`);
      await waitForContent(page);
      await page.waitForTimeout(300);
      expect(await page.getByRole('navigation', { name: '主菜单' }).count(), path).toBe(0);
      expect(await page.getByTestId('partner-strip').count(), path).toBe(0);
    }
    await page.close();
  });

  it('hides the telephone block on /exchange/study, in the header and the footer', async () => {
    const { page } = await open('/exchange/process');
    await page.getByTestId('hotline').getByRole('link').waitFor();
    await page.getByTestId('footer-hotline').waitFor();
    await page.goto(`${site.url}/exchange/study`);
    await waitForContent(page);
    expect(await page.getByTestId('hotline').count()).toBe(0);
    expect(await page.getByTestId('footer-hotline').count()).toBe(0);
    await page.close();
  });

  interface BannerOnIndex {
    /** [ms since the banner mounted, its height, or -1 once it is gone], one per frame. */
    samples: [number, number][];
    /** The layout shifts of the banner's whole life, from the first paint. */
    cls: number;
  }
  /**
   * /index with motion, watched from its first frame until the banner has opened and closed: one visit per width
   * serves the animation's timings and the layout shift, since the banner's seven seconds of software-painted
   * frames are the cost of each visit.
   */
  const bannerVisits = new Map<number, Promise<BannerOnIndex>>();
  const watchBannerOnIndex = (viewport: { width: number; height: number }) => {
    const visit =
      bannerVisits.get(viewport.width) ??
      (async () => {
        // A first visit, in a context of its own with nothing cached, as these checks were made before the pages
        // shared a context: one clean-clone run measured a layout shift of 0.014 at 1280 px on the shared context.
        const { page } = await openPage(browser, { viewport, motion: true, isolated: true });
        const layoutShift = await watchLayoutShifts(page);
        // Sampled in the page from its first frame, so the clock starts on the frame the banner mounts in,
        // however soon after the load event that is (the page hydrates as its scripts arrive, sometimes
        // before `goto` returns).
        await page.addInitScript(() => {
          (window as unknown as { bannerSamples: Promise<[number, number][]> }).bannerSamples = new Promise(
            (resolve) => {
              const found: [number, number][] = [];
              let start = 0;
              const sample = () => {
                const banner = document.querySelector<HTMLElement>('[data-testid="banner-ad"]');
                if (banner && start === 0) start = performance.now();
                if (start > 0)
                  found.push([performance.now() - start, banner ? banner.getBoundingClientRect().height : -1]);
                if (start > 0 && performance.now() - start > 7600) resolve(found);
                else requestAnimationFrame(sample);
              };
              requestAnimationFrame(sample);
            },
          );
        });
        await page.goto(`${site.url}/index`);
        const samples = await page.evaluate(
          () => (window as unknown as { bannerSamples: Promise<[number, number][]> }).bannerSamples,
        );
        await page.waitForFunction(() => document.querySelector('[data-testid="banner-ad"]') === null, undefined, {
          timeout: 10_000,
        });
        const cls = await layoutShift();
        await page.close();
        return { samples, cls };
      })();
    bannerVisits.set(viewport.width, visit);
    return visit;
  };

  it('animates the banner: 0 → 405px over 3 s, holds 1 s, collapses over 3 s', async () => {
    const { samples } = await watchBannerOnIndex({ width: 1280, height: 900 });
    const near = (ms: number) =>
      samples.reduce((best, entry) => (Math.abs(entry[0] - ms) < Math.abs(best[0] - ms) ? entry : best))[1];
    expect(near(50)).toBeLessThan(30);
    expect(near(1500)).toBeGreaterThan(160);
    expect(near(1500)).toBeLessThan(245);
    expect(near(3300)).toBe(405);
    expect(near(3700)).toBe(405);
    expect(near(5500)).toBeGreaterThan(160);
    expect(near(5500)).toBeLessThan(245);
    expect(near(7500)).toBe(-1);
    expect(Math.max(...samples.map((entry) => entry[1]))).toBe(405);
  });

  it.each([
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ])('the banner costs no layout shift on /index at $width px (CLS ≤ 0.01)', async (viewport) => {
    const { cls } = await watchBannerOnIndex(viewport);
    process.stdout.write(`CLS during the banner on /index at ${viewport.width} px: ${cls.toFixed(4)}\n`);
    expect(cls).toBeLessThanOrEqual(0.01);
  });

  it.each([
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ])('the banner pushes the page down and covers nothing at $width px', async (viewport) => {
    // Where things stand at full height and after the close is a matter of layout, not of timing (the timings have
    // their own test above): the page's clock is the test's, so the banner opens and closes when the test says,
    // without seven seconds of frames painted in software. The clock is its context's, hence a context of its own.
    const { page } = await openPage(browser, { viewport, motion: true, isolated: true });
    await page.clock.install();
    await page.goto(`${site.url}/creditBank/login`);
    await page.getByTestId('banner-ad').waitFor();
    await waitForHydration(page);
    await page.clock.runFor(BANNER.openMs + 100);
    // The page's timers run on the test's clock, but a frame is painted when the browser gets to it: on a busy
    // machine the last frame of the opening may come after the clock has moved on, so the test waits for it.
    await page.waitForFunction(
      ({ ratio }) => {
        const box = document.querySelector('[data-testid="banner-ad"]')?.getBoundingClientRect();
        return !!box && box.width > 0 && Math.abs(box.height - box.width * ratio) <= 1;
      },
      { ratio: BANNER.heightPx / BANNER.recommendedWidthPx },
    );
    const seen = await page.evaluate(() => {
      const bannerBox = document.querySelector('[data-testid="banner-ad"]')?.getBoundingClientRect();
      const at = (element: Element | null) => {
        const box = element?.getBoundingClientRect();
        if (!box) return null;
        const x = Math.max(box.left, 0) + 5;
        // A point outside the window has no element to hit.
        if (x > window.innerWidth || box.top + 5 > window.innerHeight) return null;
        const found = document.elementFromPoint(x, box.top + 5);
        return { top: box.top, inside: !!found && !!element?.contains(found) };
      };
      return {
        banner: { width: bannerBox?.width ?? 0, height: bannerBox?.height ?? 0 },
        header: at(document.querySelector('header.site-header')),
        form: at(document.querySelector('main form')),
      };
    });
    // Open and holding: 405:1000 of the banner's width (the full 405 px on a wide screen).
    expect(seen.banner.width).toBe(Math.min(viewport.width, BANNER.recommendedWidthPx));
    expect(
      Math.abs(seen.banner.height - (seen.banner.width * BANNER.heightPx) / BANNER.recommendedWidthPx),
    ).toBeLessThanOrEqual(1);
    expect(seen.header?.inside).toBe(true);
    expect(seen.header?.top).toBeGreaterThanOrEqual(seen.banner.height - 1);
    if (seen.form) expect(seen.form.inside).toBe(true);
    await page.clock.runFor(BANNER.holdMs + BANNER.closeMs + 500);
    await page.waitForFunction(() => document.querySelector('[data-testid="banner-ad"]') === null);
    // Closed, the page is back in its place.
    expect(await page.evaluate(() => document.querySelector('header.site-header')?.getBoundingClientRect().top)).toBe(
      0,
    );
    await page.close();
  });

  it('folds the menu behind a button below 1000 px, opened and closed by mouse and keyboard', async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${site.url}/news/list`);
    await page.locator('h1').first().waitFor();
    // The button works once the page is hydrated: its script has run when the network is quiet.
    await page.waitForLoadState('networkidle');
    const button = page.getByRole('button', { name: '菜单' });
    // React applies a click's state change a moment later: wait for the attribute rather than read it once.
    const expanded = (value: 'true' | 'false') =>
      page.waitForFunction(
        (want) => document.querySelector('.menu-toggle')?.getAttribute('aria-expanded') === want,
        value,
      );
    const firstItem = page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '关于联盟' });
    await expanded('false');
    await firstItem.waitFor({ state: 'hidden' });
    // Touch targets of at least 44 px, give or take Chromium's layout unit (1/64 px): a 44 px box in a grid of
    // fractional rows measures 43.999996.
    const TOUCH_TARGET = 44 - 1 / 64;
    expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(TOUCH_TARGET);
    await button.click();
    await expanded('true');
    await firstItem.waitFor({ state: 'visible' });
    expect((await firstItem.boundingBox())?.height).toBeGreaterThanOrEqual(TOUCH_TARGET);
    // The second level is listed too, under its first-level item.
    expect(
      await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '新闻动态' }).isVisible(),
    ).toBe(true);
    await button.click();
    await expanded('false');
    await firstItem.waitFor({ state: 'hidden' });
    // By keyboard: the button takes focus, Enter opens, Space closes, and Tab goes on into the opened menu.
    await button.focus();
    await page.keyboard.press('Enter');
    await expanded('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label'))).toBe(
      '主菜单',
    );
    await button.focus();
    await page.keyboard.press('Space');
    await expanded('false');
    // Choosing an item folds the menu again.
    await button.click();
    await firstItem.click();
    await page.waitForURL(/\/alone/);
    await expanded('false');
    await page.close();
  });

  it('shows the menu without a button at 1280 px', async () => {
    const { page } = await open('/news/list');
    await page.locator('h1').first().waitFor();
    expect(await page.getByRole('button', { name: '菜单' }).isVisible()).toBe(false);
    expect(
      await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '关于联盟' }).isVisible(),
    ).toBe(true);
    await page.close();
  });

  it('scrolls the partner strip, pauses it under the mouse and resumes it after', async () => {
    const { page } = await open('/index', { motion: true });
    // The open banner moves the page (and the strip from under a still mouse): closed first.
    await page.getByRole('button', { name: '关闭广告' }).click();
    const strip = page.getByTestId('partner-strip');
    await strip.waitFor();
    const offset = async () => Number(await page.getByTestId('partner-track').getAttribute('data-offset'));
    const first = await offset();
    await page.waitForTimeout(600);
    const moved = await offset();
    expect(moved - first).toBeGreaterThan(10);
    await strip.hover();
    const paused = await offset();
    await page.waitForTimeout(600);
    expect(await offset()).toBe(paused);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(600);
    expect(await offset()).toBeGreaterThan(paused + 10);
    await page.close();
  });

  it('shows a refused request in the 提示信息 modal, 250px from the top, and goes home when closed', async () => {
    const { page } = await open('/news/detail/999999999');
    const modal = page.locator('.ant-modal');
    await modal.waitFor();
    expect(await modal.locator('.ant-modal-title').textContent()).toBe('提示信息');
    expect(await page.getByTestId('error-message').textContent()).not.toBe('');
    expect(await modal.locator('.ant-modal-footer').count()).toBe(0);
    await waitForModalToSettle(page);
    await page.waitForTimeout(400);
    const top = await modal.evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.round(top)).toBe(250);
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/index$/);
    await page.close();
  });

  it('hides the banner ad in the elderly-friendly mode, across visits', async () => {
    const { page } = await open('/index');
    await page.getByTestId('banner-ad').waitFor();
    await page.getByRole('button', { name: '长者模式' }).click();
    expect(await page.getByTestId('banner-ad').count()).toBe(0);
    const size = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(await size()).toBe('20px');
    await page.reload();
    await page.getByRole('button', { name: '退出长者模式' }).waitFor();
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('banner-ad').count()).toBe(0);
    await page.close();
  });

  it('finds a seeded article from the header search box', async () => {
    const { page } = await open('/index');
    await page.getByRole('searchbox', { name: '站内搜索' }).fill('人人动手');
    await page.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL(/\/search\?keyword=/);
    const result = page.getByRole('link', { name: '小学机器人运动课堂如何做到“人人动手”' });
    await result.waitFor();
    await result.click();
    await page.getByRole('heading', { level: 1, name: '小学机器人运动课堂如何做到“人人动手”' }).waitFor();
    await page.close();
  });

  it('loads little JavaScript on a first visit to /index', async () => {
    const { page } = await openPage(browser);
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(
          response.body().then((body) => {
            const size = gzipSync(body, { level: 9 }).length;
            console.info(`  ${new URL(response.url()).pathname}: ${(size / 1024).toFixed(1)} KB gzip`);
            return size;
          }),
        );
      }
    });
    await page.goto(`${site.url}/index`);
    await waitForContent(page);
    await page.waitForLoadState('networkidle');
    const total = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
    console.info(`first visit to /index: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
    // The first visit carries React, the data router as published, core's axios client and the layout; no schema
    // library, no dayjs, no antd (lazily loaded). The budget guards the Lighthouse goal (docs/testing.md).
    expect(total / 1024).toBeLessThanOrEqual(130);
    await page.close();
  });
});
