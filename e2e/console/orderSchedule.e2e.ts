import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, SKIP_REASON } from '../harness/browser';
import { signIn as apiSignIn, consoleCall, signInThroughPage } from '../harness/consoleApi';
import { useSiteAndBrowser } from '../harness/suite';

describe.skipIf(SKIP_REASON)('console: order and schedule of banners and partners, seen on the portal', () => {
  const env = useSiteAndBrowser();

  const signIn = async (path: string): Promise<Page> =>
    (await signInThroughPage(env.browser, env.site, 'editor', path)).page;

  /** The partner titles of the strip in the server-rendered /index, in order (the marquee's copies have no alt). */
  const stripTitles = async () => {
    const html = await (await fetch(`${env.site.url}/index`)).text();
    return [...html.matchAll(/<li class="partner-tile"[^>]*>.*?<img[^>]*alt="([^"]+)"/g)].map((match) => match[1]);
  };

  const orderRows = (page: Page) => page.getByTestId('order-row');

  /** The partners as the console lists them (display order, closed ones too). */
  const consolePartners = async (session: string) =>
    (
      await consoleCall<{ seachList: { photoTitle: string; isOpen: number }[] }>(
        env.site,
        session,
        '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999',
        { body: { belongSortid: 3 } },
      )
    ).body.data.seachList;

  it('reorders partners with the keyboard and with the mouse, and the portal strip follows', async () => {
    const session = await apiSignIn(env.site, 'editor');
    const titles = async () => (await consolePartners(session)).map((partner) => partner.photoTitle);
    const openTitles = async () =>
      (await consolePartners(session)).filter((partner) => partner.isOpen === 1).map((partner) => partner.photoTitle);
    const before = await titles();
    expect(before.length).toBeGreaterThan(2);
    const [first, second, third] = before as [string, string, string];
    expect(await stripTitles()).toEqual(await openTitles());

    const page = await signIn('/partners');
    await page.getByRole('button', { name: '调整顺序' }).click();
    await orderRows(page).first().waitFor();

    // Keyboard: pick up the first row's handle, move it down one place, drop it.
    const firstHandle = page.getByRole('button', { name: new RegExp(`拖动调整「${first}」的顺序`) });
    await firstHandle.focus();
    await page.keyboard.press('Space');
    await page.locator('[aria-pressed="true"][aria-roledescription="sortable"]').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.getByText(`「${first}」移到第 2 位`).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await page.getByText('顺序已保存').first().waitFor();
    expect(await titles()).toEqual([second, first, third, ...before.slice(3)]);
    expect(await stripTitles()).toEqual(await openTitles());

    // Mouse: drag the third row's handle above the first row.
    const handle = page.getByRole('button', { name: new RegExp(`拖动调整「${third}」的顺序`) });
    const from = await handle.boundingBox();
    const to = await orderRows(page).first().boundingBox();
    if (!from || !to) throw new Error('the rows are not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 10 });
    await page.mouse.up();
    await expect.poll(titles, { timeout: 5000 }).toEqual([third, second, first, ...before.slice(3)]);
    expect(await stripTitles()).toEqual(await openTitles());
    await page.close();
  });

  it('shows a banner scheduled a few seconds ahead on the portal only when its time comes', async () => {
    const session = await apiSignIn(env.site, 'editor');
    // Close the demo banners so the scheduled one is the only candidate.
    const banners = await consoleCall<{ seachList: { id: number }[] }>(
      env.site,
      session,
      '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999',
      { body: { belongSortid: 2 } },
    );
    const ids = banners.body.data.seachList.map((banner) => banner.id);
    if (ids.length > 0) {
      const closed = await consoleCall(env.site, session, '/lianmeng/img/imageMsgOpenMany', {
        body: { belongSortid: 2, ids, isOpen: 0 },
      });
      expect(closed.status).toBe(200);
    }
    const opensAt = new Date(Date.now() + 8000);
    const created = await consoleCall<{ id: number }>(env.site, session, '/lianmeng/img/imageMsgInsert', {
      body: {
        belongSortid: 2,
        isOpen: 1,
        photoTitle: '定时开启的横幅',
        photoAddress: 'https://www.example.edu.cn/banner.png',
        showFrom: opensAt.toISOString(),
      },
    });
    expect(created.status).toBe(200);

    const { page } = await openPage(env.browser);
    await page.route('https://www.example.edu.cn/**', (route) => route.fulfill({ status: 204 }));
    const banner = page.getByRole('complementary', { name: '广告' });
    await page.goto(`${env.site.url}/index`);
    await page.getByRole('navigation', { name: '主菜单' }).waitFor();
    expect(await banner.count()).toBe(0);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt.getTime() - Date.now()) + 300));
    await page.reload();
    await banner.waitFor({ timeout: 5000 });
    expect(await banner.getByRole('img', { name: '定时开启的横幅' }).count()).toBe(1);
    await page.close();
  });
});
