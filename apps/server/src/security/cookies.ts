import { CONSOLE_SESSION_COOKIE } from '@lianmeng/core';
import type { FastifyRequest } from 'fastify';

export interface CookiePolicy {
  /** Whether a cookie set in answer to `request` carries `Secure`. */
  secure(request: FastifyRequest): boolean;
  /** The console session cookie's name. */
  consoleSessionName: string;
}

/**
 * Behind a TLS proxy that is not trusted for its headers, `request.protocol` says http although every
 * browser reached the site over https, and cookies would go without `Secure`. The public address is
 * configuration, so it decides: an https address means Secure always. It also allows the `__Host-`
 * prefix on the session cookie (browsers then refuse it unless Secure, path `/` and no domain, so no
 * sibling subdomain or plain-http page can set or shadow it); a site reached over http cannot have it.
 */
export const cookiePolicy = (publicUrl: string | undefined): CookiePolicy => {
  const httpsByConfig = publicUrl?.startsWith('https://') ?? false;
  return {
    secure: (request) => httpsByConfig || request.protocol === 'https',
    consoleSessionName: httpsByConfig ? `__Host-${CONSOLE_SESSION_COOKIE}` : CONSOLE_SESSION_COOKIE,
  };
};
