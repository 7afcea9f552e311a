/**
 * What a log may say about a url: never the legacy card check's user name and password (they travel in its
 * path), never a secret query value.
 *
 * The legacy path is recognised however it is spelled: percent-encoded letters (`/api/%56alidate…`, even
 * encoded twice), other letter case, repeated slashes or `.` segments, or an absolute-form request target
 * (`POST http://host/api/…`). A url that reads as that call in any spelling is logged as its bare name.
 */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
const LEGACY_CARD_CHECK = /^\/api\/validatecardbypass(?:\/|$)/i;
const LEGACY_CARD_CHECK_LOGGED = '/api/ValidateCardByPass/[已隐藏]';
const SECRET_QUERY = /([?&](?:token|password|code|aesKey|data)=)[^&]*/gi;

/** Percent-escapes decoded byte by byte (a malformed escape stays as it is), up to three layers deep. */
const decodeEscapes = (text: string) => {
  let current = text;
  for (let layer = 0; layer < 3; layer++) {
    const next = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === current) break;
    current = next;
  }
  return current;
};

/** The path as a router might read it: decoded, slashes collapsed, `.` segments dropped. */
const readablePath = (path: string) =>
  decodeEscapes(path)
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/\/\.(?=\/|$)/g, '');

export const redactUrl = (url: string): string => {
  const target = url.replace(ABSOLUTE_FORM, '') || '/';
  const queryAt = target.search(/[?#]/);
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (LEGACY_CARD_CHECK.test(readablePath(path))) return LEGACY_CARD_CHECK_LOGGED;
  return target.replace(SECRET_QUERY, '$1[已隐藏]');
};
