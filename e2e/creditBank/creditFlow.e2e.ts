import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../harness/axe';
import { chooseOption, openPage, SKIP_REASON, waitForHydration, waitForModalToSettle } from '../harness/browser';
import {
  beijingDay,
  commitMendedSheet,
  competitionCredits,
  competitionRows,
  DESK,
  fitsWidth,
  openRecords,
  openReviewQueue,
  openWorkbench,
  PHONE,
  PUPIL,
  previewBrokenSheet,
  recordExamCredit,
  SCHOOL,
  totalCredits,
  writeSheet,
} from '../harness/creditBank';
import { useSiteAndBrowser } from '../harness/suite';

/**
 * The credit bank's whole flow on one fresh site, step by step as the people involved take it: the demo school
 * records a level-3 exam credit by hand and imports a sheet of 50 competition credits (3 rows refused, 1
 * duplicate flagged, then the mended sheet committed); the demo operator returns one record of the batch with a
 * reason and approves everything else; the pupil sees the new credits with where they came from and the new
 * total, and objects to the exam credit; the school answers with a reversal, which the operator approves; the
 * pupil's total drops by exactly that record's credits, the record shows 已冲正 and the inbox counts every
 * notice. The pupil's steps at 390 px, the others at 1280 px, none scrolling sideways.
 */

const EXAM_CERTIFICATE = 'E2E-FLOW-EXAM3-001';
const EXAM_CREDITS = 3;
const SHEET = 'competition-flow.xlsx';
const RETURN_REASON = '获奖证书与获得日期不符，请核对后重新提交';
const OBJECTION = '这次三级考试我没有参加，记录有误';
const REVERSAL_REASON = '经核实该生未参加本次三级考试，予以冲正';

/**
 * Chooses the option of the records' 类型 filter, and waits until its list has closed: while it is open or
 * fading out, antd's listbox has no name of its own, which axe counts as a serious violation.
 */
const chooseKind = async (page: Page, label: string) => {
  await chooseOption(page, page.getByLabel('类型'), label);
  await expect.poll(() => page.locator('.ant-select-dropdown').filter({ visible: true }).count()).toBe(0);
};

/**
 * Narrows the pupil's records to one kind (its value in the query, `kind`) and answers how many there are, as
 * the pager says (共 N 条) once it shows the filtered answer.
 */
const countOfKind = async (page: Page, label: string, kind: string) => {
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) => response.url().includes('/api/creditBank/info?') && response.url().includes(`kind=${kind}`),
    ),
    chooseKind(page, label),
  ]);
  const { total } = ((await answer.json()) as { data: { total: number } }).data;
  await page.getByText(`共 ${total} 条`, { exact: true }).waitFor();
  const cards = await page.getByTestId('credit-card').allTextContents();
  expect(cards.length).toBeGreaterThan(0);
  expect(cards.every((text) => text.includes(`${label} · `))).toBe(true);
  return total;
};

/** The pupil's card of the hand-recorded exam credit, among the exam records on the phone. */
const examCard = async (page: Page) => {
  await chooseKind(page, '等级考试');
  const card = page.getByTestId('credit-card').filter({ hasText: EXAM_CERTIFICATE });
  await card.waitFor();
  return card;
};

/** The operator's queue item, found by what its line says, opened for review. */
const openQueueItem = async (page: Page, text: string | RegExp) => {
  const item = page
    .getByRole('list', { name: '待审核的批次与记录' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: SCHOOL }) })
    .filter({ hasText: text });
  await item.waitFor();
  await item.getByRole('button', { name: /^查看并审核/ }).click();
  await page.getByRole('heading', { level: 2, name: new RegExp(SCHOOL) }).waitFor();
};

describe.skipIf(SKIP_REASON)('credit bank: record, review, provenance, objection and reversal in one flow', () => {
  const env = useSiteAndBrowser();
  let workDir = '';
  /** The pupil's total before anything is recorded, and after the first review. */
  let startTotal = 0;
  let postedTotal = 0;
  let startCompetitions = 0;
  /** The credits of the batch's record the operator returns: they never reach the total. */
  let returnedCredits = 0;

  beforeAll(async () => {
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-credit-flow-'));
  });
  afterAll(async () => {
    await fs.rm(workDir, { recursive: true, force: true });
  });

  it('the pupil, on a phone, starts from the seeded ledger with no unread message', async () => {
    const { page, errors } = await openPage(env.browser, { viewport: PHONE });
    // The header asks for the unread count once the pupil is logged in; with none it shows no badge.
    const unread = page.waitForResponse((response) => response.url().includes('/api/creditBank/messages/unread?'));
    startTotal = await openRecords(page, env.site);
    expect(startTotal).toBeGreaterThan(0);
    expect(((await (await unread).json()) as { data: { unread: number } }).data.unread).toBe(0);
    expect(await page.getByTestId('unread-badge').count()).toBe(0);
    startCompetitions = await countOfKind(page, '竞赛', 'competition');
    expect(await fitsWidth(page)).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);

  it('the school records a level-3 exam credit by hand and imports the competition sheet, mended after its preview', async () => {
    const { page, errors } = await openPage(env.browser, { viewport: DESK });
    await openWorkbench(page, env.site);
    await recordExamCredit(page, EXAM_CERTIFICATE);
    expect(await fitsWidth(page)).toBe(true);

    await previewBrokenSheet(page, await writeSheet(workDir, 'competition-broken.xlsx', competitionRows(true)));
    expect(await fitsWidth(page)).toBe(true);
    await commitMendedSheet(page, await writeSheet(workDir, SHEET, competitionRows(false)));
    expect(await fitsWidth(page)).toBe(true);
    expect(errors).toEqual([]);
  }, 180_000);

  it('the operator approves the exam credit, returns one record of the batch with a reason and approves the rest', async () => {
    const { page, errors } = await openPage(env.browser, { viewport: DESK });
    await openReviewQueue(page, env.site);

    await openQueueItem(page, '单条登记');
    await page.getByText(EXAM_CERTIFICATE).waitFor();
    await page.getByRole('button', { name: /^通\s*过$/ }).click();
    await page.getByTestId('review-notice').getByText('已通过 1 条记录，已入账').waitFor();
    expect(await fitsWidth(page)).toBe(true);

    await openQueueItem(page, SHEET);
    const records = page.getByRole('list', { name: '待审核记录' }).getByRole('listitem');
    await records.first().waitFor();
    const credits = records
      .first()
      .locator('strong')
      .filter({ hasText: /^\d+(\.\d+)? 学分$/ });
    returnedCredits = Number.parseFloat((await credits.textContent()) ?? '');
    expect(returnedCredits).toBeGreaterThan(0);
    await page
      .getByRole('checkbox', { name: /^选择 / })
      .first()
      .check();
    await page.getByRole('button', { name: '退回所选' }).click();
    await waitForModalToSettle(page);
    const dialog = page.getByRole('dialog', { name: '退回记录' });
    await dialog.getByLabel('退回原因').fill(RETURN_REASON);
    await dialog.getByRole('button', { name: /确认退回/ }).click();
    await page.getByTestId('review-detail-notice').getByText('已退回 1 条记录，机构将看到退回原因').waitFor();

    await page.getByRole('button', { name: '通过整批（48 条）' }).click();
    await waitForModalToSettle(page);
    await page.getByRole('dialog').getByRole('button', { name: '确认通过 48 条' }).click();
    await page
      .getByTestId('review-notice')
      .getByText(/已通过批次 \d+.*48 条记录已入账/)
      .waitFor();
    // Only the seeded batch is left waiting.
    await expect
      .poll(() => page.getByRole('list', { name: '待审核的批次与记录' }).getByRole('listitem').count())
      .toBe(1);
    expect(await fitsWidth(page)).toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);

  it('the pupil, on a phone, sees the new credits with their provenance and the new total, and objects to the exam credit', async () => {
    const { page, errors } = await openPage(env.browser, { viewport: PHONE });
    postedTotal = await openRecords(page, env.site);
    expect(postedTotal).toBe(startTotal + EXAM_CREDITS + competitionCredits() - returnedCredits);
    expect(await countOfKind(page, '竞赛', 'competition')).toBe(startCompetitions + 48);
    expect(await fitsWidth(page)).toBe(true);

    const card = await examCard(page);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(`登记机构${SCHOOL}`);
    // Posted today, by the operator's reviewing unit.
    expect(text).toMatch(new RegExp(`入账${beijingDay(0)} \\S+`));
    expect(text).toContain('等级考试 · 三级');
    await card.getByText('已入账').waitFor();
    const [evidence] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: /^查看/ }).click(),
    ]);
    expect(evidence.suggestedFilename()).toBe('三级证书.pdf');

    await card.getByRole('button', { name: /^提出异议/ }).click();
    await waitForModalToSettle(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('异议原因').fill(OBJECTION);
    await dialog.getByRole('button', { name: '提交异议' }).click();
    await page.getByText('异议已提交，等待登记机构答复').waitFor();
    await card.getByText('异议处理中').waitFor();
    expect(await card.textContent()).toContain(`异议：${OBJECTION}`);
    // An objection changes nothing in the ledger by itself.
    expect(await totalCredits(page)).toBe(postedTotal);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('the school answers the objection with a reversal, and sees the returned record with its reason', async () => {
    const { page, errors } = await openPage(env.browser, { viewport: DESK });
    await openWorkbench(page, env.site);
    await page.getByRole('tab', { name: '异议处理' }).click();
    const row = page.locator('section[aria-label="异议处理"]').getByRole('row').filter({ hasText: OBJECTION });
    expect(await row.textContent()).toContain(PUPIL.cardNo);
    await row.getByRole('button', { name: /答\s*复/ }).click();
    await waitForModalToSettle(page);
    const dialog = page.getByRole('dialog', { name: '答复异议' });
    await dialog.getByText('冲正该记录').click();
    await dialog.getByLabel('冲正原因（持卡人可见）').fill(REVERSAL_REASON);
    await dialog.getByRole('button', { name: '提交答复' }).click();
    await page.getByText('已答复，冲正已提交待审核').waitFor();
    await row.getByText('已答复：提交冲正').waitFor();
    expect(await fitsWidth(page)).toBe(true);

    // The record the operator returned is listed with the operator's reason.
    await page.getByRole('tab', { name: '登记记录' }).click();
    const list = page.locator('section[aria-label="登记记录"]');
    await chooseOption(page, list.getByLabel('记录状态'), '已退回');
    await list.getByText('共 1 条').waitFor();
    await list.getByText(`退回原因：${RETURN_REASON}`).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('the operator approves the reversal', async () => {
    const { page, errors } = await openPage(env.browser, { viewport: DESK });
    await openReviewQueue(page, env.site);
    await openQueueItem(page, /冲正 #\d+/);
    await page.getByText(REVERSAL_REASON).waitFor();
    await page.getByRole('button', { name: /^通\s*过$/ }).click();
    await page.getByTestId('review-notice').getByText('已通过 1 条记录，已入账').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);

  it('the pupil, on a phone, finds the total down by the exam credit, the record 已冲正 and every notice in the inbox', async () => {
    const { page, errors } = await openPage(env.browser, { viewport: PHONE });
    expect(await openRecords(page, env.site)).toBe(postedTotal - EXAM_CREDITS);
    const card = await examCard(page);
    await card.getByText('已冲正').waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(`冲正：${REVERSAL_REASON}`);
    expect(text).toContain(`答复：已提交冲正，${REVERSAL_REASON}`);
    expect(await card.getByRole('button', { name: /^提出异议/ }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // One message per posted record (1 + 48), the answer to the objection, and the reversal.
    const unread = 1 + 48 + 1 + 1;
    const badge = page.getByTestId('unread-badge');
    await badge.waitFor({ state: 'attached' });
    expect(await badge.textContent()).toBe(`${unread}（${unread} 条未读消息）`);
    await page.goto(`${env.site.url}/center`);
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId('inbox-title').textContent()).toBe(`消息（${unread} 条未读）`);
    const messages = page.getByRole('list', { name: '消息列表' }).getByRole('listitem');
    await messages.first().waitFor();
    const newest = (await messages.allTextContents()).slice(0, 2).join('\n');
    expect(newest).toContain('学分冲正');
    expect(newest).toContain('异议答复');

    // One SMS line per decision that wrote the pupil's messages: two postings, the answer, the reversal.
    const sms = async () =>
      (await fs.readFile(path.join(env.site.dataDir, 'sms-outbox.log'), 'utf8'))
        .split('\n')
        .filter((line) => line.includes(`卡号${PUPIL.cardNo}有`));
    expect(await sms()).toEqual([
      expect.stringContaining('有 1 条新消息（学分入账）'),
      expect.stringContaining('有 48 条新消息（学分入账）'),
      expect.stringContaining('有 1 条新消息（异议答复）'),
      expect.stringContaining('有 1 条新消息（学分冲正）'),
    ]);
    expect(await fitsWidth(page)).toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);
});
