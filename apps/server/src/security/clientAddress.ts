import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * What `TRUST_PROXY` may say: nothing is trusted (`false`); the proxies by address or network (an office's
 * nginx at `10.0.0.5`, a CDN's ranges), the only safe choice; a number of proxy hops in front of the server;
 * or `true`, every `X-Forwarded-For` believed, which lets any client name its own address.
 */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for whole private ranges, accepted beside addresses and networks. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** A hop count is a small number; anything longer is a typo for an address, refused rather than guessed. */
const HOP_COUNT = /^\d{1,2}$/;

const isAddressOrNetwork = (item: string) => {
  if (NAMED_RANGES.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * Reads `TRUST_PROXY`. A bare number is a hop count, never an address (`2` is not `0.0.0.2`); `true` trusts
 * what any client writes, so a production server refuses to start with it.
 */
export const parseTrustProxy = (value: string | undefined, nodeEnv: string | undefined): TrustProxy => {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    if (nodeEnv === 'production') {
      throw new Error(
        "TRUST_PROXY=true believes every client's X-Forwarded-For and is refused when NODE_ENV=production: name the proxy instead (TRUST_PROXY=10.0.0.5 or a network such as 10.0.0.0/8, several separated by commas)",
      );
    }
    return true;
  }
  if (HOP_COUNT.test(text)) return Number(text);
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const wrong = items.filter((item) => !isAddressOrNetwork(item));
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY must be false, a hop count, or proxy addresses / networks (IPv4 or IPv6, e.g. 10.0.0.5,2001:db8::/64); not understood: ${wrong.join(', ')}`,
    );
  }
  return items;
};

/**
 * The setting in the form Fastify's options are typed for: a hop count becomes proxy-addr's trust function,
 * which is handed each address from the nearest hop outwards.
 */
export const fastifyTrustProxy = (trustProxy: TrustProxy) =>
  typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy;

/** The eight 16-bit groups of an IPv6 address (with `::`, an IPv4 tail or a zone). */
const ipv6Groups = (address: string): number[] => {
  let text = address.split('%')[0] ?? '';
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const [head = '', tail] = text.split('::');
  if (tail === undefined) return groups(head);
  const before = groups(head);
  const after = groups(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
};

/**
 * The subject every per-address limit counts a client under. An IPv6 client is counted by its /64: one
 * ordinary line or host is handed a whole /64 and could otherwise take a fresh address for every try. An
 * IPv4 client written as IPv6 (`::ffff:203.0.113.7`, as a dual-stack socket reports it) is its IPv4 address.
 */
export const addressKey = (address: string): string => {
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  const mappedIpv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mappedIpv4) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
};

/**
 * With no proxy trusted, every visitor behind one appears with the proxy's address and the per-address
 * limits become site-wide. A request carrying `X-Forwarded-For` is the sign of such a proxy, so the first
 * one makes the server say so, once, in its log.
 */
export const registerForwardedForWarning = (app: FastifyInstance, trustProxy: TrustProxy) => {
  if (trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(
      { peer: request.ip },
      "a request came with X-Forwarded-For but TRUST_PROXY is off: behind a proxy every visitor shares its address and its limits; set TRUST_PROXY to the proxy's address",
    );
  });
};
