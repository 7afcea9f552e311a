import { DEFAULT_LOGIN_DESTINATION, ROUTES } from '../constants';

/** The query names the log-in page reads to know where to go afterwards. */
export const REDIRECT_PARAMS = {
  ssoReturn: 'ssoReturn',
  source: 'source',
  state: 'state',
  backUrl: 'backUrl',
} as const;

/** A partner's return, as the log-in page received it: the server adds the one-time code to it. */
export interface SsoReturn {
  ssoReturn: string;
  source?: string;
  state?: string;
}

export type RedirectTarget = { external: true; sso: SsoReturn } | { external: false; path: string };

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
  /** The return-address prefixes a partner may name (`SSO_RETURN_ORIGINS`). */
  ssoReturnOrigins: readonly string[];
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

const httpUrl = (value: string): URL | null => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return url;
};

/**
 * Whether an allow-list entry is a full return-address prefix: an http(s) address with a path below its
 * origin, no query, no fragment. An origin alone would let a partner's every page (an open redirect, a page
 * with someone else's analytics) receive the code.
 */
export const isSsoReturnPrefix = (entry: string) => {
  const url = httpUrl(entry);
  return url !== null && url.pathname.length > 1 && !url.search && !url.hash && url.href === entry;
};

/**
 * The allow-list entry an absolute http(s) return address falls under, or null: same origin, and its path
 * (after the browser's normalising of `..` and `%2e`) is the entry's path or lies beneath it, segment by
 * segment, so `/sso/back` admits `/sso/back?x=1` and `/sso/back/done` but not `/sso/backdoor`.
 */
export const matchSsoReturn = (
  value: string | null,
  prefixes: readonly string[],
): { url: URL; prefix: string } | null => {
  if (!value) return null;
  const url = httpUrl(value);
  if (!url) return null;
  for (const prefix of prefixes) {
    const allowed = isSsoReturnPrefix(prefix) ? new URL(prefix) : null;
    if (!allowed || allowed.origin !== url.origin) continue;
    const base = allowed.pathname.endsWith('/') ? allowed.pathname : `${allowed.pathname}/`;
    if (url.pathname === allowed.pathname || url.pathname.startsWith(base)) return { url, prefix };
  }
  return null;
};

/** An absolute http(s) url under one of the allowed return-address prefixes, or null. */
export const allowedSsoReturn = (value: string | null, prefixes: readonly string[]): URL | null =>
  matchSsoReturn(value, prefixes)?.url ?? null;

/**
 * Where to go after a log-in, first match wins: (1) the single-sign-on return address, when it lies under
 * an allowed prefix (the server then adds a one-time code, the card number, `source` and the partner's
 * `state`); (2) the stored redirect url; (3) the back url; (4) `landing`, by default /creditBank/info.
 * (2) and (3) must be same-site paths.
 */
export const decideRedirect = ({
  search,
  storedRedirectUrl,
  ssoReturnOrigins,
  landing = DEFAULT_LOGIN_DESTINATION,
}: RedirectInput): RedirectDecision => {
  const query = new URLSearchParams(search);
  const ssoReturn = query.get(REDIRECT_PARAMS.ssoReturn);
  const clearStoredRedirect = storedRedirectUrl !== null;
  const sso = allowedSsoReturn(ssoReturn, ssoReturnOrigins);
  const refusedSsoReturn = ssoReturn && !sso ? ssoReturn : null;
  if (sso && ssoReturn) {
    const source = query.get(REDIRECT_PARAMS.source);
    const state = query.get(REDIRECT_PARAMS.state);
    return {
      target: {
        external: true,
        sso: { ssoReturn, ...(source ? { source } : {}), ...(state !== null ? { state } : {}) },
      },
      clearStoredRedirect,
      refusedSsoReturn,
    };
  }
  const path = sameSitePath(storedRedirectUrl) ?? sameSitePath(query.get(REDIRECT_PARAMS.backUrl)) ?? landing;
  return { target: { external: false, path }, clearStoredRedirect, refusedSsoReturn };
};
