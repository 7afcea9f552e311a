/** Reads one cookie from a `document.cookie`-style string. */
export const readCookie = (cookieHeader: string, name: string): string | undefined => {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
};

export const browserCookies = (): string => (typeof document === 'undefined' ? '' : document.cookie);
