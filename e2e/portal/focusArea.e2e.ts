import fs from 'node:fs';
import { createRequire } from 'node:module';
import { BANNER, FOCUS_AREA } from '@lianmeng/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, SKIP_REASON, waitForHydration, watchLayoutShifts } from '../harness/browser';
import { useSiteAndBrowser } from '../harness/suite';

// Evaluated through the DevTools protocol: the site's CSP (script-src 'self') rightly refuses an inline script.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The number (1-based) of the slide on show. */
const shownSlide = (page: Page) =>
  page.evaluate(() => {
    const label = document
      .querySelector('[data-testid="focus-slide"]:not([aria-hidden="true"])')
      ?.getAttribute('aria-label');
    return Number(label?.match(/第 (\d+) 张/)?.[1] ?? 0);
  });

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);

describe.skipIf(SKIP_REASON)('the focus area on /index in Chromium', () => {
  const env = useSiteAndBrowser();

  /**
   * /index, moving, with the page's clock under the test's hand, so the turns come when the test says. The clock
   * is its context's, for every page the context opens after, so this page has a context of its own.
   */
  const openIndex = async (viewport = { width: 1280, height: 900 }) => {
    const watched = await openPage(env.browser, { viewport, motion: true, isolated: true });
    await watched.page.clock.install();
    await watched.page.goto(`${env.site.url}/index`);
    await watched.page.getByRole('region', { name: '焦点图' }).waitFor();
    // Hydrated: the React handlers are attached once the page's own script has run.
    await watched.page.waitForLoadState('networkidle');
    return watched;
  };

  it('shows seeded covers and moves by itself', async () => {
    const { page, errors } = await openIndex();
    const area = page.getByRole('region', { name: '焦点图' });
    expect(await area.getByTestId('focus-slide').count()).toBe(FOCUS_AREA.size);
    const first = area.locator('img').first();
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await shownSlide(page)).toBe(1);
    await page.clock.runFor(FOCUS_AREA.intervalMs + 100);
    expect(await shownSlide(page)).toBe(2);
    await page.clock.runFor(FOCUS_AREA.intervalMs);
    expect(await shownSlide(page)).toBe(3);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('holds while the pointer is over it', async () => {
    const { page } = await openIndex();
    // The banner ad pushes the page down and back up: the area would slide away from under a still pointer.
    await page.clock.runFor(BANNER.openMs + BANNER.holdMs + BANNER.closeMs + 500);
    await page.waitForFunction(() => document.querySelector('[data-testid="banner-ad"]') === null);
    const before = await shownSlide(page);
    const area = page.getByRole('region', { name: '焦点图' });
    await area.hover({ position: { x: 40, y: 40 } });
    await page.clock.runFor(FOCUS_AREA.intervalMs * 3);
    expect(await shownSlide(page)).toBe(before);
    await page.mouse.move(1, 1);
    await page.clock.runFor(FOCUS_AREA.intervalMs + 100);
    expect(await shownSlide(page)).toBe((before % FOCUS_AREA.size) + 1);
    await page.close();
  });

  it('is worked with the keyboard: next and previous by Tab and Enter or Space', async () => {
    const { page } = await openIndex();
    await page.getByRole('button', { name: '停止自动播放' }).focus();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toMatch(/\S/);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('上一张');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('下一张');
    await page.keyboard.press('Enter');
    expect(await shownSlide(page)).toBe(2);
    await page.keyboard.press('Enter');
    expect(await shownSlide(page)).toBe(3);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('上一张');
    await page.keyboard.press('Space');
    expect(await shownSlide(page)).toBe(2);
    // Focus inside holds the turning.
    await page.clock.runFor(FOCUS_AREA.intervalMs * 3);
    expect(await shownSlide(page)).toBe(2);
    // The rotation button stops it for good.
    await page.getByRole('button', { name: '停止自动播放' }).press('Enter');
    await page.getByRole('button', { name: '开始自动播放' }).waitFor();
    await page.locator('body').focus();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(FOCUS_AREA.intervalMs * 3);
    expect(await shownSlide(page)).toBe(2);
    await page.close();
  });

  it('stands still for a visitor who asked for less motion', async () => {
    const context = await env.browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${env.site.url}/index`);
    await page.getByRole('region', { name: '焦点图' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(FOCUS_AREA.intervalMs * 3);
    expect(await shownSlide(page)).toBe(1);
    expect(await page.getByRole('button', { name: /自动播放/ }).count()).toBe(0);
    await context.close();
  });

  it.each([390, 1280])('scrolls sideways at %i px neither on /index nor on the news list', async (width) => {
    const { page } = await openPage(env.browser, { viewport: { width, height: 844 } });
    for (const path of ['/index', '/news/list', '/exchange/achievements']) {
      await page.goto(`${env.site.url}${path}`);
      await page.locator('h1').first().waitFor({ state: 'attached' });
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
    }
    await page.close();
  });

  it('fills its cell beside a taller column section at 1280 px: the picture grows, no blank band under the dots', async () => {
    const { page } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${env.site.url}/index`);
    const area = page.getByRole('region', { name: '焦点图' });
    await area.waitFor();
    // Measured on the hydrated page: hydration may draw the slides again (for a visitor who asked for less
    // motion, among others), and a measure taken across it finds no slide on show.
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    /** How far the dots end above the area's bottom, and the picture and its arrows' box. */
    const measure = () =>
      area.evaluate((section) => {
        const box = (selector: string) => section.querySelector(selector)?.getBoundingClientRect() ?? new DOMRect();
        const picture = box('.focus-slide.is-active picture');
        const arrows = box('.focus-arrows');
        return {
          gapUnderDots: section.getBoundingClientRect().bottom - box('.focus-dots').bottom,
          pictureHeight: picture.height,
          arrowsOffCentre: Math.abs(arrows.top + arrows.height / 2 - (picture.top + picture.height / 2)),
        };
      });
    const before = await measure();
    // A neighbour taller by 90 px, as longer titles in the news section would make it.
    await page.evaluate(() => {
      const filler = document.createElement('div');
      filler.style.height = '90px';
      document.querySelector('.home-section')?.append(filler);
    });
    const after = await measure();
    expect(after.gapUnderDots).toBeLessThanOrEqual(before.gapUnderDots + 1);
    expect(after.pictureHeight).toBeGreaterThan(before.pictureHeight + 80);
    expect(after.arrowsOffCentre).toBeLessThanOrEqual(2);
    await page.close();
  });

  it.each([1280, 390])('finds no serious or critical axe violation on /index at %i px', async (width) => {
    const { page } = await openPage(env.browser, { viewport: { width, height: 844 } });
    await page.goto(`${env.site.url}/index`);
    await page.getByRole('region', { name: '焦点图' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string }[] }> } })
        .axe;
      return (await axe.run()).violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id);
    });
    expect(violations).toEqual([]);
    await page.close();
  });

  it.each([
    { path: '/index', width: 1280 },
    { path: '/index', width: 390 },
    { path: '/news/list', width: 1280 },
    { path: '/news/list', width: 390 },
  ])('costs no layout shift as the covers arrive on $path at $width px (CLS ≤ 0.01)', async ({ path, width }) => {
    const { page } = await openPage(env.browser, { viewport: { width, height: 844 } });
    const layoutShift = await watchLayoutShifts(page);
    // Covers arrive late: every image answer waits, so the page is laid out before any picture is there.
    await page.route('**/uploads/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto(`${env.site.url}${path}`);
    await page.locator('h1').first().waitFor({ state: 'attached' });
    // The lazy covers further down load as the page is scrolled through.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(
      () => {
        const images = Array.from(
          document.querySelectorAll<HTMLImageElement>('.focus-slide.is-active img, .article-cover img'),
        );
        return images.length > 0 && images.every((img) => img.complete);
      },
      undefined,
      { timeout: 15_000 },
    );
    await page.waitForTimeout(300);
    const cls = await layoutShift();
    process.stdout.write(`CLS with covers on ${path} at ${width} px: ${cls.toFixed(4)}\n`);
    expect(cls).toBeLessThanOrEqual(0.01);
    await page.close();
  });
});
