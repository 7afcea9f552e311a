/**
 * Links that come from data (banner and partner `urlAddress`, attachments) are followed only when they are
 * http(s) addresses or same-site paths; anything else (javascript:, data:, protocol-relative) is dropped.
 */
export const safeHref = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const text = value.trim();
  if (/^https?:\/\/[^\s/]+/i.test(text)) return text;
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) return text;
  return null;
};

export const isExternal = (href: string) => /^https?:\/\//i.test(href);
