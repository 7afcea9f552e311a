import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: a SQLite file in dataDir. `postgres://…`: PostgreSQL. `sqlite:<file>` or `:memory:` also work. */
  databaseUrl: string | undefined;
  hosts: { main: string; uc: string; sso: string };
  demoPassword: string | undefined;
  trustProxy: boolean | string;
  /** Origins a single-sign-on return address may point to. */
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
   * CAPTCHA: the image challenge before an SMS code is sent and after repeated failed log-ins; `off` for
   * tests and for a site that puts its own challenge in front.
   */
  captcha: boolean;
  /**
   * LIANMENG_TEST_CAPTCHA_ANSWERS=1, for the whole-system tests only: each challenge's answer is appended to
   * `DATA_DIR/captcha-answers.log`, so a browser test can answer it. Never set in production.
   */
  captchaAnswersForTests: boolean;
  /** Quiet logs in tests. */
  logLevel: string;
  /**
   * How long a client may take: to send its headers, to send a whole request (a 10 MB upload on a slow
   * phone line needs its two minutes), to send the next request on a kept-alive connection, and to stay
   * silent on an open socket.
   */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number; idleMs: number };
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
};

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const milliseconds = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number of milliseconds, got "${value}"`);
  return parsed;
};

const publicUrl = (value: string | undefined) => {
  if (!value) return undefined;
  if (!/^https?:\/\/[^/\s]+/.test(value)) throw new Error(`PUBLIC_URL must be an http(s) address, got "${value}"`);
  return value.replace(/\/+$/, '');
};

const onOff = (name: string, value: string | undefined) => {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`${name} must be "on" or "off", got "${value}"`);
};

const trustProxy = (value: string | undefined): boolean | string => {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return value;
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
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    hosts: { main: env.MAIN_HOST ?? '', uc: env.UC_HOST ?? '', sso: env.SSO_HOST ?? '' },
    demoPassword: env.DEMO_PASSWORD || undefined,
    trustProxy: trustProxy(env.TRUST_PROXY),
    ssoReturnOrigins: list(env.SSO_RETURN_ORIGINS),
    portalDist: path.resolve(env.PORTAL_DIST ?? path.join(repoRoot, 'apps/portal/dist')),
    adminDist: path.resolve(env.ADMIN_DIST ?? path.join(repoRoot, 'apps/admin/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    cardPrivateKey: env.CARD_PRIVATE_KEY || undefined,
    smsCodeKey: env.SMS_CODE_KEY || undefined,
    captcha: onOff('CAPTCHA', env.CAPTCHA),
    captchaAnswersForTests: env.LIANMENG_TEST_CAPTCHA_ANSWERS === '1',
    publicUrl: publicUrl(env.PUBLIC_URL),
    timeouts: DEFAULT_TIMEOUTS,
    maxEventLoopDelayMs: milliseconds('MAX_EVENT_LOOP_DELAY_MS', env.MAX_EVENT_LOOP_DELAY_MS, 1000),
    eventLoopSampleMs: 1000,
    shutdownGraceMs: milliseconds('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 10_000),
    // The test runner checks every answer whatever environment a test hands in.
    contractCheck: flag('CONTRACT_CHECK', env.CONTRACT_CHECK, process.env.NODE_ENV === 'test'),
    ...overrides,
  };
};
