import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../harness/axe';
import { openPage, SKIP_REASON, waitForHydration, waitForModalToSettle } from '../harness/browser';
import { callAs, DESK, fitsWidth, logIn, OPERATOR, PHONE, PUPIL, SCHOOL_ACCOUNT } from '../harness/creditBank';
import { useSiteAndBrowser } from '../harness/suite';

/**
 * Proofs end to end: the demo pupil issues a proof of all posted records; a visitor with no account opens
 * the check address on a phone and sees 真实有效 with the masked name and the records; the school reverses one
 * of them (the operator posts the reversal) and the check page marks it 已冲正; the pupil revokes the proof and
 * the visitor, reloading, sees 已撤销. The PDF itself (text, signature, QR) is read back by the server suite
 * with poppler and zbarimg (apps/server/src/domains/proofs/proofs.test.ts).
 */

describe.skipIf(SKIP_REASON)('credit bank: a proof anyone can check', () => {
  const env = useSiteAndBrowser();

  it('is issued, checked on a phone, shows a later reversal as 已冲正, and verifies as 已撤销 once revoked', async () => {
    const { page: holder, errors } = await openPage(env.browser, { viewport: DESK });
    await logIn(holder, env.site, PUPIL.cardNo);
    await holder.getByTestId('proof-link').click();
    await holder.waitForURL(/\/creditBank\/proofs$/);
    await holder.getByTestId('issue-proof').click();
    const codeCell = holder.getByTestId('proof-list').locator('code').first();
    await codeCell.waitFor();
    const code = ((await codeCell.textContent()) ?? '').replace(/\s/g, '');
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{16}$/);

    // A visitor with no account opens the QR's address on a phone.
    const { page: visitor } = await openPage(env.browser, { viewport: PHONE });
    await visitor.goto(`${env.site.url}/verify/${code}`);
    await visitor.getByTestId('verify-verdict').getByText('真实有效').waitFor();
    expect(await visitor.getByTestId('verify-holder').textContent()).toBe('李*');
    const records = visitor.getByTestId('verify-records').getByRole('listitem');
    expect(await records.count()).toBeGreaterThan(0);
    expect(await visitor.getByTestId('verify-records').textContent()).not.toContain('已冲正');
    expect(await fitsWidth(visitor)).toBe(true);
    expect(await visitor.content()).not.toContain(PUPIL.cardNo);

    // The school reverses one of the listed records and the operator posts the reversal.
    await logIn(holder, env.site, SCHOOL_ACCOUNT, true);
    const listed = await callAs(
      holder,
      'GET',
      `/api/creditBank/institution/credits?cardNo=${PUPIL.cardNo}&state=posted`,
    );
    const [record] = (listed.data as { list: { id: number }[] }).list;
    expect(record).toBeDefined();
    const reversal = await callAs(holder, 'POST', `/api/creditBank/institution/credits/${record?.id}/reversal`, {
      reason: '证书编号有误，予以冲正',
    });
    expect(reversal.status).toBe(200);
    await logIn(holder, env.site, OPERATOR, true);
    const approved = await callAs(holder, 'POST', '/api/creditBank/review/records/approve', {
      ids: [(reversal.data as { id: number }).id],
    });
    expect(approved.status).toBe(200);

    await visitor.reload();
    await visitor.getByTestId('verify-verdict').getByText('真实有效').waitFor();
    await visitor.getByTestId('verify-records').getByText('已冲正').waitFor();

    // The holder revokes it; the visitor, reloading, sees 已撤销.
    await logIn(holder, env.site, PUPIL.cardNo);
    await holder.goto(`${env.site.url}/creditBank/proofs`);
    await holder
      .getByTestId('proof-list')
      .getByRole('button', { name: /撤\s*销/ })
      .first()
      .click();
    await waitForModalToSettle(holder);
    await holder
      .getByRole('dialog')
      .getByRole('button', { name: /撤\s*销/ })
      .click();
    await holder.getByTestId('proof-list').getByText('已撤销').waitFor();
    await visitor.reload();
    await visitor.getByTestId('verify-verdict').getByText('已撤销').waitFor();
    expect(await visitor.getByTestId('verify-records').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 180_000);

  it.each([390, 1280])('finds no serious or critical axe violation on /verify at %i px', async (width) => {
    const { page } = await openPage(env.browser, { viewport: { width, height: 844 } });
    await page.goto(`${env.site.url}/verify`);
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await page.close();
  });
});
