/**
 * What the server tells the apps at run time: the hosts calls go to and the origins a single-sign-on return
 * address may point to. The server writes it into every HTML page it serves as a non-executable JSON block
 * (the content security policy allows no inline script), and the apps read it before they start.
 */
export interface RuntimeConfig {
  /** '' means the server that served the page, so every call stays relative. */
  hosts: { main: string; uc: string; sso: string };
  ssoReturnOrigins: string[];
}

export const RUNTIME_CONFIG_ELEMENT_ID = 'lianmeng-config';

/**
 * The JSON block that tells the console's page whether the request that fetched it carried a live console
 * session, and nothing else about the user: a signed-out visitor gets the sign-in page without a call first.
 * Only a hint: the console still checks the session with its own first call.
 */
export const CONSOLE_SESSION_ELEMENT_ID = 'lianmeng-console-session';

export interface ConsoleSessionHint {
  signedIn: boolean;
}

/** The JSON block that carries the server's loader data into a server-rendered page, read before hydration. */
export const HYDRATION_ELEMENT_ID = 'lianmeng-hydration';

/** The cookie that remembers the elderly-friendly mode, so the server renders the page in it. */
export const ELDERLY_MODE_COOKIE = 'elderlyMode';

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = { hosts: { main: '', uc: '', sso: '' }, ssoReturnOrigins: [] };

/**
 * JSON that is safe inside `<script type="application/json">`: `<`, `>`, `&` and the two line separators
 * JavaScript treats as line ends are written as escapes, so no value can close the element or open a comment.
 */
export const jsonForHtml = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** The `<script>` element that carries a JSON value into a page. */
export const jsonScriptElement = (id: string, value: unknown): string =>
  `<script type="application/json" id="${id}">${jsonForHtml(value)}</script>`;

/** Reads a JSON block written by `jsonScriptElement`; `fallback` when the page has none or it is unreadable. */
export const readJsonScriptElement = <T>(doc: Document, id: string, fallback: T): T => {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};
