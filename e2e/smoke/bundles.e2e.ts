import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, SKIP_REASON } from '../harness/browser';
import { useSiteAndBrowser } from '../harness/suite';

/**
 * Text zod's runtime carries whatever the minifier does to it: its class names are strings
 * (`$constructor("ZodObject", …)`) and its issue codes travel to the user.
 */
const ZOD_MARKS = [/["'`]\$?Zod(Object|String|Type|Error)["'`]/, /["'`]invalid_type["'`]/];

/** axios's error class names itself, and its error codes are strings, whatever the minifier does. */
const AXIOS_MARKS = [/["'`]AxiosError["'`]/, /["'`]ERR_BAD_RESPONSE["'`]/];

/** What the console may load before sign-in: the sign-in form on React, without react-admin, MUI or axios. */
const CONSOLE_SIGN_IN_BUDGET_BYTES = 90 * 1024;

interface FirstVisit {
  gzipBytes: number;
  scripts: string[];
  zodIn: string[];
  axiosIn: string[];
}

/** Every script a first visit loads until the network is idle, gzipped the way the server sends them. */
const firstVisit = async (
  browser: Browser,
  url: string,
  ready: (page: import('playwright-core').Page) => Promise<void>,
) => {
  const { page } = await openPage(browser);
  const pending: Promise<{ path: string; size: number; zod: boolean; axios: boolean }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => ({
        path: new URL(response.url()).pathname,
        size: gzipSync(body, { level: 9 }).length,
        zod: ZOD_MARKS.some((mark) => mark.test(body.toString('utf8'))),
        axios: AXIOS_MARKS.some((mark) => mark.test(body.toString('utf8'))),
      })),
    );
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(pending);
  await page.close();
  return {
    gzipBytes: scripts.reduce((sum, script) => sum + script.size, 0),
    scripts: scripts.map((script) => script.path),
    zodIn: scripts.filter((script) => script.zod).map((script) => script.path),
    axiosIn: scripts.filter((script) => script.axios).map((script) => script.path),
  } satisfies FirstVisit;
};

describe.skipIf(SKIP_REASON)('the browser bundles', () => {
  const env = useSiteAndBrowser();

  it('the portal’s first visit to /index ships no schema library', async () => {
    const visit = await firstVisit(env.browser, `${env.site.url}/index`, (page) =>
      page.locator('h1').first().waitFor({ state: 'attached' }),
    );
    console.info(
      `first visit to /index: ${visit.scripts.length} scripts, ${(visit.gzipBytes / 1024).toFixed(1)} KB gzip`,
    );
    expect(visit.scripts.length).toBeGreaterThan(0);
    expect(visit.zodIn).toEqual([]);
  });

  it('the console before sign-in ships no schema library and no http client, within its budget', async () => {
    const visit = await firstVisit(env.browser, `${env.site.url}/admin/`, (page) =>
      page
        .getByRole('heading', { name: /管理台/ })
        .first()
        .waitFor(),
    );
    console.info(
      `console before sign-in: ${visit.scripts.length} scripts, ${(visit.gzipBytes / 1024).toFixed(1)} KB gzip`,
    );
    expect(visit.scripts.length).toBeGreaterThan(0);
    expect(visit.zodIn).toEqual([]);
    // The page says the visitor is signed out, so nothing is asked before the form: axios loads with sign-in.
    expect(visit.axiosIn).toEqual([]);
    expect(visit.gzipBytes).toBeLessThanOrEqual(CONSOLE_SIGN_IN_BUDGET_BYTES);
  });
});
