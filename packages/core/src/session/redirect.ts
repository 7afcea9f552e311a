import { DEFAULT_LOGIN_DESTINATION, ROUTES } from '../constants';

/** The query names the log-in page reads to know where to go afterwards. */
export const REDIRECT_PARAMS = { ssoReturn: 'ssoReturn', source: 'source', backUrl: 'backUrl' } as const;

export type RedirectTarget = { external: true; url: string } | { external: false; path: string };

export interface RedirectDecision {
  target: RedirectTarget;
  /** The stored `redirectUrl` was used (or was unusable) and must now be removed. */
  clearStoredRedirect: boolean;
  /** An `ssoReturn` that was refused (not on the allow-list), for the caller to log. */
  refusedSsoReturn: string | null;
}

export interface RedirectInput {
  /** The log-in page's query string. */
  search: string;
  storedRedirectUrl: string | null;
  ssoReturnOrigins: readonly string[];
  token: string;
  cardNo: string;
  /** Where the account lands when nothing else is asked for (its workbench, see `landingFor`). */
  landing?: string;
}

/** The workbenches of the two kinds of staff account a card can be. */
export const WORKBENCH_PATHS = { institution: '/creditBank/institution', review: '/creditBank/review' } as const;

/**
 * The page an account lands on after a log-in when nothing else is asked for: an institution account works
 * at its institution's workbench, an operator at the review workbench, everyone else at their records.
 */
export const landingFor = (flags: { institution: boolean; operator: boolean }): string => {
  if (flags.institution) return WORKBENCH_PATHS.institution;
  if (flags.operator) return WORKBENCH_PATHS.review;
  return DEFAULT_LOGIN_DESTINATION;
};

const LOGIN_PAGES: string[] = [ROUTES.login, ROUTES.creditBankLogin];
const PROBE_ORIGIN = 'https://same-site.invalid';

/**
 * A path on this site, or null: must start with one `/`, no backslash, no control character, and must
 * resolve to this site (so `//evil`, `/\evil`, `javascript:` and absolute urls are all refused).
 * The log-in pages themselves are refused too, so a log-in never lands on a log-in form.
 */
export const sameSitePath = (value: string | null | undefined): string | null => {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // Judged again after normalising: `/.//evil.com` resolves to the path `//evil.com`, which a browser
  // reads as another host.
  if (url.pathname.startsWith('//')) return null;
  if (LOGIN_PAGES.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** An absolute http(s) url whose origin is exactly one of the allowed origins, or null. */
export const allowedSsoReturn = (value: string | null, origins: readonly string[]): URL | null => {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return origins.includes(url.origin) ? url : null;
};

/**
 * Where to go after a log-in, first match wins: (1) the single-sign-on
 * return address, with token, cardNo and source added, when its origin is allowed; (2) the stored
 * redirect url; (3) the back url; (4) `landing`, by default /creditBank/info. (2) and (3) must be same-site paths.
 */
export const decideRedirect = ({
  search,
  storedRedirectUrl,
  ssoReturnOrigins,
  token,
  cardNo,
  landing = DEFAULT_LOGIN_DESTINATION,
}: RedirectInput): RedirectDecision => {
  const query = new URLSearchParams(search);
  const ssoReturn = query.get(REDIRECT_PARAMS.ssoReturn);
  const clearStoredRedirect = storedRedirectUrl !== null;
  const sso = allowedSsoReturn(ssoReturn, ssoReturnOrigins);
  const refusedSsoReturn = ssoReturn && !sso ? ssoReturn : null;
  if (sso) {
    sso.searchParams.set('token', token);
    sso.searchParams.set('cardNo', cardNo);
    const source = query.get(REDIRECT_PARAMS.source);
    if (source) sso.searchParams.set('source', source);
    return { target: { external: true, url: sso.toString() }, clearStoredRedirect, refusedSsoReturn };
  }
  const path = sameSitePath(storedRedirectUrl) ?? sameSitePath(query.get(REDIRECT_PARAMS.backUrl)) ?? landing;
  return { target: { external: false, path }, clearStoredRedirect, refusedSsoReturn };
};
