import { CONSOLE_SESSION_COOKIE, HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import type { Browser, Page } from 'playwright-core';
import { openPage, type WatchedPage } from './browser';
import { codeFor, demoCode, secretOf } from './secondFactor';
import { E2E_PASSWORD, type RunningSite } from './site';

const XSRF = 'e2e-anti-forgery-token';

/** The headers of a console call over real HTTP: console flag, double-submit anti-forgery, the session. */
export const consoleHeaders = (session?: string) => ({
  'content-type': 'application/json',
  [HEADERS.console]: '1',
  [HEADERS.xsrf]: XSRF,
  cookie: [`${XSRF_COOKIE}=${XSRF}`, session].filter(Boolean).join('; '),
});

/** Signs a demo console account in on one site and returns its session cookie (`name=value`). */
export const signIn = async (site: RunningSite, username: 'admin' | 'editor' | 'staff') => {
  const post = (url: string, body: unknown, cookie?: string) =>
    fetch(`${site.url}${url}`, { method: 'POST', headers: consoleHeaders(cookie), body: JSON.stringify(body) });
  const first = await post('/lianmeng/auth/login', { username, password: E2E_PASSWORD });
  // The administrator and the editor come with a second factor: the code, from the secret the demo lists.
  const step = first.ok
    ? ((await first.clone().json()) as { data?: { secondFactor?: { ticket: string } } }).data
    : undefined;
  const response = step?.secondFactor
    ? await post('/lianmeng/auth/secondFactor', {
        ticket: step.secondFactor.ticket,
        code: await demoCode(site, username),
      })
    : first;
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((cookie) => cookie.startsWith(`${CONSOLE_SESSION_COOKIE}=`));
  if (!session) throw new Error(`sign-in as ${username} failed: ${response.status} ${await response.text()}`);
  // Account administration asks for the password again; the suites sign in as a console that just gave it.
  if (username === 'admin') {
    const reauth = await post(
      '/lianmeng/auth/reauth',
      { password: E2E_PASSWORD, code: await demoCode(site, username) },
      session,
    );
    if (!reauth.ok) throw new Error(`re-authentication as ${username} failed: ${reauth.status} ${await reauth.text()}`);
  }
  return session;
};

export const consoleCall = async <T = unknown>(
  site: RunningSite,
  session: string | undefined,
  path: string,
  init: { method?: string; body?: unknown } = {},
) => {
  const response = await fetch(`${site.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: consoleHeaders(session),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as { status: number; message?: string; data: T } };
};

/** The console's header shows the account menu once a session is open. */
const accountMenuShown = (page: Page) =>
  page
    .getByRole('button', { name: /退出登录|个人信息/ })
    .first()
    .waitFor();

/**
 * Opens `path` (a deep link under /admin/) in a new page, signs a demo account in through the Chinese
 * sign-in page it lands on, and resolves once `ready` holds (by default: the account menu is shown).
 */
export const signInThroughPage = async (
  browser: Browser,
  site: RunningSite,
  username: 'admin' | 'editor' | 'staff',
  path: string,
  ready: (page: Page) => Promise<unknown> = accountMenuShown,
): Promise<WatchedPage> => {
  const watched = await openPage(browser);
  const { page } = watched;
  await page.goto(`${site.url}/admin${path}`);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  // The administrator and the editor come with a second factor: its step follows the password.
  const secret = await secretOf(site, username);
  if (secret) {
    await page.getByLabel('动态口令').fill(await codeFor(secret));
    await page.getByRole('button', { name: '验证' }).click();
  }
  await ready(page);
  return watched;
};
