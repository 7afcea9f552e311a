import fs from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumInstalled = fs.existsSync(CHROMIUM_PATH);

/**
 * Browser tests need Debian's chromium (.ci/run installs it). On a developer machine without it they are
 * skipped with this reason; in CI a missing browser is a failure, never a silent skip.
 */
export const SKIP_REASON = chromiumInstalled
  ? ''
  : `Chromium is not installed at ${CHROMIUM_PATH} (apt-get install chromium fonts-noto-cjk): browser tests skipped`;
if (!chromiumInstalled && process.env.CI) throw new Error(SKIP_REASON);
if (SKIP_REASON) console.warn(SKIP_REASON);

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

export interface WatchedPage {
  page: Page;
  /** Uncaught exceptions and console errors the page raised. */
  errors: string[];
}

/**
 * A new context and page, watched for errors. Its page asks for reduced motion unless `motion` is set: the
 * banner ad then stands at its full height, and the partner strip and the focus area keep still, as they do
 * for a visitor who asked for less motion. Most suites are about content, layout and behaviour, not motion,
 * and a headless Chromium without a GPU paints every moving frame in software: a page with the banner moving
 * costs most of a core for its seven seconds. The suites about motion set `motion`.
 */
export const openPage = async (
  browser: Browser,
  options: { viewport?: { width: number; height: number }; motion?: boolean } = {},
) => {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: options.viewport ?? { width: 1280, height: 900 },
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { page, errors } satisfies WatchedPage;
};

/** Resolves once React has attached itself to the server-rendered root: the page is hydrated. */
export const waitForHydration = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

/** How many pages a route walk keeps open at once. */
export const ROUTE_WALK_LANES = 3;

/**
 * Runs `visit` on every item, spread over `lanes` pages that each take the next item when done with theirs.
 * A route walk mostly waits on the server, the network and the page's timers, so a few pages side by side
 * finish it sooner than one page in turn; every item is still visited once, with the same checks.
 */
export const visitInLanes = async <T, P>(
  items: readonly T[],
  openLane: () => Promise<P>,
  visit: (lane: P, item: T) => Promise<void>,
  lanes = ROUTE_WALK_LANES,
): Promise<P[]> => {
  let next = 0;
  return Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      const lane = await openLane();
      for (let index = next++; index < items.length; index = next++) await visit(lane, items[index] as T);
      return lane;
    }),
  );
};
