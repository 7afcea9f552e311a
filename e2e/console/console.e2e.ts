import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, SKIP_REASON } from '../harness/browser';
import { signInThroughPage } from '../harness/consoleApi';
import { useSiteAndBrowser } from '../harness/suite';

type Role = 'admin' | 'editor' | 'staff';

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG of one colour, built here so the browser test needs no image library. */
const solidPng = (width: number, height: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([11, 78, 162]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

describe.skipIf(SKIP_REASON)('console: the built console in Chromium', () => {
  const env = useSiteAndBrowser();

  /** Signs in through the Chinese sign-in page, then opens `path` (a deep link under /admin/). */
  const signIn = async (role: Role, path: string): Promise<Page> =>
    (await signInThroughPage(env.browser, env.site, role, path)).page;

  const publicPartners = async () => {
    const response = await fetch(`${env.site.url}/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999`, {
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
    await page.close();
  });

  it('ends on the sign-in page when the page says signed in but the session has ended', async () => {
    const { page } = await openPage(env.browser);
    // The session ends between the page being sent and the console's first call: the page's word is stale.
    let rewritten = false;
    await page.route(/\/admin\/partners$/, async (route) => {
      const html = await (await route.fetch()).text();
      rewritten = html.includes('{"signedIn":false}');
      await route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: html.replace('{"signedIn":false}', '{"signedIn":true}'),
      });
    });
    await page.goto(`${env.site.url}/admin/partners`);
    // react-admin's own check of the session fails and sends the visitor to its sign-in page.
    await page.waitForURL(/\/admin\/login$/);
    await page.getByLabel('用户名').waitFor();
    expect(rewritten).toBe(true);
    await page.close();
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
    await page.close();
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
    const response = await page.request.get(`${env.site.url}/lianmeng/img/imageMsgDel?id=${partner?.id}`, {
      headers: { 'X-XSRF-TOKEN': xsrf, 'X-Lianmeng-Console': '1' },
    });
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toMatch(/权限/);
    expect((await publicPartners()).map((item) => item.id)).toContain(partner?.id);
    await page.close();
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
    await page.close();
  });

  it('lets an administrator change the hotline, and the public settings show it', async () => {
    const page = await signIn('admin', '/settings');
    const hotline = page.getByLabel(/服务热线/);
    await hotline.fill('400-800-2026');
    await page.getByRole('button', { name: /保存/ }).click();
    await page.getByText('已更新').waitFor();
    const settings = await (await fetch(`${env.site.url}/api/site/settings`)).json();
    expect(settings.data.hotline).toBe('400-800-2026');
    await page.close();
  });

  const uploadedFiles = async () => (await fs.readdir(path.join(env.site.dataDir, 'uploads')).catch(() => [])).sort();

  it('lets an editor upload a banner image and save it open: it becomes the banner the portal shows', async () => {
    const page = await signIn('editor', '/banners/create');
    await page.getByText(/推荐尺寸：1000×405/).waitFor();
    await page.getByLabel('标题').fill('二〇二六年全国机器人运动大会');
    await page.getByLabel(/选择图片上传/).setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: solidPng(1000, 405),
    });
    const address = page.getByLabel(/图片地址/);
    await expect.poll(() => address.inputValue(), { timeout: 20_000 }).toMatch(/^\/uploads\//);
    await page.getByRole('img', { name: '图片预览' }).waitFor();
    const uploaded = await address.inputValue();
    await page.getByLabel('链接地址').fill('https://www.example.edu.cn/meet');
    await page.getByRole('switch', { name: '开放' }).check();
    await page.getByRole('button', { name: /保存/ }).click();
    await page.waitForURL(/\/admin\/banners$/);
    await page.getByText('前台展示中').waitFor();
    const response = await fetch(`${env.site.url}/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ belongSortid: 2, isOpen: 1 }),
    });
    const [shown] = (await response.json()).data.seachList as { photoTitle: string; photoAddress: string }[];
    expect(shown?.photoTitle).toBe('二〇二六年全国机器人运动大会');
    expect(shown?.photoAddress).toBe(uploaded);
    const image = await fetch(`${env.site.url}${shown?.photoAddress}`);
    expect(image.status).toBe(200);
    await page.close();
  }, 120_000);

  it('shows the server’s message on the form for a file that is not an image, and keeps nothing', async () => {
    const before = await uploadedFiles();
    const page = await signIn('editor', '/banners/create');
    await page.getByLabel(/选择图片上传/).setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('这不是图片，只是一段文字。'),
    });
    await page.getByText(/只能上传 PNG、JPEG、WebP、GIF 图片/).waitFor();
    expect(await page.getByLabel(/图片地址/).inputValue()).toBe('');
    expect(await uploadedFiles()).toEqual(before);
    await page.close();
  });

  it('shows each of these in the audit log, filterable by action', async () => {
    const page = await signIn('admin', '/audit');
    const table = page.locator('table');
    await table.getByText('站点设置').first().waitFor();
    const text = await table.textContent();
    for (const action of ['开关', '清空分类', '站点设置', '登录', '上传', '新增']) expect(text).toContain(action);
    await page.goto(`${env.site.url}/admin/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'toggle' }))}`);
    await page.getByText('staff').first().waitFor();
    const filtered = await page.locator('table tbody tr').allTextContents();
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((row) => row.includes('开关') && row.includes('staff'))).toBe(true);
    await page.close();
  });
});
