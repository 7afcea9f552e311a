import fs from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type LaunchOptions,
  type Locator,
  type Page,
} from 'playwright-core';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same Blink and V8 as the full browser
 * without its window system, the build Playwright itself runs for headless tests, and cheaper to run than the full
 * `chromium` in headless mode (docs/testing.md). Where only the full browser is installed, the suites run on it.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  [HEADLESS_SHELL_PATH, '/usr/bin/chromium'].find((candidate) => fs.existsSync(candidate)) ??
  HEADLESS_SHELL_PATH;
export const chromiumInstalled = fs.existsSync(CHROMIUM_PATH);

/**
 * Browser tests need Debian's Chromium (.ci/run installs its headless shell). On a developer machine without
 * it they are skipped with this reason; in CI a missing browser is a failure, never a silent skip.
 */
export const SKIP_REASON = chromiumInstalled
  ? ''
  : `Chromium is not installed at ${CHROMIUM_PATH} (apt-get install chromium-headless-shell fonts-noto-cjk): browser tests skipped`;
if (!chromiumInstalled && process.env.CI) throw new Error(SKIP_REASON);
if (SKIP_REASON) console.warn(SKIP_REASON);

const LAUNCH_OPTIONS = {
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
} satisfies LaunchOptions;

/** Where the run's Chromium listens: the browser suites' globalSetup starts one that every suite connects to. */
export const BROWSER_ENDPOINT_KEY = 'e2eBrowserEndpoint';

declare module 'vitest' {
  export interface ProvidedContext {
    [BROWSER_ENDPOINT_KEY]: string;
  }
}

/** The run's one Chromium: started and stopped once for the run instead of once per browser file. */
export const startBrowserServer = () => chromium.launchServer(LAUNCH_OPTIONS);

/**
 * A connection to the run's Chromium, or a Chromium of its own outside the browser suites' run. Closing a
 * connection closes the contexts it made, not the browser.
 */
export const openBrowser = async (): Promise<Browser> => {
  const { inject } = await import('vitest');
  const endpoint = inject(BROWSER_ENDPOINT_KEY);
  return endpoint ? chromium.connect(endpoint) : chromium.launch(LAUNCH_OPTIONS);
};

export interface PageOptions {
  viewport?: { width: number; height: number };
  motion?: boolean;
  isolated?: boolean;
}

export interface WatchedPage {
  page: Page;
  /** Uncaught exceptions and console errors the page raised. */
  errors: string[];
}

interface SharedContext {
  /** Made by the first page asked for, and shared with the pages asked for while it is being made. */
  context: Promise<BrowserContext>;
  /** The test whose pages the context holds. */
  test: string;
  /** The origins its pages have loaded: where the next test must find no storage. */
  origins: Set<string>;
  /** Page creation, one at a time, so that no page of a new test is made before the last test is wiped away. */
  queue: Promise<unknown>;
}

const sharedContexts = new WeakMap<Browser, SharedContext>();

/** The running test, or the running hook's file: a test's pages share a context, and no test sees another's. */
const currentTest = async () => {
  const { expect } = await import('vitest');
  const { testPath, currentTestName } = expect.getState();
  return `${testPath ?? ''} › ${currentTestName ?? '(hook)'}`;
};

const contextOptions = (options: PageOptions) => ({
  locale: 'zh-CN',
  viewport: options.viewport ?? { width: 1280, height: 900 },
  reducedMotion: options.motion ? ('no-preference' as const) : ('reduce' as const),
});

/**
 * A page of the browser's shared context. A new browser context costs this headless Chromium much more than a new
 * page in an open one (its profile, network context and a few renderer processes), and the suites open about a
 * hundred pages. So pages share one context, and what a test could leave behind
 * is wiped when the next test opens its first page: the last test's pages are closed, and the cookies,
 * permissions and every origin's storage (local, session, IndexedDB, caches) cleared. The HTTP cache stays, as a
 * returning visitor's would.
 */
const sharedPage = async (browser: Browser, options: PageOptions): Promise<Page> => {
  const test = await currentTest();
  let shared = sharedContexts.get(browser);
  if (!shared) {
    shared = { context: browser.newContext(contextOptions({})), test, origins: new Set(), queue: Promise.resolve() };
    sharedContexts.set(browser, shared);
  }
  const { origins } = shared;
  const context = await shared.context;
  const handOver = shared.test !== test;
  shared.test = test;
  const created = shared.queue.then(async () => {
    if (handOver) {
      await Promise.all(context.pages().map((page) => page.close()));
      await context.clearCookies();
      await context.clearPermissions();
    }
    const page = await context.newPage();
    if (handOver && origins.size > 0) {
      const devtools = await context.newCDPSession(page);
      for (const origin of origins) {
        await devtools.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      }
      await devtools.detach();
      origins.clear();
    }
    return page;
  });
  shared.queue = created.catch(() => undefined);
  const page = await created;
  page.on('framenavigated', (frame) => {
    const { origin } = new URL(frame.url());
    if (origin.startsWith('http')) origins.add(origin);
  });
  const { viewport, reducedMotion } = contextOptions(options);
  await page.setViewportSize(viewport);
  await page.emulateMedia({ reducedMotion });
  return page;
};

/** A page in a context of its own, which closes with it. */
const isolatedPage = async (browser: Browser, options: PageOptions): Promise<Page> => {
  const context = await browser.newContext(contextOptions(options));
  const page = await context.newPage();
  page.once('close', () => void context.close());
  return page;
};

/**
 * A page, watched for errors. It asks for reduced motion unless `motion` is set: the banner ad then stands at its
 * full height, and the partner strip and the focus area keep still, as they do for a visitor who asked for less
 * motion. Most suites are about content, layout and behaviour, not motion, and a headless Chromium without a GPU
 * paints every moving frame in software: a page with the banner moving costs most of a core for its seven seconds.
 * The suites about motion set `motion`.
 *
 * The page shares its context with the other pages of the test (see `sharedPage`); `isolated` gives it a
 * context of its own, for a test that changes what a context holds for all its pages (the page clock).
 */
export const openPage = async (browser: Browser, options: PageOptions = {}) => {
  const page = options.isolated ? await isolatedPage(browser, options) : await sharedPage(browser, options);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { page, errors } satisfies WatchedPage;
};

/**
 * Records the page's layout shifts from its first paint on, those not caused by input, as CLS counts them: call it
 * before the page loads. Resolves with a reader of their sum so far.
 */
export const watchLayoutShifts = async (page: Page) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
    );
};

/** Resolves once React has attached itself to the server-rendered root: the page is hydrated. */
export const waitForHydration = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

/**
 * Resolves once antd's zoom-in of the open modal has ended. Until then the dialog is still growing under the
 * pointer: a click aimed at one of its controls can land beside it on a loaded machine, and its colours and
 * position are not yet the final ones.
 */
export const waitForModalToSettle = (page: Page) =>
  page.waitForFunction(() => {
    const modal = document.querySelector('.ant-modal');
    return modal !== null && !modal.closest('[class*="zoom-appear"], [class*="zoom-enter"]');
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

/**
 * Chooses `option` in the antd select `field` (its combobox, found by its label) and waits until the select
 * shows it. On a loaded machine a click can land while the list is still sliding open and be lost, as a
 * person's can: then the list is opened and the option chosen again.
 */
export const chooseOption = async (page: Page, field: Locator, option: string) => {
  // The combobox sits in the element that shows the chosen option, titled with it.
  const shown = async () => (await field.locator('xpath=..').getAttribute('title')) === option;
  for (let attempt = 0; attempt < 5 && !(await shown()); attempt += 1) {
    await field.click();
    // Until its opening motion ends the list is still growing: a click aimed at an option can land on the
    // field beneath it, which closes the list.
    await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll('.ant-select-dropdown')].some(
            (list) =>
              !list.classList.contains('ant-select-dropdown-hidden') && !/-(appear|enter)\b/.test(list.className),
          ),
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    await page
      .locator('.ant-select-item-option')
      .filter({ visible: true })
      .and(page.getByTitle(option, { exact: true }))
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    const deadline = Date.now() + 5_000;
    while (!(await shown()) && Date.now() < deadline) await page.waitForTimeout(200);
  }
  if (!(await shown())) throw new Error(`the select did not take ${option}`);
};
