import { HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestServer, TEST_XSRF, type TestServer } from '../testing/testServer';
import { createAttemptLimiter } from './attemptLimiter';
import { addressKey, fastifyTrustProxy, parseTrustProxy } from './clientAddress';
import { LOGIN_RULES } from './loginRules';

describe('TRUST_PROXY', () => {
  it('reads a bare small number as a hop count, never as an address', () => {
    expect(parseTrustProxy('2', undefined)).toBe(2);
    expect(parseTrustProxy('1', 'production')).toBe(1);
    expect(parseTrustProxy('0', undefined)).toBe(false);
    expect(parseTrustProxy('', undefined)).toBe(false);
    expect(parseTrustProxy('false', 'production')).toBe(false);
  });

  it('takes proxy addresses and networks, IPv4 and IPv6, and refuses anything else', () => {
    expect(parseTrustProxy('10.0.0.5, 2001:db8::/32,loopback,192.168.0.0/16', 'production')).toEqual([
      '10.0.0.5',
      '2001:db8::/32',
      'loopback',
      '192.168.0.0/16',
    ]);
    expect(() => parseTrustProxy('10.0.0.0/33', undefined)).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustProxy('proxy.example.org', undefined)).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('123', undefined)).toThrow(/TRUST_PROXY/);
  });

  it('hands Fastify a hop count as a trust function over the hops', () => {
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(['10.0.0.5'])).toEqual(['10.0.0.5']);
  });

  it('refuses `true` when NODE_ENV=production with a clear start-up error, allows it otherwise', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true', NODE_ENV: 'production' })).toThrow(
      /TRUST_PROXY=true .* refused when NODE_ENV=production/,
    );
    expect(loadConfig({ TRUST_PROXY: 'true', NODE_ENV: 'development' }).trustProxy).toBe(true);
  });
});

describe('addressKey', () => {
  it('keys IPv6 by its /64, IPv4-mapped IPv6 as IPv4, IPv4 as itself', () => {
    expect(addressKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:db8:aa:bb::9')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('the X-Forwarded-For warning', () => {
  it('says once, in the log, that a proxy seems to be in front while TRUST_PROXY is off', async () => {
    const lines: string[] = [];
    const server = await createTestServer({ logLevel: 'warn' }, undefined, {
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const forwarded = { 'x-forwarded-for': '198.51.100.4' };
      await server.app.inject({ method: 'GET', url: '/api/captcha', headers: forwarded });
      await server.app.inject({ method: 'GET', url: '/api/captcha', headers: forwarded });
      expect(lines.filter((line) => line.includes('TRUST_PROXY is off'))).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('stays quiet when a proxy is trusted', async () => {
    const lines: string[] = [];
    const server = await createTestServer({ logLevel: 'warn', trustProxy: ['127.0.0.1'] }, undefined, {
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      await server.app.inject({ method: 'GET', url: '/api/captcha', headers: { 'x-forwarded-for': '198.51.100.4' } });
      expect(lines.filter((line) => line.includes('TRUST_PROXY is off'))).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});

describe('client addresses behind a trusted proxy', () => {
  const PROXY = '10.0.0.5';
  let phone = 13700000000;
  /** One SMS code request, to a fresh phone each time, so only the per-address limit can refuse it. */
  const sendCode = (server: TestServer, remoteAddress: string, forwardedFor?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/uc/user/sendCode',
      remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${XSRF_COOKIE}=${TEST_XSRF}`,
        [HEADERS.xsrf]: TEST_XSRF,
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      payload: new URLSearchParams({ phone: String(++phone) }).toString(),
    });

  /** Fills a client's hourly allowance of SMS codes, as twenty earlier sends from it would have. */
  const fillAllowance = async (server: TestServer, address: string) => {
    const rule = LOGIN_RULES.smsPerAddress;
    const limiter = createAttemptLimiter(server.db, () => new Date());
    for (let index = 0; index < rule.max; index++) await limiter.record([{ rule, subject: address }]);
  };

  it('limits two clients behind the proxy separately; a spoofed header from elsewhere changes nothing', async () => {
    const server = await createTestServer({ trustProxy: [PROXY] });
    try {
      await fillAllowance(server, '198.51.100.1');
      expect((await sendCode(server, PROXY, '198.51.100.1')).statusCode).toBe(429);
      // The second pupil behind the same proxy is another client.
      expect((await sendCode(server, PROXY, '198.51.100.2')).statusCode).toBe(200);
      // A client outside the proxy cannot pass for another by naming it, nor escape its own count.
      const outsider = '203.0.113.50';
      expect((await sendCode(server, outsider, '198.51.100.1')).statusCode).toBe(200);
      await fillAllowance(server, outsider);
      expect((await sendCode(server, outsider, '192.0.2.200')).statusCode).toBe(429);
      expect((await sendCode(server, PROXY, '198.51.100.3')).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('counts IPv6 clients behind the proxy by their /64', async () => {
    const server = await createTestServer({ trustProxy: [PROXY] });
    try {
      await fillAllowance(server, '2001:db8:5:6::1');
      expect((await sendCode(server, PROXY, '2001:db8:5:6:ffff::1')).statusCode).toBe(429);
      expect((await sendCode(server, PROXY, '2001:db8:5:7::1')).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});
