import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, SKIP_REASON } from '../harness/browser';
import { useSiteAndBrowser } from '../harness/suite';

describe.skipIf(SKIP_REASON)('smoke: the built site in Chromium', () => {
  const env = useSiteAndBrowser();

  it('lands on /index from the root', async () => {
    const { page, errors } = await openPage(env.browser);
    await page.goto(`${env.site.url}/`);
    await page.waitForURL(/\/index$/);
    await expect(page.title()).resolves.toContain('全国学校体育联盟');
    expect(errors).toEqual([]);
  });

  it('lands on /index from an unknown path', async () => {
    const { page, errors } = await openPage(env.browser);
    await page.goto(`${env.site.url}/no/such/page`);
    await page.waitForURL(/\/index$/);
    expect(errors).toEqual([]);
  });

  it('loads the console', async () => {
    const { page, errors } = await openPage(env.browser);
    const response = await page.goto(`${env.site.url}/admin/`);
    expect(response?.status()).toBe(200);
    await page
      .getByRole('heading', { name: /管理台/ })
      .first()
      .waitFor();
    // A signed-out visitor's "who am I" is answered 401 by design; Chromium logs every 4xx resource.
    expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
  });

  it('answers the layout banner call with the open banner', async () => {
    const response = await fetch(`${env.site.url}/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ belongSortid: 2, isOpen: 1 }),
    });
    const body = await response.json();
    expect(body.status).toBe(200);
    expect(body.data.seachList).toHaveLength(1);
    expect(body.data.seachList[0].isOpen).toBe(1);
  });

  // A test finds nothing another test left in the browser: pages share a context, wiped between tests.
  let earlier: Page | undefined;

  it('leaves a cookie, local and session storage, and an open page behind', async () => {
    const { page } = await openPage(env.browser);
    await page.goto(`${env.site.url}/index`);
    await page.context().addCookies([{ name: 'left', value: 'behind', url: env.site.url }]);
    await page.evaluate(() => {
      localStorage.setItem('left', 'behind');
      sessionStorage.setItem('left', 'behind');
    });
    expect(await page.evaluate(() => document.cookie)).toContain('left=behind');
    earlier = page;
  });

  it('opens its first page on a browser with none of it', async () => {
    const { page } = await openPage(env.browser);
    expect(earlier?.isClosed()).toBe(true);
    await page.goto(`${env.site.url}/index`);
    const left = await page.evaluate(() => ({
      cookie: document.cookie.includes('left='),
      local: localStorage.getItem('left'),
      session: sessionStorage.getItem('left'),
    }));
    expect(left).toEqual({ cookie: false, local: null, session: null });
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('left');
  });
});
