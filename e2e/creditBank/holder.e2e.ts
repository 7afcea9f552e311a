import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../harness/axe';
import { chooseOption, openPage, SKIP_REASON, waitForHydration, waitForModalToSettle } from '../harness/browser';
import {
  callAs,
  DESK,
  fitsWidth,
  logIn,
  OPERATOR,
  openRecords,
  PHONE,
  SCHOOL,
  SEEDED_FILE,
} from '../harness/creditBank';
import { useSiteAndBrowser } from '../harness/suite';

/**
 * The holder's side of the ledger in a browser: the demo pupil sees where each credit came from and its state
 * on a phone and a wide screen, without a serious axe violation; once the operator posts the batch the demo
 * school submitted, the header and the personal centre count the new messages, and the pupil objects to one
 * of the new records.
 */

describe.skipIf(SKIP_REASON)('credit bank: the holder sees provenance, gets notices and objects', () => {
  const env = useSiteAndBrowser();

  it('shows each record’s provenance and state in a table at 1280 px, with no serious axe violation', async () => {
    const { page, errors } = await openPage(env.browser, { viewport: DESK });
    await openRecords(page, env.site);
    const rows = page.locator('tr[data-row-key]');
    const firstRow = rows.filter({ hasText: `登记：${SCHOOL}` }).first();
    await firstRow.waitFor();
    // The demo's finished district meeting posted an award, recorded by its organiser under the certificate's number.
    const award = rows.filter({ hasText: /证书编号 JQR-\d{4}-\d{4}-\d{4}/ }).first();
    expect(await award.textContent()).toContain('登记：北京市青少年科技活动中心');
    expect(await firstRow.textContent()).toMatch(/入账：\d{4}-\d{2}-\d{2} /);
    await firstRow.getByText('已入账').waitFor();
    // Kind and level come from the catalogue item.
    expect(await firstRow.textContent()).toMatch(/(等级考试|运动会|竞赛|培训|交流) · \S+级/);
    expect(await page.getByTestId('proof-link').getAttribute('href')).toBe('/creditBank/proofs');

    // The filters' placeholders (全部类型, 全部级别) were the page's contrast failure.
    await page.getByText('全部类型').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await chooseOption(page, page.getByLabel('类型'), '竞赛');
    await expect
      .poll(
        async () => {
          const kinds = await page.locator('tr[data-row-key]').allTextContents();
          return kinds.length > 0 && kinds.every((text) => text.includes('竞赛 · '));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);

  it('shows the records as cards at 390 px, without scrolling sideways or a serious axe violation', async () => {
    const { page, errors } = await openPage(env.browser, { viewport: PHONE });
    await openRecords(page, env.site);
    const card = page
      .getByTestId('credit-card')
      .filter({ hasText: `登记机构${SCHOOL}` })
      .first();
    await card.waitFor();
    await card.getByText('已入账').waitFor();
    expect(await page.locator('tr[data-row-key]').count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('after the operator posts the school’s batch, the header and the centre count the messages', async () => {
    const { page: operator } = await openPage(env.browser, { viewport: DESK });
    await logIn(operator, env.site, OPERATOR, true);
    const queue = await callAs(operator, 'GET', '/api/creditBank/review/queue');
    const batch = (queue.data as { list: { type: string; fileName: string; batchId: number | null }[] }).list.find(
      (item) => item.type === 'batch' && item.fileName === SEEDED_FILE,
    );
    expect(batch?.batchId).toBeGreaterThan(0);
    const approved = await callAs(operator, 'POST', `/api/creditBank/review/batches/${batch?.batchId}/approve`);
    expect(approved).toMatchObject({ status: 200, data: { posted: 3 } });

    const { page, errors } = await openPage(env.browser, { viewport: PHONE });
    await openRecords(page, env.site);
    // The count is asked for in the browser after hydration; the server's HTML never carries it.
    const badge = page.getByTestId('unread-badge');
    await badge.waitFor({ state: 'attached' });
    expect(await badge.textContent()).toMatch(/^3（3 条未读消息）$/);
    const html = await (await page.request.get(`${env.site.url}/center`)).text();
    expect(html).not.toContain('unread-badge');

    await page.goto(`${env.site.url}/center`);
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId('inbox-title').textContent()).toBe('消息（3 条未读）');
    const items = page.getByRole('list', { name: '消息列表' }).getByRole('listitem');
    // The three new notices, above the one of the demo's finished meeting, read a week ago.
    expect(await items.count()).toBe(4);
    expect(await items.first().textContent()).toContain('学分入账');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await items
      .first()
      .getByRole('button', { name: /^标为已读/ })
      .click();
    await expect.poll(() => page.getByTestId('inbox-title').textContent()).toBe('消息（2 条未读）');
    await expect.poll(() => badge.textContent()).toMatch(/^2（/);
    expect(errors).toEqual([]);
  }, 180_000);

  it('objects to a newly posted record with a reason; the record then shows 异议处理中', async () => {
    const { page, errors } = await openPage(env.browser, { viewport: DESK });
    await openRecords(page, env.site);
    const objectable = page.locator('tr[data-row-key]').filter({ has: page.getByRole('button', { name: /提出异议/ }) });
    await objectable.first().waitFor();
    const row = page.locator(`tr[data-row-key="${await objectable.first().getAttribute('data-row-key')}"]`);
    await row.getByRole('button', { name: /提出异议/ }).click();
    await waitForModalToSettle(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '提交异议' }).click();
    await dialog.getByText('请填写原因').waitFor();
    await dialog.getByLabel('异议原因').fill('证书上的日期与记录不符');
    await dialog.getByRole('button', { name: '提交异议' }).click();
    await page.getByText('异议已提交，等待登记机构答复').waitFor();
    await row.getByText('异议处理中').waitFor();
    expect(await row.textContent()).toContain('异议：证书上的日期与记录不符');
    expect(await row.getByRole('button', { name: /提出异议/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
