import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, SKIP_REASON, waitForModalToSettle } from '../harness/browser';
import { cardLogIn, codeFromOutbox, exchangeSsoCode } from '../harness/cardHolder';
import { answerPortalStep } from '../harness/secondFactor';
import { useSiteAndBrowser } from '../harness/suite';

const PARTNER = 'https://partner.example.cn';
const SESSION_KEYS = ['ucUserInfo', 'token', 'cardNoOfData', 'cardNo', 'operator', 'institution', 'isLogin'];
const PHONE = '13800000000';

const storedKeys = (page: Page) =>
  page.evaluate((keys) => keys.filter((key) => window.localStorage.getItem(key) !== null), SESSION_KEYS);

describe.skipIf(SKIP_REASON)('accounts: log-in, guard, single sign-on and log-out in Chromium', () => {
  const env = useSiteAndBrowser({ SSO_RETURN_ORIGINS: `${PARTNER}/sso/back` });

  it('card log-in lands on /creditBank/info with the records', async () => {
    const { page, errors } = await openPage(env.browser);
    await page.goto(`${env.site.url}/creditBank/login`);
    await cardLogIn(page, '10000001');
    await page.waitForURL(/\/creditBank\/info$/);
    await page.getByText(/共 2\d 条/).waitFor();
    await expect(page.getByTestId('total-credits').textContent()).resolves.toMatch(/\d/);
    expect(await storedKeys(page)).toEqual(['ucUserInfo', 'token', 'cardNo', 'operator', 'institution', 'isLogin']);
    expect(errors).toEqual([]);
  });

  it('phone log-in with the code from the outbox, choosing the second of two cards', async () => {
    const { page } = await openPage(env.browser);
    await page.goto(`${env.site.url}/login`);
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByLabel('手机号', { exact: true }).fill(PHONE);
    await page.getByTestId('send-code').click();
    await page.getByText(/秒后重新获取/).waitFor();
    // The button itself counts down and cannot send again meanwhile.
    expect(await page.getByTestId('send-code').textContent()).toMatch(/\d+\s*秒后重新获取/);
    expect(await page.getByTestId('send-code').isDisabled()).toBe(true);
    const code = await codeFromOutbox(env.site, PHONE);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('验证码', { exact: true }).fill(code);
    await page.getByLabel('验证码', { exact: true }).press('Enter');
    await page.getByText('请选择要使用的卡号').waitFor();
    await waitForModalToSettle(page);
    await page.getByRole('radio', { name: '10000002' }).check();
    await page.getByTestId('card-picker-confirm').click();
    // 10000002 is the demo exam site's institution account: its code first, then its workbench.
    await answerPortalStep(page, env.site, '10000002');
    await page.waitForURL(/\/creditBank\/institution$/);
    await page.getByTestId('institution-name').getByText('北京市青少年科技活动中心').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('cardNo'))).toBe('10000002');
    expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('cardNoOfData'))) ?? '[]')).toEqual([
      '10000001',
      '10000002',
    ]);
  });

  it('the guard sends a logged-out visitor to /creditBank/login and the log-in returns to where they were going', async () => {
    const { page, errors } = await openPage(env.browser);
    await page.goto(`${env.site.url}/center`);
    await page.waitForURL(/\/creditBank\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('redirectUrl'))).toBe('/center');
    await cardLogIn(page, '10000001');
    await page.waitForURL(/\/center$/);
    await page.getByText('个人中心').first().waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('redirectUrl'))).toBeNull();
    expect(errors).toEqual([]);
  });

  it('an allowed ssoReturn receives a one-time code as its token, the card number and source; the code works once', async () => {
    const { page } = await openPage(env.browser);
    await page.route(`${PARTNER}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<p>合作站点</p>' }));
    const back = encodeURIComponent(`${PARTNER}/sso/back`);
    const source = encodeURIComponent(`${PARTNER}/page`);
    await page.goto(`${env.site.url}/login?ssoReturn=${back}&source=${source}`);
    await cardLogIn(page, '10000001');
    await page.waitForURL((url) => url.origin === PARTNER);
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/sso/back');
    expect(landed.searchParams.get('cardNo')).toBe('10000001');
    expect(landed.searchParams.get('source')).toBe(`${PARTNER}/page`);
    const code = landed.searchParams.get('token') ?? '';
    expect(code).not.toBe(await page.evaluate(() => window.localStorage.getItem('token')));
    // The partner's server exchanges the code, once.
    const exchange = () => exchangeSsoCode(env.site.url, code, `${PARTNER}/sso/back`);
    expect((await (await exchange()).json()).data.cardNo).toBe('10000001');
    expect((await exchange()).status).toBe(401);
  });

  it('a refused ssoReturn is ignored: the log-in lands on /creditBank/info', async () => {
    const { page } = await openPage(env.browser);
    let evilVisited = false;
    await page.route('https://evil.example.com/**', (route) => {
      evilVisited = true;
      return route.fulfill({ body: 'evil' });
    });
    await page.goto(`${env.site.url}/login?ssoReturn=${encodeURIComponent('https://evil.example.com/steal')}`);
    await cardLogIn(page, '10000001');
    await page.waitForURL(/\/creditBank\/info$/);
    expect(evilVisited).toBe(false);
  });

  it('after log-out all seven keys are gone and the old token is refused by the account centre', async () => {
    const { page } = await openPage(env.browser);
    await page.goto(`${env.site.url}/creditBank/login?backUrl=%2Fcenter`);
    await cardLogIn(page, '10000001');
    await page.waitForURL(/\/center$/);
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByTestId('center-logout').click();
    await page.waitForURL(/\/index$/);
    expect(await storedKeys(page)).toEqual([]);
    const who = await fetch(`${env.site.url}/api/uc/user/info`, { headers: { authorization: token ?? '' } });
    expect(who.status).toBe(401);
    expect((await who.json()).status).toBe(401);
  });
});

describe.skipIf(SKIP_REASON)('accounts: a password reset by SMS code in Chromium', () => {
  const env = useSiteAndBrowser();

  it('resets the password with the code from the outbox; the new password logs in', async () => {
    const { page } = await openPage(env.browser);
    await page.goto(`${env.site.url}/creditBank/login`);
    await page.getByRole('button', { name: '忘记密码' }).click();
    await page.getByLabel('手机号', { exact: true }).fill(PHONE);
    await page.getByTestId('send-code').click();
    const code = await codeFromOutbox(env.site, PHONE);
    await page.getByLabel('验证码', { exact: true }).fill(code);
    await page.getByLabel('卡号', { exact: true }).fill('10000002');
    await page.getByLabel('新密码', { exact: true }).fill('Reset-pass-2026');
    await page.getByLabel('确认新密码', { exact: true }).fill('Reset-pass-2026');
    await page.getByLabel('确认新密码', { exact: true }).press('Enter');
    await page.getByRole('tab', { name: '卡号登录', selected: true }).waitFor();
    await cardLogIn(page, '10000002', 'Reset-pass-2026');
    await answerPortalStep(page, env.site, '10000002');
    await page.waitForURL(/\/creditBank\/institution$/);
  });
});
