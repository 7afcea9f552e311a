import type { Browser, Page, Request } from 'playwright-core';
import { openPage, visitInLanes, waitForHydration } from '../harness/browser';
import { FORM_ROUTES, PORTAL_ROUTES } from './portalRoutes';

/** The widths every route is checked at: loaded at the narrowest, where a page is likeliest to overflow, then widened. */
export const WALK_WIDTHS = [360, 390, 768, 1280] as const;

/** The routes walked: every portal route, a news article and both log-in pages. */
export const WALKED_ROUTES = [...PORTAL_ROUTES, '/news/detail/1', '/creditBank/login', '/login'];

const SITE_TITLE = '全国学校体育联盟（机器人运动）';
/** Words of antd's and the browser's English interface that a Chinese page must not show. */
const ENGLISH_UI_WORDS =
  /\b(page|pages|Search|items|OK|Cancel|Previous|Next|Loading|Submit|Close|No data|Select|Expand|Collapse)\b/;
const API = /\/(api|lianmeng|card)\//;
/** A request to the site's API (content, images, card holders), as opposed to a page, script, style or picture. */
export const isApiCall = (request: Request) => API.test(new URL(request.url()).pathname);

/** What the walk found wrong, by check; every list is empty on a sound site. */
export interface RouteWalkFindings {
  /** Per route with content: an empty state, a title off the site's pattern, a modal, or no content at all. */
  content: string[];
  /** API calls a page made after its server-rendered HTML had loaded: what the HTML should already hold. */
  callsAfterLoad: string[];
  /** Console warnings (React's hydration mismatches among them). */
  warnings: string[];
  /** Uncaught exceptions and console errors. */
  errors: string[];
  /** Per width: pages wider than the window, and English interface words. */
  byWidth: Map<number, { wide: string[]; englishWords: string[] }>;
}

/**
 * A page has content when its h1 is there and it shows dated items, an article body or an event's items, not an
 * empty state; a form route's content is its form.
 */
export const waitForContent = async (page: Page) => {
  await page.locator('h1').first().waitFor({ state: 'attached' });
  await page.waitForFunction(
    (formRoutes) =>
      document.querySelector('[data-testid="skeleton"]') === null &&
      (document.querySelector('.article-list li, .care-list li, .article-body, .event-items li') !== null ||
        document.querySelector('[data-testid="empty-state"]') !== null ||
        (formRoutes.includes(location.pathname) && document.querySelector('main form') !== null)),
    FORM_ROUTES,
    { timeout: 15_000 },
  );
};

/** The page's interface text: articles (the single pages' English versions among them) and the columns' English subtitles are content. */
const interfaceText = (page: Page) =>
  page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const element of Array.from(copy.querySelectorAll('script, style, .article-body, [lang^="en"], .en-title'))) {
      element.remove();
    }
    return copy.textContent ?? '';
  });

/**
 * One visit per route serves every check that reads a freshly loaded page, instead of a walk per check: each
 * page load of the portal costs a headless Chromium about half a core-second, and the checks do not disturb one
 * another. Each route is loaded at the narrowest width with script on and watched from its first request:
 *   - once hydrated, it must have called no API (the HTML holds the page's data), with no warning or error;
 *   - a content route must show content, under a title of the site's pattern, with no 提示信息 modal;
 *   - widened step by step, it must fit every width and show no English interface word; and it must still call
 *     nothing at the end, so a part that only a wide window shows cannot fetch what the HTML holds either.
 */
export const walkEveryRoute = async (browser: Browser, siteUrl: string): Promise<RouteWalkFindings> => {
  const findings: RouteWalkFindings = {
    content: [],
    callsAfterLoad: [],
    warnings: [],
    errors: [],
    byWidth: new Map(WALK_WIDTHS.map((width) => [width, { wide: [], englishWords: [] }])),
  };
  const contentRoutes = new Set<string>(PORTAL_ROUTES);
  const openLane = async () => {
    const watched = await openPage(browser, { viewport: { width: WALK_WIDTHS[0], height: 800 } });
    const calls: string[] = [];
    watched.page.on('request', (request) => {
      if (isApiCall(request)) calls.push(request.url());
    });
    watched.page.on('console', (message) => {
      if (message.type() === 'warning') findings.warnings.push(message.text());
    });
    return { ...watched, calls };
  };
  const lanes = await visitInLanes(WALKED_ROUTES, openLane, async ({ page, calls }, path) => {
    await page.setViewportSize({ width: WALK_WIDTHS[0], height: 800 });
    calls.length = 0;
    await page.goto(`${siteUrl}${path}`);
    await page.waitForLoadState('networkidle');
    await waitForHydration(page);
    await page.waitForTimeout(200);
    if (contentRoutes.has(path)) {
      await waitForContent(page);
      if ((await page.locator('[data-testid="empty-state"]').count()) > 0) findings.content.push(`${path}: 暂无内容`);
      const title = await page.title();
      if (!new RegExp(`^.+ - ${SITE_TITLE}$`).test(title)) findings.content.push(`${path}: title “${title}”`);
      if ((await page.locator('.ant-modal').count()) > 0) findings.content.push(`${path}: a modal is open`);
    }
    for (const width of WALK_WIDTHS) {
      const seen = findings.byWidth.get(width);
      if (!seen) continue;
      if (width !== WALK_WIDTHS[0]) {
        await page.setViewportSize({ width, height: 800 });
        // Two frames: the resize's layout and whatever the page's script changed in answer to it.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
      }
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) seen.wide.push(`${path}: ${scrollWidth}px`);
      const english = (await interfaceText(page)).match(ENGLISH_UI_WORDS);
      if (english) seen.englishWords.push(`${path}: ${english[0]}`);
    }
    findings.callsAfterLoad.push(...calls.map((call) => `${path}: ${call}`));
  });
  findings.errors.push(...lanes.flatMap((lane) => lane.errors));
  await Promise.all(lanes.map((lane) => lane.page.close()));
  return findings;
};
