import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { openBrowser } from './browser';
import { type RunningSite, startSite } from './site';

export interface SiteHandle {
  /** The running site; read it inside tests and hooks, once `beforeAll` has run. */
  readonly site: RunningSite;
}

export interface SiteAndBrowser extends SiteHandle {
  readonly browser: Browser;
}

const started = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} is not started: read it inside a test or hook`);
  return value;
};

/** Starts the built site on a free port with a fresh DATA_DIR before the suite, and stops it after. */
export const useSite = (env: Record<string, string> = {}): SiteHandle => {
  let site: RunningSite | undefined;
  beforeAll(async () => {
    site = await startSite(env);
  });
  afterAll(async () => {
    await site?.stop();
  });
  return {
    get site() {
      return started(site, 'the site');
    },
  };
};

/** `useSite`, plus one Chromium for the suite. */
export const useSiteAndBrowser = (env: Record<string, string> = {}): SiteAndBrowser => {
  const handle = useSite(env);
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get site() {
      return handle.site;
    },
    get browser() {
      return started(browser, 'the browser');
    },
  };
};

export interface TwoSites {
  /** The two running sites; read them inside tests and hooks. */
  readonly sites: readonly [RunningSite, RunningSite];
}

/**
 * Two servers on one database: `env` is read when the suite starts (after the hooks registered before this
 * call, so a scratch database made there can be named). `concurrently` starts them at the same moment.
 */
export const useTwoSites = (
  env: () => Record<string, string>,
  { concurrently = false }: { concurrently?: boolean } = {},
): TwoSites => {
  let sites: [RunningSite, RunningSite] | undefined;
  beforeAll(async () => {
    const settings = env();
    sites = concurrently
      ? await Promise.all([startSite(settings), startSite(settings)])
      : [await startSite(settings), await startSite(settings)];
  });
  afterAll(async () => {
    await Promise.all((sites ?? []).map((site) => site.stop()));
  });
  return {
    get sites() {
      return started(sites, 'the sites');
    },
  };
};
