import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookiePolicy } from './cookies';

/** Accounts one browser is remembered for (a family computer); the oldest is forgotten first. */
const MAX_ACCOUNTS = 8;
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const TAG_CHARS = 22;

/**
 * Browsers that have logged in to an account before. Past an account's failure ceiling a stranger gets the
 * challenge and waits, while the owner's own browser is still let through to try: the one thing a stranger
 * elsewhere cannot have is a cookie this server set after a right password.
 */
export interface KnownDevices {
  /** The device's id when the request's cookie says it logged in to `account` before; else null. */
  recognise(request: FastifyRequest, account: string): Promise<string | null>;
  /** After a right password: the device is remembered for `account` (the cookie keeps its other accounts). */
  remember(request: FastifyRequest, reply: FastifyReply, account: string): Promise<void>;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * The cookie `lm_device_<kind>` holds a random device id and, per account, an HMAC tag of (kind, device,
 * account): it names no account, a tag made for one device or account fits no other, and only this server's
 * key makes one. HttpOnly, SameSite=Lax (it must come with the log-in form's POST from the portal's pages),
 * Secure when the site is served over https.
 */
export const createKnownDevices = (
  kind: string,
  loadKey: () => Promise<Buffer>,
  cookies: CookiePolicy,
): KnownDevices => {
  const cookieName = `lm_device_${kind}`;
  // Read once and kept: every log-in asks for it, and the key does not change while the server runs.
  let key: Promise<Buffer> | undefined;
  const keyOf = () => {
    key ??= loadKey();
    return key;
  };
  const tagOf = async (device: string, account: string) =>
    base64url(
      createHmac('sha256', await keyOf())
        .update(`known-device|${kind}|${device}|${account}`)
        .digest(),
    ).slice(0, TAG_CHARS);
  const read = (request: FastifyRequest) => {
    const [device = '', ...tags] = (request.cookies[cookieName] ?? '').split('.');
    return /^[A-Za-z0-9_-]{22}$/.test(device) ? { device, tags } : null;
  };
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  return {
    async recognise(request, account) {
      const cookie = read(request);
      if (!cookie) return null;
      const tag = await tagOf(cookie.device, account);
      return cookie.tags.some((candidate) => same(candidate, tag)) ? cookie.device : null;
    },
    async remember(request, reply, account) {
      const cookie = read(request) ?? { device: base64url(randomBytes(16)), tags: [] };
      const tag = await tagOf(cookie.device, account);
      const tags = [...cookie.tags.filter((candidate) => candidate !== tag), tag].slice(-MAX_ACCOUNTS);
      reply.setCookie(cookieName, [cookie.device, ...tags].join('.'), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookies.secure(request),
        maxAge: MAX_AGE_SECONDS,
      });
    },
  };
};
