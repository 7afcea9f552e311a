import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, SKIP_REASON } from '../harness/browser';
import { E2E_PASSWORD, type RunningSite, startSite } from '../harness/site';

type Role = 'admin' | 'editor' | 'staff';

describe.skipIf(SKIP_REASON)('console: the built console in Chromium', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  /** Signs in through the Chinese sign-in page, then opens `path` (a deep link under /admin/). */
  const signIn = async (role: Role, path: string): Promise<Page> => {
    const { page } = await openPage(browser);
    await page.goto(`${site.url}/admin${path}`);
    await page.getByLabel('用户名').fill(role);
    await page.getByLabel('密码').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('button', { name: /退出登录|个人信息/ }).first().waitFor();
    return page;
  };

  const publicPartners = async () => {
    const response = await fetch(`${site.url}/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ belongSortid: 3 }),
    });
    return (await response.json()).data.seachList as { id: number; photoTitle: string }[];
  };

  it('keeps the session across a reload and opens deep links', async () => {
    const page = await signIn('editor', '/partners');
    await page.waitForURL(/\/admin\/partners/);
    await page.reload();
    await page.getByRole('button', { name: /清空该分类/ }).waitFor();
    expect(await page.getByLabel('用户名').count()).toBe(0);
    await page.context().close();
  });

  it('lets staff turn a partner off, and the public search no longer returns it', async () => {
    const [partner] = await publicPartners();
    if (!partner) throw new Error('the demo data has no open partner');
    const page = await signIn('staff', '/partners');
    const toggle = page.getByRole('switch', { name: new RegExp(`^${partner.photoTitle} 已开放`) });
    await toggle.click();
    await page.getByText('已关闭', { exact: true }).waitFor();
    await page.getByRole('switch', { name: new RegExp(`^${partner.photoTitle} 已关闭`) }).waitFor();
    expect((await publicPartners()).map((item) => item.id)).not.toContain(partner.id);
    await page.context().close();
  });

  it('shows staff no delete, create or clear button, and the server refuses the call anyway', async () => {
    const [partner] = await publicPartners();
    const page = await signIn('staff', '/partners');
    await page.getByRole('switch').first().waitFor();
    await page.getByRole('checkbox').nth(1).check();
    await page.getByRole('button', { name: '批量关闭' }).waitFor();
    expect(await page.getByRole('button', { name: /^删除/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /清空该分类/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /新建/ }).count()).toBe(0);

    const cookies = await page.context().cookies();
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await page.request.get(`${site.url}/lianmeng/img/imageMsgDel?id=${partner?.id}`, {
      headers: { 'X-XSRF-TOKEN': xsrf, 'X-Lianmeng-Console': '1' },
    });
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toMatch(/权限/);
    expect((await publicPartners()).map((item) => item.id)).toContain(partner?.id);
    await page.context().close();
  });

  it('asks before clearing a sort, naming how many go, then empties the list', async () => {
    const page = await signIn('editor', '/partners');
    await page.getByRole('switch').first().waitFor();
    const rows = await page.getByRole('switch').count();
    await page.getByRole('button', { name: /清空该分类/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.textContent()).resolves.toContain(`全部 ${rows} 条`);
    expect((await publicPartners()).length).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: '清空' }).click();
    await page.getByText(/已清空「合作伙伴」/).waitFor();
    await page.getByRole('switch').first().waitFor({ state: 'detached' });
    expect(await publicPartners()).toEqual([]);
    await page.context().close();
  });

  it('lets an administrator change the hotline, and the public settings show it', async () => {
    const page = await signIn('admin', '/settings');
    const hotline = page.getByLabel(/服务热线/);
    await hotline.fill('400-800-2026');
    await page.getByRole('button', { name: /保存/ }).click();
    await page.getByText('已更新').waitFor();
    const settings = await (await fetch(`${site.url}/api/site/settings`)).json();
    expect(settings.data.hotline).toBe('400-800-2026');
    await page.context().close();
  });

  it('shows each of these in the audit log, filterable by action', async () => {
    const page = await signIn('admin', '/audit');
    const table = page.locator('table');
    await table.getByText('站点设置').first().waitFor();
    const text = await table.textContent();
    for (const action of ['开关', '清空分类', '站点设置', '登录']) expect(text).toContain(action);
    await page.goto(`${site.url}/admin/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'toggle' }))}`);
    await page.getByText('staff').first().waitFor();
    const filtered = await page.locator('table tbody tr').allTextContents();
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((row) => row.includes('开关') && row.includes('staff'))).toBe(true);
    await page.context().close();
  });
});
