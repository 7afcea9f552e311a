import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, SKIP_REASON, waitForModalToSettle } from '../harness/browser';
import { callAs, DESK, fitsWidth, openReviewQueue, PHONE, SCHOOL, SEEDED_FILE } from '../harness/creditBank';
import { useSiteAndBrowser } from '../harness/suite';

/**
 * The operator's review workbench in a browser: the demo operator opens the batch the demo school submitted
 * (seeded, three records), returns one record with a reason and approves the rest, on a phone and on a wide
 * screen (each on a fresh site, so each finds the seeded batch waiting). Two operators racing for one batch is
 * the server suite's (apps/server/src/domains/credits/review.test.ts).
 */

const REASON = '证书编号与获得日期不符，请核对后重新提交';

interface ReviewedRecord {
  id: number;
  state: string;
  reason: string;
  reviewingUnit: string;
}

/** The batch's records in one state, read through the API with the page's own token. */
const recordsOf = async (page: Page, batchId: number, state: 'posted' | 'returned' | 'submitted') =>
  (
    (await callAs(page, 'GET', `/api/creditBank/review/records?batchId=${batchId}&state=${state}`)).data as {
      list: ReviewedRecord[];
    }
  ).list;

describe.skipIf(SKIP_REASON).each([
  ['a phone', PHONE],
  ['a wide screen', DESK],
])('credit bank: the operator reviews a submitted batch on %s', (_name, viewport) => {
  const env = useSiteAndBrowser();

  it('returns one record with a reason and approves the rest', async () => {
    const { page, errors } = await openPage(env.browser, { viewport });
    // The operator's account: its second-factor code after the password.
    await openReviewQueue(page, env.site);

    // The queue: the school's seeded batch, three records waiting.
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: SCHOOL }) });
    await item.filter({ hasText: SEEDED_FILE }).waitFor();
    expect(await item.textContent()).toContain('待审核 3 条');
    const batchId = Number((await item.textContent())?.match(/批次 (\d+)/)?.[1]);
    expect(batchId).toBeGreaterThan(0);
    expect(await fitsWidth(page)).toBe(true);

    await item.getByRole('button', { name: /^查看并审核/ }).click();
    const heading = page.getByRole('heading', { level: 2, name: new RegExp(SCHOOL) });
    await heading.waitFor();
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    const records = page.getByRole('list', { name: '待审核记录' }).getByRole('listitem');
    await expect.poll(() => records.count()).toBe(3);
    expect(await fitsWidth(page)).toBe(true);

    // Return one record: the reason is required.
    await page
      .getByRole('checkbox', { name: /^选择 / })
      .first()
      .check();
    await page.getByRole('button', { name: '退回所选' }).click();
    await waitForModalToSettle(page);
    const dialog = page.getByRole('dialog', { name: '退回记录' });
    await dialog.getByRole('button', { name: /确认退回/ }).click();
    await dialog.getByText('请填写退回原因').waitFor();
    await dialog.getByLabel('退回原因').fill(REASON);
    await dialog.getByRole('button', { name: /确认退回/ }).click();
    const detailNotice = page.getByTestId('review-detail-notice');
    await detailNotice.getByText('已退回 1 条记录，机构将看到退回原因').waitFor();
    await expect.poll(() => records.count()).toBe(2);
    expect(await fitsWidth(page)).toBe(true);

    // Approve the rest as a whole batch, after the confirmation that counts them.
    await page.getByRole('button', { name: '通过整批（2 条）' }).click();
    await waitForModalToSettle(page);
    const confirm = page.getByRole('dialog').filter({ hasText: '通过整批' });
    await confirm.getByText(/全部 2 条待审核记录/).waitFor();
    await confirm.getByRole('button', { name: '确认通过 2 条' }).click();
    const notice = page.getByTestId('review-notice');
    await notice.getByText(new RegExp(`已通过批次 ${batchId}.*2 条记录已入账`)).waitFor();
    expect(await notice.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByText('暂无待审核的记录').waitFor();
    expect(await fitsWidth(page)).toBe(true);

    // The ledger says the same: one returned with the reason, two posted by the operator's unit, none waiting.
    const returned = await recordsOf(page, batchId, 'returned');
    expect(returned).toHaveLength(1);
    expect(returned[0]?.reason).toBe(REASON);
    const posted = await recordsOf(page, batchId, 'posted');
    expect(posted).toHaveLength(2);
    expect(posted.every((entry) => entry.reviewingUnit !== '')).toBe(true);
    expect(await recordsOf(page, batchId, 'submitted')).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
