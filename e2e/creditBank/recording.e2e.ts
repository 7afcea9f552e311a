import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../harness/axe';
import { openPage, SKIP_REASON, waitForHydration } from '../harness/browser';
import { cardLogIn } from '../harness/cardHolder';
import { answerPortalStep } from '../harness/secondFactor';
import type { RunningSite } from '../harness/site';
import { useSiteAndBrowser } from '../harness/suite';

/**
 * Recording credits in the institution workbench: the demo school's account records one level-3 exam credit by
 * hand with its certificate as evidence, and imports a 50-row competition sheet whose preview refuses 3 rows
 * and flags 1 duplicate; the mended sheet is committed as one batch waiting for review. On a phone and on a
 * wide screen, without sideways scrolling or a serious axe violation.
 */

const PHONE_WIDTH = { width: 390, height: 844 };
const DESK_WIDTH = { width: 1280, height: 900 };
/** The demo school (北京市第一中学)'s account, and its demo pupil. */
const SCHOOL_ACCOUNT = '10000003';
const PUPIL = { cardNo: '10000001', name: '李明' };
/** A demo card of another institution (the exam site): not on the school's people list. */
const OTHER_CARD = '10000002';
const SHEET_HEADER = ['卡号', '姓名', '项目代码', '获得日期', '学分', '证书编号'];
const LEVELS = ['SCH', 'CTY', 'CIT', 'PRV', 'NAT'];

/** A Beijing date `days` from today (negative: in the past), whatever the machine's zone. */
const beijingDay = (days: number) =>
  new Date(Date.now() + 8 * 3600 * 1000 + days * 86_400_000).toISOString().slice(0, 10);

type SheetRow = [string, string, string, string, string, string];

/**
 * 50 competition credits of the pupil on 50 different days, 100 to 149 days ago (no seeded record of the
 * pupil's falls on a competition item then). The last row repeats the one before it: a duplicate, not
 * recorded. `broken` spoils three rows: a date in the future (row 11), a card not on the school's list
 * (row 21), credits above the item's maximum (row 31).
 */
const competitionRows = (broken: boolean): SheetRow[] => {
  const rows = Array.from({ length: 49 }, (_, index): SheetRow => {
    const row: SheetRow = [
      PUPIL.cardNo,
      PUPIL.name,
      `COMP-${LEVELS[index % LEVELS.length]}`,
      beijingDay(-100 - index),
      '',
      `E2E-COMP-${String(index + 1).padStart(3, '0')}`,
    ];
    if (broken && index === 9) row[3] = beijingDay(5);
    if (broken && index === 19) row[0] = OTHER_CARD;
    if (broken && index === 29) row[4] = '99';
    return row;
  });
  const last = rows.at(-1) as SheetRow;
  return [...rows, [last[0], last[1], last[2], last[3], '', '']];
};

const writeSheet = async (dir: string, name: string, rows: SheetRow[]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学分');
  sheet.addRow(SHEET_HEADER);
  for (const row of rows) sheet.addRow(row);
  const file = path.join(dir, name);
  await book.xlsx.writeFile(file);
  return file;
};

const openWorkbench = async (page: Page, site: RunningSite) => {
  await page.goto(`${site.url}/creditBank/login`);
  await waitForHydration(page);
  await cardLogIn(page, SCHOOL_ACCOUNT);
  // An institution account: its second-factor code after the password.
  await answerPortalStep(page, site, SCHOOL_ACCOUNT);
  await page.waitForURL(/\/creditBank\/institution$/);
  await page.getByTestId('institution-name').getByText('北京市第一中学').waitFor();
};

/** The page does not scroll sideways (its content fits the screen's width). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Waits for the sheet's preview (or a refusal of the whole file) and checks its summary line. */
const previewSummary = async (page: Page, expected: string) => {
  const refusal = page.getByTestId('credit-import-refusal');
  const summary = page.getByTestId('credit-import-preview').locator('.ant-alert-title').first();
  await summary.or(refusal).waitFor({ timeout: 30_000 });
  expect((await refusal.count()) > 0 ? await refusal.textContent() : null).toBeNull();
  await expect.poll(() => summary.textContent()).toBe(expected);
};

/** Uploads the broken sheet and checks its preview: 3 refused rows with their reasons, 1 duplicate. */
const previewBrokenSheet = async (page: Page, file: string) => {
  await page.getByRole('tab', { name: '批量登记' }).click();
  await page.locator('section[aria-label="批量登记"] input[type="file"]').setInputFiles(file);
  await previewSummary(page, '共 50 行：可登记 46 行，重复 1 行，未通过 3 行');
  const preview = page.getByTestId('credit-import-preview');
  await preview.getByText(/^第 11 行「获得日期」：日期不能晚于今天/).waitFor();
  await preview.getByText(/^第 21 行「卡号」：该卡不在本机构人员名单中/).waitFor();
  await preview.getByText(/^第 31 行「学分」：学分不能超过该项目的最高学分/).waitFor();
  expect(await page.getByTestId('credit-import-commit').isDisabled()).toBe(true);
  await preview.getByText('重复 1', { exact: true }).click();
  await preview.getByText('第 51 行：与第 50 行重复（同一持卡人、项目、日期），不会重复登记').waitFor();
};

describe.skipIf(SKIP_REASON)('credit bank: an institution records credits', () => {
  const env = useSiteAndBrowser();
  let workDir = '';

  beforeAll(async () => {
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-credits-'));
  });
  afterAll(async () => {
    await fs.rm(workDir, { recursive: true, force: true });
  });

  it('on a phone, the school records a level-3 exam credit with its certificate, and previews a broken sheet', async () => {
    const { page, errors } = await openPage(env.browser, { viewport: PHONE_WIDTH });
    await openWorkbench(page, env.site);
    await page.getByRole('tab', { name: '逐条登记' }).click();
    const form = page.locator('section[aria-label="逐条登记"]');

    await form.getByLabel('获得日期').fill(beijingDay(-10));
    await form.getByLabel('获得日期').press('Enter');
    await form.getByLabel('持卡人').click();
    await form.getByLabel('持卡人').fill(PUPIL.name);
    await page.locator(`.ant-select-item-option[title^="${PUPIL.name}（${PUPIL.cardNo}）"]`).click();
    await form.getByLabel('学分项目').click();
    await form.getByLabel('学分项目').fill('三级');
    await page.locator('.ant-select-item-option[title="机器人运动等级考试（三级）（等级考试·三级）"]').click();
    await form.getByTestId('item-facts').getByText('必须上传').waitFor();
    expect(await form.getByLabel('学分', { exact: true }).inputValue()).toBe('3');

    // The item requires evidence: nothing is sent without it.
    await form.getByTestId('record-submit').click();
    await form.getByText('该项目须上传证明材料').waitFor();
    await form.locator('input[type="file"]').setInputFiles({
      name: '三级证书.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
    });
    await form.getByTestId('evidence-name').getByText('三级证书.pdf').waitFor();
    await form.getByLabel('证书编号（选填）').fill('E2E-EXAM3-001');
    await form.getByTestId('record-submit').click();
    await expect
      .poll(() => form.getByTestId('record-done').textContent(), { timeout: 15_000 })
      .toContain('机器人运动等级考试（三级） 3 学分，待审核');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The same certificate number again is refused next to its field, and nothing more is recorded.
    await form.getByLabel('学分项目').click();
    await form.getByLabel('学分项目').fill('竞赛市级');
    await page.locator('.ant-select-item-option[title="机器人运动竞赛市级获奖（竞赛·市级）"]').click();
    await form.getByLabel('证书编号（选填）').fill('E2E-EXAM3-001');
    await form.getByTestId('record-submit').click();
    await form.getByText('证书编号已被本机构使用').waitFor();

    await page.getByRole('tab', { name: '登记记录' }).click();
    const list = page.locator('section[aria-label="登记记录"]');
    const recorded = list.getByRole('row').filter({ hasText: 'E2E-EXAM3-001' });
    await recorded.getByText('待审核').waitFor();
    expect(await recorded.count()).toBe(1);
    expect(await fitsWidth(page)).toBe(true);

    await previewBrokenSheet(page, await writeSheet(workDir, 'competition-broken.xlsx', competitionRows(true)));
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // The refused certificate number is the only failed request.
    expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  }, 180_000);

  it('on a wide screen, the mended sheet is committed as one batch of 49 records waiting for review', async () => {
    const { page, errors } = await openPage(env.browser, { viewport: DESK_WIDTH });
    await openWorkbench(page, env.site);
    await previewBrokenSheet(page, await writeSheet(workDir, 'competition-broken.xlsx', competitionRows(true)));

    const mended = await writeSheet(workDir, 'competition.xlsx', competitionRows(false));
    await page.locator('section[aria-label="批量登记"] input[type="file"]').setInputFiles(mended);
    await previewSummary(page, '共 50 行：可登记 49 行，重复 1 行，未通过 0 行');
    await page.getByTestId('credit-import-commit').click();
    const done = page.getByTestId('credit-import-done');
    await done.getByText('已提交，待审核').waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toMatch(/登记 49 条，跳过重复 1 条/);

    // The same file again records nothing more.
    await page.getByRole('button', { name: '继续导入' }).click();
    await page.locator('section[aria-label="批量登记"] input[type="file"]').setInputFiles(mended);
    await page.getByText(/这份文件已经提交过（批次 \d+）/).waitFor({ timeout: 30_000 });

    await page.getByRole('tab', { name: '登记记录' }).click();
    const list = page.locator('section[aria-label="登记记录"]');
    await list.getByText(/^共 \d+ 条$/).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await list.getByLabel('记录状态').click();
    await page.getByTitle('待审核', { exact: true }).click();
    // The hand-recorded credit and the batch's 49, besides the demo batch of 3 waiting for review.
    await list.getByText('共 53 条').waitFor();
    expect(errors).toEqual([]);
  }, 180_000);
});
