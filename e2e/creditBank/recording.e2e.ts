import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../harness/axe';
import { chooseOption, openPage, SKIP_REASON } from '../harness/browser';
import {
  commitMendedSheet,
  competitionRows,
  creditSheetInput,
  DESK,
  fitsWidth,
  openWorkbench,
  PHONE,
  previewBrokenSheet,
  recordExamCredit,
  writeSheet,
} from '../harness/creditBank';
import { useSiteAndBrowser } from '../harness/suite';

/**
 * Recording credits in the institution workbench: the demo school's account records one level-3 exam credit by
 * hand with its certificate as evidence, and imports a 50-row competition sheet whose preview refuses 3 rows
 * and flags 1 duplicate; the mended sheet is committed as one batch waiting for review. On a phone and on a
 * wide screen, without sideways scrolling or a serious axe violation.
 */

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
    const { page, errors } = await openPage(env.browser, { viewport: PHONE });
    await openWorkbench(page, env.site);
    // The item requires evidence: the form sends nothing without it.
    const form = await recordExamCredit(page, 'E2E-EXAM3-001');
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
    const { page, errors } = await openPage(env.browser, { viewport: DESK });
    await openWorkbench(page, env.site);
    await previewBrokenSheet(page, await writeSheet(workDir, 'competition-broken.xlsx', competitionRows(true)));

    const mended = await writeSheet(workDir, 'competition.xlsx', competitionRows(false));
    await commitMendedSheet(page, mended);

    // The same file again records nothing more.
    await page.getByRole('button', { name: '继续导入' }).click();
    await creditSheetInput(page).setInputFiles(mended);
    await page.getByText(/这份文件已经提交过（批次 \d+）/).waitFor({ timeout: 30_000 });

    await page.getByRole('tab', { name: '登记记录' }).click();
    const list = page.locator('section[aria-label="登记记录"]');
    await list.getByText(/^共 \d+ 条$/).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await chooseOption(page, list.getByLabel('记录状态'), '待审核');
    // The hand-recorded credit and the batch's 49, besides the demo batch of 3 waiting for review.
    await list.getByText('共 53 条').waitFor();
    expect(errors).toEqual([]);
  }, 180_000);
});
