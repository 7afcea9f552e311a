import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, SKIP_REASON } from '../harness/browser';
import { signInThroughPage } from '../harness/consoleApi';
import { useSiteAndBrowser } from '../harness/suite';

const FILE_NAME = '2026年赛事通知.pdf';
const TITLE = '2026年全国赛事通知（附件测试）';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

describe.skipIf(SKIP_REASON)('console: article attachments and preview, seen on the portal', () => {
  const env = useSiteAndBrowser();

  const signIn = async (path: string): Promise<Page> =>
    (await signInThroughPage(env.browser, env.site, 'editor', path)).page;

  const publishedId = async () => {
    const response = await fetch(`${env.site.url}/api/content/articles?typeId=1&pageNum=1&pageSize=50`);
    const { data } = (await response.json()) as { data: { list: { id: number; title: string }[] } };
    return data.list.find((article) => article.title === TITLE)?.id;
  };

  it('uploads a PDF with a Chinese name, previews, publishes, and the portal downloads it under that name', async () => {
    const page = await signIn('/articles/create');
    await page.getByRole('combobox', { name: /栏目/ }).click();
    await page.getByRole('option', { name: '新闻动态' }).click();
    await page.getByLabel(/^标题/).fill(TITLE);

    await page.getByLabel(/上传附件/).setInputFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: PDF });
    const list = page.getByRole('list', { name: '附件列表' });
    await expect.poll(() => list.getByRole('textbox').first().inputValue(), { timeout: 10_000 }).toBe(FILE_NAME);

    // The preview is the portal's own page: its layout, the title and the attachment.
    await page.getByRole('button', { name: '预览' }).click();
    const preview = page.frameLocator('iframe[title="文章预览"]');
    await preview.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await preview.getByRole('navigation', { name: '主菜单' }).waitFor();
    await preview.getByRole('link', { name: FILE_NAME }).waitFor();
    await page.keyboard.press('Escape');
    expect(await publishedId()).toBeUndefined();

    await page.getByRole('switch', { name: /^发布（/ }).check();
    await page.getByRole('button', { name: /保存/ }).click();
    await expect.poll(publishedId, { timeout: 10_000 }).toBeTypeOf('number');

    const { page: reader } = await openPage(env.browser);
    await reader.goto(`${env.site.url}/news/detail/${await publishedId()}`, { waitUntil: 'networkidle' });
    const link = reader.getByRole('link', { name: FILE_NAME });
    await link.waitFor();
    const [download] = await Promise.all([reader.waitForEvent('download', { timeout: 60_000 }), link.click()]);
    expect(download.suggestedFilename()).toBe(FILE_NAME);
    // Read through the connection: the file is where the run's browser saved it.
    const saved = Buffer.concat(await (await download.createReadStream()).toArray());
    expect(saved).toEqual(PDF);
  });
});
