import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForHydration } from './browser';
import { cardLogIn } from './cardHolder';
import { answerPortalStep } from './secondFactor';
import type { RunningSite } from './site';

/** The widths the credit bank's browser suites look at: a phone's and a desk's. */
export const PHONE = { width: 390, height: 844 };
export const DESK = { width: 1280, height: 900 };

/** The demo pupil, linked to the demo school. */
export const PUPIL = { cardNo: '10000001', name: '李明' };
/** The demo school (北京市第一中学)'s institution account. */
export const SCHOOL_ACCOUNT = '10000003';
export const SCHOOL = '北京市第一中学';
/** The demo operator account, which reviews what institutions submit. */
export const OPERATOR = '10000005';
/** The demo exam site's institution account: another institution's card, not on the school's people list. */
export const EXAM_SITE_CARD = '10000002';
/** The batch of three records the demo school submitted, waiting in the review queue of a fresh site. */
export const SEEDED_FILE = '示例-本月活动学分.csv';

/** The page does not scroll sideways (its content fits the screen's width). */
export const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** A Beijing date `days` from today (negative: in the past), whatever the machine's zone. */
export const beijingDay = (days: number) =>
  new Date(Date.now() + 8 * 3600 * 1000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Logs a card in through the log-in page and waits for the page it lands on: an institution or operator card
 * (`withCode`) answers its second-factor step after the password.
 */
export const logIn = async (page: Page, site: RunningSite, cardNo: string, withCode = false) => {
  await page.goto(`${site.url}/creditBank/login`);
  await waitForHydration(page);
  await cardLogIn(page, cardNo);
  if (withCode) await answerPortalStep(page, site, cardNo);
  await page.waitForURL(/\/creditBank\/(info|institution|review)$/);
};

/** The demo school's workbench, logged in, once it names its institution. */
export const openWorkbench = async (page: Page, site: RunningSite) => {
  await logIn(page, site, SCHOOL_ACCOUNT, true);
  await page.waitForURL(/\/creditBank\/institution$/);
  await page.getByTestId('institution-name').getByText(SCHOOL).waitFor();
};

/** The demo operator's review workbench, logged in. */
export const openReviewQueue = async (page: Page, site: RunningSite) => {
  await logIn(page, site, OPERATOR, true);
  await page.waitForURL(/\/creditBank\/review$/);
};

/** The pupil's records page once the account has loaded (the total shows when it has); answers the total. */
export const openRecords = async (page: Page, site: RunningSite) => {
  await logIn(page, site, PUPIL.cardNo);
  await page.waitForURL(/\/creditBank\/info$/);
  return totalCredits(page);
};

/** The total the records page shows, once it shows a number. */
export const totalCredits = async (page: Page) => {
  const total = page.getByTestId('total-credits');
  await expect.poll(() => total.textContent()).toMatch(/^\d+(\.\d+)?$/);
  return Number(await total.textContent());
};

/**
 * A call with the logged-in card's own token, as the page would make it: the HTTP status, the envelope when
 * the answer is one (null otherwise, a download's bytes say), and the answer's length.
 */
export const callWithStatus = (page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: {
          Authorization: window.localStorage.getItem('token') ?? '',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let envelope: { status: number; data?: unknown; message?: string } | null = null;
      try {
        envelope = JSON.parse(text) as { status: number; data?: unknown; message?: string };
      } catch {
        envelope = null;
      }
      return { http: response.status, envelope, length: text.length };
    },
    { method, url, body },
  );

/** The envelope of a call made with the logged-in card's own token (see callWithStatus). */
export const callAs = async (page: Page, method: string, url: string, body?: unknown) => {
  const { envelope, http } = await callWithStatus(page, method, url, body);
  if (!envelope) throw new Error(`${method} ${url}: HTTP ${http} without an envelope`);
  return envelope as { status: number; data: unknown; message?: string };
};

export type SheetRow = [string, string, string, string, string, string];
const SHEET_HEADER = ['卡号', '姓名', '项目代码', '获得日期', '学分', '证书编号'];
const LEVELS = ['SCH', 'CTY', 'CIT', 'PRV', 'NAT'];
/** The catalogue's default credits of a competition award at each level, in the order of `LEVELS`. */
const COMPETITION_CREDITS = [1, 2, 3, 4, 6];

/**
 * 50 competition credits of the pupil on 50 different days, 100 to 149 days ago (no seeded record of the
 * pupil's falls on a competition item then), each at the item's default credits. The last row repeats the one
 * before it: a duplicate, not recorded. `broken` spoils three rows: a date in the future (row 11), a card not
 * on the school's list (row 21), credits above the item's maximum (row 31).
 */
export const competitionRows = (broken: boolean): SheetRow[] => {
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
    if (broken && index === 19) row[0] = EXAM_SITE_CARD;
    if (broken && index === 29) row[4] = '99';
    return row;
  });
  const last = rows.at(-1) as SheetRow;
  return [...rows, [last[0], last[1], last[2], last[3], '', '']];
};

/** What the 49 distinct rows of the mended sheet carry together, at their items' default credits. */
export const competitionCredits = () =>
  Array.from({ length: 49 }, (_, index) => COMPETITION_CREDITS[index % LEVELS.length] ?? 0).reduce(
    (sum, credits) => sum + credits,
    0,
  );

/** Writes the rows under the import's header as an .xlsx file in `dir`. */
export const writeSheet = async (dir: string, name: string, rows: SheetRow[]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学分');
  sheet.addRow(SHEET_HEADER);
  for (const row of rows) sheet.addRow(row);
  const file = path.join(dir, name);
  await book.xlsx.writeFile(file);
  return file;
};

/** The credit import's file input: the workbench has other uploads (the roster, a record's evidence) beside it. */
export const creditSheetInput = (page: Page) => page.locator('section[aria-label="批量登记"] input[type="file"]');

/**
 * Waits for a workbench import's preview (or a refusal of the whole file) and checks its summary line; `of`
 * names the import in its test ids: `roster` (开卡名单) or `credit-import` (学分表格).
 */
export const previewSummary = async (page: Page, of: 'roster' | 'credit-import', expected: string) => {
  const refusal = page.getByTestId(`${of}-refusal`);
  const summary = page.getByTestId(`${of}-preview`).locator('.ant-alert-title').first();
  await summary.or(refusal).waitFor({ timeout: 30_000 });
  expect((await refusal.count()) > 0 ? await refusal.textContent() : null).toBeNull();
  await expect.poll(() => summary.textContent()).toBe(expected);
};

/** Uploads the broken sheet and checks its preview: 3 refused rows with their reasons, 1 duplicate. */
export const previewBrokenSheet = async (page: Page, file: string) => {
  await page.getByRole('tab', { name: '批量登记' }).click();
  await creditSheetInput(page).setInputFiles(file);
  await previewSummary(page, 'credit-import', '共 50 行：可登记 46 行，重复 1 行，未通过 3 行');
  const preview = page.getByTestId('credit-import-preview');
  await preview.getByText(/^第 11 行「获得日期」：日期不能晚于今天/).waitFor();
  await preview.getByText(/^第 21 行「卡号」：该卡不在本机构人员名单中/).waitFor();
  await preview.getByText(/^第 31 行「学分」：学分不能超过该项目的最高学分/).waitFor();
  expect(await page.getByTestId('credit-import-commit').isDisabled()).toBe(true);
  await preview.getByText('重复 1', { exact: true }).click();
  await preview.getByText('第 51 行：与第 50 行重复（同一持卡人、项目、日期），不会重复登记').waitFor();
};

/** Uploads the mended sheet, checks its preview (49 to record, the duplicate flagged) and commits it. */
export const commitMendedSheet = async (page: Page, file: string) => {
  await creditSheetInput(page).setInputFiles(file);
  await previewSummary(page, 'credit-import', '共 50 行：可登记 49 行，重复 1 行，未通过 0 行');
  await page.getByTestId('credit-import-commit').click();
  const done = page.getByTestId('credit-import-done');
  await done.getByText('已提交，待审核').waitFor({ timeout: 30_000 });
  expect(await done.textContent()).toMatch(/登记 49 条，跳过重复 1 条/);
};

/**
 * Types `typed` into the searchable select `field` and clicks `option`, until `chosen` shows: on a loaded
 * machine the click can land while the list is still opening and be lost, as a person's can, who then tries
 * again.
 */
const searchAndChoose = async (field: Locator, typed: string, option: Locator, chosen: Locator) => {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await field.click();
    await field.fill(typed);
    await option.click({ timeout: 10_000 }).catch(() => undefined);
    if (
      await chosen.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  await chosen.waitFor();
};

/**
 * Records the demo pupil's level-3 exam credit by hand in the workbench's 逐条登记 form, with a PDF certificate
 * as its evidence (the item requires one: the form refuses to send without it first).
 */
export const recordExamCredit = async (page: Page, certificateNo: string, date = beijingDay(-10)) => {
  await page.getByRole('tab', { name: '逐条登记' }).click();
  const form = page.locator('section[aria-label="逐条登记"]');
  await form.getByLabel('获得日期').fill(date);
  await form.getByLabel('获得日期').press('Enter');
  await searchAndChoose(
    form.getByLabel('持卡人'),
    PUPIL.name,
    page.locator(`.ant-select-item-option[title^="${PUPIL.name}（${PUPIL.cardNo}）"]`),
    form.getByTitle(new RegExp(`^${PUPIL.name}（${PUPIL.cardNo}）`)),
  );
  await searchAndChoose(
    form.getByLabel('学分项目'),
    '三级',
    page.locator('.ant-select-item-option[title="机器人运动等级考试（三级）（等级考试·三级）"]'),
    form.getByTestId('item-facts').getByText('必须上传'),
  );
  expect(await form.getByLabel('学分', { exact: true }).inputValue()).toBe('3');

  await form.getByTestId('record-submit').click();
  await form.getByText('该项目须上传证明材料').waitFor();
  await form.locator('input[type="file"]').setInputFiles({
    name: '三级证书.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  });
  await form.getByTestId('evidence-name').getByText('三级证书.pdf').waitFor();
  await form.getByLabel('证书编号（选填）').fill(certificateNo);
  await form.getByTestId('record-submit').click();
  await expect
    .poll(() => form.getByTestId('record-done').textContent(), { timeout: 15_000 })
    .toContain('机器人运动等级考试（三级） 3 学分，待审核');
  return form;
};
