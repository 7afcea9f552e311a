import { describe, expect, it } from 'vitest';
import { openPage, SKIP_REASON } from '../harness/browser';
import { consoleCall, signIn } from '../harness/consoleApi';
import { useSiteAndBrowser } from '../harness/suite';

interface Image {
  id: number;
  isOpen: number;
  photoTitle: string;
  photoAddress: string;
}

/** What the console does, seen where the public sees it: the portal in Chromium. */
describe.skipIf(SKIP_REASON)('console changes reach the portal', () => {
  const env = useSiteAndBrowser();

  it('a banner an editor saves open becomes the portal’s banner ad, and it opens to 405px', async () => {
    const editor = await signIn(env.site, 'editor');
    const inserted = await consoleCall<Image>(env.site, editor, '/lianmeng/img/imageMsgInsert', {
      body: { belongSortid: 2, isOpen: 1, photoAddress: '/uploads/demo-banner-2.png', photoTitle: '编辑刚发布的横幅' },
    });
    expect(inserted.body.status).toBe(200);

    const { page, errors } = await openPage(env.browser, { motion: true });
    await page.goto(`${env.site.url}/index`);
    const banner = page.getByTestId('banner-ad');
    await banner.getByRole('img', { name: '编辑刚发布的横幅' }).waitFor();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="banner-ad"]')?.getBoundingClientRect().height ?? 0) >= 404,
      undefined,
      { timeout: 6000 },
    );
    expect(errors).toEqual([]);
  });

  it('a partner staff turn off leaves the portal’s strip', async () => {
    const staff = await signIn(env.site, 'staff');
    const partners = await consoleCall<{ seachList: Image[] }>(
      env.site,
      staff,
      '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999',
      {
        body: { belongSortid: 3, isOpen: 1 },
      },
    );
    const target = partners.body.data.seachList[0];
    if (!target) throw new Error('the demo data has no open partner');

    const { page } = await openPage(env.browser);
    await page.goto(`${env.site.url}/index`);
    const strip = page.getByTestId('partner-strip');
    await strip.getByRole('img', { name: target.photoTitle }).first().waitFor();

    const toggled = await consoleCall<Image>(env.site, staff, '/lianmeng/img/imageMsgUpdate', {
      body: { id: target.id, isOpen: 0 },
    });
    expect(toggled.body.data.isOpen).toBe(0);
    await page.reload();
    await strip.getByRole('img').first().waitFor();
    expect(await strip.getByRole('img', { name: target.photoTitle }).count()).toBe(0);
  });

  it('a hotline an administrator changes shows in the portal’s header', async () => {
    const admin = await signIn(env.site, 'admin');
    const current = await consoleCall<Record<string, string>>(env.site, admin, '/lianmeng/api/settings/site');
    const saved = await consoleCall(env.site, admin, '/lianmeng/api/settings/site', {
      method: 'PUT',
      body: { ...current.body.data, hotline: '400-810-2026' },
    });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe(200);
    const { page } = await openPage(env.browser);
    await page.goto(`${env.site.url}/index`);
    await page.getByTestId('hotline').getByText('400-810-2026').waitFor();
  });

  it('a wrong card password shows the 提示信息 modal and keeps the visitor on the form', async () => {
    const { page } = await openPage(env.browser);
    await page.goto(`${env.site.url}/creditBank/login`);
    await page.getByLabel('卡号', { exact: true }).fill('10000001');
    await page.getByLabel('密码', { exact: true }).fill('Wrong-password-1');
    await page.getByLabel('密码', { exact: true }).press('Enter');
    const modal = page.getByRole('dialog');
    await modal.getByText('提示信息').waitFor();
    await expect(modal.textContent()).resolves.toMatch(/卡号或密码不正确/);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/creditBank/login');
    await expect(page.getByLabel('卡号', { exact: true }).inputValue()).resolves.toBe('10000001');
  });
});
