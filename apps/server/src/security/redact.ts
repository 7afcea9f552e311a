/** What a log may say about a url: never the legacy call's password segment, never a secret query value. */
const LEGACY_CARD_CHECK = /^(\/api\/ValidateCardByPass)\/[^?]*/i;
const SECRET_QUERY = /([?&](?:token|password|code|aesKey|data)=)[^&]*/gi;

export const redactUrl = (url: string): string =>
  url.replace(LEGACY_CARD_CHECK, '$1/[已隐藏]').replace(SECRET_QUERY, '$1[已隐藏]');
