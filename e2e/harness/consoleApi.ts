import { CONSOLE_SESSION_COOKIE, HEADERS, XSRF_COOKIE } from '@lianmeng/core';
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
  const response = await fetch(`${site.url}/lianmeng/auth/login`, {
    method: 'POST',
    headers: consoleHeaders(),
    body: JSON.stringify({ username, password: E2E_PASSWORD }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((cookie) => cookie.startsWith(`${CONSOLE_SESSION_COOKIE}=`));
  if (!session) throw new Error(`sign-in as ${username} failed: ${response.status} ${await response.text()}`);
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
