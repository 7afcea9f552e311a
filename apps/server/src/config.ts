import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSsoReturnPrefix } from '@lianmeng/core/session';
import { parseTrustProxy, type TrustProxy } from './security/clientAddress';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: a SQLite file in dataDir. `postgres://…`: PostgreSQL. `sqlite:<file>` or `:memory:` also work. */
  databaseUrl: string | undefined;
  hosts: { main: string; uc: string; sso: string };
  demoPassword: string | undefined;
  /**
   * DEMO_DATA: seed the demo site (accounts, pupils, articles) into a new database. On unless
   * NODE_ENV=production, where the first start prints a one-time link to create the first administrator.
   */
  demoData: boolean;
  /** TRUST_PROXY: whose `X-Forwarded-For` is believed (security/clientAddress.ts). */
  trustProxy: TrustProxy;
  /**
   * SSO_RETURN_ORIGINS: the return-address prefixes (`https://partner.example.org/sso/back`) a partner's
   * single-sign-on return address must lie under; an origin alone is refused at start-up.
   */
  ssoReturnOrigins: string[];
  portalDist: string;
  adminDist: string;
  /** PEM of the card log-in RSA private key; unset: generated into dataDir at first start. */
  cardPrivateKey: string | undefined;
  /** PUBLIC_URL: the address browsers reach the site by; https makes every cookie Secure. */
  publicUrl: string | undefined;
  /** SMS_CODE_KEY: the HMAC key of stored SMS codes; unset, one is generated into dataDir. */
  smsCodeKey: string | undefined;
  /**
   * PROOF_SIGNING_KEY / PROOF_SIGNING_CERT: PEM of the key and certificate proofs are signed with; unset, a
   * key and a self-signed certificate are generated into dataDir on first use.
   */
  proofSigning: { key: string | undefined; certificate: string | undefined };
  /** PROOF_FONT: the CJK font (.ttc/.otf/.ttf) embedded in proofs and activation slips; missing, the start fails. */
  proofFont: string;
  /**
   * CAPTCHA: the image challenge before an SMS code is sent and after repeated failed log-ins; `off` for
   * tests and for a site that puts its own challenge in front.
   */
  captcha: boolean;
  /**
   * LIANMENG_TEST_CAPTCHA_ANSWERS=1, for the whole-system tests only: each challenge's answer is appended to
   * `DATA_DIR/captcha-answers.log`, so a browser test can answer it. Never set in production.
   */
  captchaAnswersForTests: boolean;
  /**
   * The site-wide circuit breaker, whatever the challenge: at most `smsPerHour` SMS codes sent in any hour
   * (BREAKER_SMS_PER_HOUR) and, once `loginFailuresPerMinute` failed log-ins came in the last minute
   * (BREAKER_LOGIN_FAILURES_PER_MINUTE), log-ins paused until the minute has fewer; 0: that breaker off.
   */
  breaker: { smsPerHour: number; loginFailuresPerMinute: number };
  /** Quiet logs in tests. */
  logLevel: string;
  /** LOG_FORMAT: `pretty` (coloured lines), `json`, or undefined: pretty when stdout is a terminal, JSON otherwise. */
  logFormat: 'pretty' | 'json' | undefined;
  /** METRICS_PORT / METRICS_HOST: where the Prometheus metrics are served, apart from the site; port 0: not served. */
  metrics: { port: number; host: string };
  /**
   * How long a client may take: to send its headers, to send a whole request (a 10 MB upload on a slow
   * phone line needs its two minutes), to send the next request on a kept-alive connection, and to stay
   * silent on an open socket. `bodyMs`: a request body other than an upload must have arrived this long after
   * its headers; an upload instead must bring `uploadMinBytesPerSecond` in every `uploadWindowMs`.
   */
  timeouts: {
    headersMs: number;
    requestMs: number;
    keepAliveMs: number;
    idleMs: number;
    bodyMs: number;
    uploadWindowMs: number;
    uploadMinBytesPerSecond: number;
  };
  /** Mean event-loop delay (ms) above which requests are refused with 503; 0: never. */
  maxEventLoopDelayMs: number;
  /** How long each event-loop delay sample lasts: a one-second mean rides out a single slow request. */
  eventLoopSampleMs: number;
  /** How long a shutdown waits for the requests in flight before cutting them. */
  shutdownGraceMs: number;
  /** CONTRACT_CHECK: every answer is checked against the contract's response schema (http/defineRoute.ts). */
  contractCheck: boolean;
}

export const DEFAULT_TIMEOUTS: ServerConfig['timeouts'] = {
  headersMs: 15_000,
  requestMs: 120_000,
  keepAliveMs: 5_000,
  idleMs: 150_000,
  bodyMs: 30_000,
  uploadWindowMs: 10_000,
  // 10 KB/s: a 10 MB photo still fits in the two minutes of the whole request on a slow line, while a
  // client dripping a byte every few seconds is cut within one window.
  uploadMinBytesPerSecond: 10 * 1024,
};

/** 9464: the port OpenTelemetry's Prometheus exporter uses, so a scrape configuration written for it fits. */
const DEFAULT_METRICS_PORT = 9464;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const wholeNumber = (unit: string) => (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number of ${unit}, got "${value}"`);
  return parsed;
};
const milliseconds = wholeNumber('milliseconds');
const kilobytesPerSecond = wholeNumber('kilobytes per second');

const publicUrl = (value: string | undefined) => {
  if (!value) return undefined;
  if (!/^https?:\/\/[^/\s]+/.test(value)) throw new Error(`PUBLIC_URL must be an http(s) address, got "${value}"`);
  return value.replace(/\/+$/, '');
};

const ssoReturnPrefixes = (value: string | undefined) => {
  const entries = list(value);
  for (const entry of entries) {
    if (!isSsoReturnPrefix(entry)) {
      throw new Error(
        `SSO_RETURN_ORIGINS entries must be full return-address prefixes with a path (https://partner.example.org/sso/back), not an origin alone, a query or a fragment; got "${entry}"`,
      );
    }
  }
  return entries;
};

const onOff = (name: string, value: string | undefined) => {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`${name} must be "on" or "off", got "${value}"`);
};

const portNumber = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
    throw new Error(`${name} must be a port number, got "${value}"`);
  return parsed;
};

const logFormat = (value: string | undefined) => {
  if (value === undefined || value === '') return undefined;
  if (value === 'pretty' || value === 'json') return value;
  throw new Error(`LOG_FORMAT must be "pretty" or "json", got "${value}"`);
};

/** `1`/`true` or `0`/`false`; unset, the fallback. */
const flag = (name: string, value: string | undefined, fallback: boolean) => {
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
};

export const loadConfig = (
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ServerConfig> = {},
): ServerConfig => {
  return {
    port: portNumber('PORT', env.PORT, 8080),
    // IPv4 and IPv6 alike; main.ts falls back to 0.0.0.0 on a machine without IPv6.
    host: env.HOST || '::',
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    hosts: { main: env.MAIN_HOST ?? '', uc: env.UC_HOST ?? '', sso: env.SSO_HOST ?? '' },
    demoPassword: env.DEMO_PASSWORD || undefined,
    demoData: flag('DEMO_DATA', env.DEMO_DATA, env.NODE_ENV !== 'production'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY, env.NODE_ENV),
    ssoReturnOrigins: ssoReturnPrefixes(env.SSO_RETURN_ORIGINS),
    portalDist: path.resolve(env.PORTAL_DIST || path.join(repoRoot, 'apps/portal/dist')),
    adminDist: path.resolve(env.ADMIN_DIST || path.join(repoRoot, 'apps/admin/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: logFormat(env.LOG_FORMAT),
    metrics: {
      port: portNumber('METRICS_PORT', env.METRICS_PORT, DEFAULT_METRICS_PORT),
      host: env.METRICS_HOST || '127.0.0.1',
    },
    cardPrivateKey: env.CARD_PRIVATE_KEY || undefined,
    smsCodeKey: env.SMS_CODE_KEY || undefined,
    proofSigning: { key: env.PROOF_SIGNING_KEY || undefined, certificate: env.PROOF_SIGNING_CERT || undefined },
    proofFont: env.PROOF_FONT || '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    captcha: onOff('CAPTCHA', env.CAPTCHA),
    captchaAnswersForTests: env.LIANMENG_TEST_CAPTCHA_ANSWERS === '1',
    breaker: {
      smsPerHour: wholeNumber('codes')('BREAKER_SMS_PER_HOUR', env.BREAKER_SMS_PER_HOUR, 1000),
      loginFailuresPerMinute: wholeNumber('failures')(
        'BREAKER_LOGIN_FAILURES_PER_MINUTE',
        env.BREAKER_LOGIN_FAILURES_PER_MINUTE,
        300,
      ),
    },
    publicUrl: publicUrl(env.PUBLIC_URL),
    timeouts: {
      ...DEFAULT_TIMEOUTS,
      bodyMs: milliseconds('BODY_TIMEOUT_MS', env.BODY_TIMEOUT_MS, DEFAULT_TIMEOUTS.bodyMs),
      uploadMinBytesPerSecond:
        1024 *
        kilobytesPerSecond(
          'UPLOAD_MIN_KB_PER_SECOND',
          env.UPLOAD_MIN_KB_PER_SECOND,
          DEFAULT_TIMEOUTS.uploadMinBytesPerSecond / 1024,
        ),
    },
    maxEventLoopDelayMs: milliseconds('MAX_EVENT_LOOP_DELAY_MS', env.MAX_EVENT_LOOP_DELAY_MS, 1000),
    eventLoopSampleMs: 1000,
    shutdownGraceMs: milliseconds('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 10_000),
    // The test runner checks every answer whatever environment a test hands in.
    contractCheck: flag('CONTRACT_CHECK', env.CONTRACT_CHECK, process.env.NODE_ENV === 'test'),
    ...overrides,
  };
};
