import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONSOLE_ROLES, CONSOLE_SESSION_COOKIE, type ConsoleRole, HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createServer } from '../app';
import { loadConfig, type ServerConfig } from '../config';
import { type Db, openDatabase, SQLITE_FILE_NAME } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDemoData } from '../db/seed';
import { createMemorySmsSender, type MemorySmsSender } from '../domains/cardHolders/smsSender';
import { findConsoleUserByUsername } from '../domains/consoleUsers/consoleUserRepository';
import { consoleAccountKey } from '../domains/secondFactor/secondFactor';
import { findSecondFactor, forgetUsedCodes } from '../domains/secondFactor/secondFactorRepository';
import { totpCode } from '../security/totp';
import { buildConsoleUser, TEST_PASSWORD } from './factories';
import { migratedSqliteTemplate } from './migratedTemplate';
import { codeForStep, type StepAnswer } from './secondFactorCodes';
import { TEST_CARD_PRIVATE_KEY } from './testCardKey';
import { createScratchPostgres, testsUsePostgres } from './testDatabase';

export { TEST_PASSWORD } from './factories';
export const TEST_XSRF = 'test-xsrf-token-value';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  /** The server's clock (the tests' authenticator app reads it too). */
  now: () => Date;
  config: ServerConfig;
  dataDir: string;
  /** What the SMS sender was asked to send. */
  sms: MemorySmsSender;
  /**
   * Signs a console account in and returns the cookie its calls carry. `admin`, `editor` and `staff` are
   * built on first use with that role and the test password; other accounts must be built first.
   */
  signIn(username: string): Promise<string>;
  /** `signIn` for each console role, in turn: the cookies by role. */
  signInRoles(): Promise<Record<ConsoleRole, string>>;
  /** A console call: the console header, the anti-forgery cookie and header, and the given session. */
  /** A live card-holder token for the card, issued as a log-in would issue it. */
  cardTokenFor(cardNo: string): Promise<string>;
  consoleInject(cookie: string | null, options: InjectOptions & { xsrf?: boolean }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Seed the demo site (articles, images, accounts, card holders), for the tests about that content. */
  demoData?: boolean;
  /** Where log lines go, for the tests that prove what is never logged (set `logLevel` too). */
  logStream?: { write(line: string): void };
}

/**
 * A real server on a real SQLite file in a fresh temporary folder, migrated and empty: each test builds
 * the rows it needs (testing/factories.ts). Under the `server-pg` test project it runs on a fresh
 * PostgreSQL database instead, dropped at `close()`. The card log-in key is a fixed test key.
 */
export const createTestServer = async (
  overrides: Partial<ServerConfig> = {},
  now: () => Date = () => new Date(),
  options: TestServerOptions = {},
): Promise<TestServer> => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-test-'));
  const scratch =
    testsUsePostgres() && overrides.databaseUrl === undefined ? await createScratchPostgres({ migrated: true }) : null;
  const config = loadConfig(
    {},
    {
      dataDir,
      logLevel: 'silent',
      demoPassword: TEST_PASSWORD,
      portalDist: path.join(dataDir, 'no-portal'),
      adminDist: path.join(dataDir, 'no-admin'),
      cardPrivateKey: TEST_CARD_PRIVATE_KEY,
      // Off unless a test is about the challenge (it turns it on), so the other tests keep testing their rule.
      captcha: false,
      // Off unless a test is about the site-wide breaker: a suite that fails many log-ins on purpose would trip it.
      breaker: { smsPerHour: 0, loginFailuresPerMinute: 0 },
      // Off unless a test is about load shedding (it sets a limit): on a busy test machine a slow seed or hash
      // lags the event loop past the production limit, and a refused 503 would fail a test about something else.
      maxEventLoopDelayMs: 0,
      // Off unless a test is about the metrics: servers in parallel would all ask for the same port.
      metrics: { port: 0, host: '127.0.0.1' },
      ...(scratch ? { databaseUrl: scratch.url } : {}),
      ...overrides,
    },
  );
  // The default SQLite file starts as a copy of the migrated template; any other database is migrated here.
  const fromTemplate = scratch !== null || config.databaseUrl === undefined;
  if (config.databaseUrl === undefined) {
    const template = await migratedSqliteTemplate();
    await fs.copyFile(template, path.join(dataDir, SQLITE_FILE_NAME));
  }
  const db = openDatabase(config.databaseUrl, dataDir);
  if (!fromTemplate) await migrate(db);
  if (options.demoData) await seedDemoData(db, { dataDir, demoPassword: TEST_PASSWORD, now: new Date() });
  const sms = createMemorySmsSender();
  const app = await createServer(config, { db, now, smsSender: sms, logStream: options.logStream });

  const consoleInject: TestServer['consoleInject'] = (cookie, { xsrf = true, headers, ...options }) => {
    const request: InjectOptions = {
      ...options,
      headers: {
        [HEADERS.console]: '1',
        cookie: [`${XSRF_COOKIE}=${TEST_XSRF}`, cookie].filter(Boolean).join('; '),
        ...(xsrf ? { [HEADERS.xsrf]: TEST_XSRF } : {}),
        ...headers,
      },
    };
    return app.inject(request);
  };

  const signIn = async (username: string) => {
    const role = CONSOLE_ROLES.find((candidate: ConsoleRole) => candidate === username);
    if (role && !(await findConsoleUserByUsername(db.kysely, username))) {
      await buildConsoleUser(db, { username, role });
    }
    const user = await findConsoleUserByUsername(db.kysely, username);
    const account = consoleAccountKey(Number(user?.id));
    const response = await consoleInject(null, {
      method: 'POST',
      url: '/lianmeng/auth/login',
      payload: { username, password: TEST_PASSWORD },
    });
    const step = (response.json() as { data?: StepAnswer }).data?.secondFactor;
    const finished = step ? await secondStep(account, step) : response;
    const session = finished.cookies.find((cookie) => cookie.name === CONSOLE_SESSION_COOKIE);
    if (!session) throw new Error(`sign-in as ${username} failed: ${finished.body}`);
    const cookie = `${CONSOLE_SESSION_COOKIE}=${session.value}`;
    // Account administration asks for the password again; the tests of other rules sign in as a console
    // that has just given it (the re-authentication rule has tests of its own).
    if (role === 'admin' || user?.role === 'admin') {
      const reauth = await consoleInject(cookie, {
        method: 'POST',
        url: '/lianmeng/auth/reauth',
        payload: { password: TEST_PASSWORD, code: await codeFor(account) },
      });
      if (reauth.statusCode !== 200) throw new Error(`re-authentication of ${username} failed: ${reauth.body}`);
    }
    return cookie;
  };

  /** The current code of an account, if it has a second factor (an enrolled account's re-authentication). */
  const codeFor = async (account: string) => {
    const factor = await findSecondFactor(db.kysely, account);
    if (!factor) return undefined;
    // A code works once and this clock may stand still: as if the person waited for the next one.
    await forgetUsedCodes(db.kysely, account);
    return totpCode(factor.secret, now());
  };

  /** The sign-in's second step, as the person with the authenticator app would answer it. */
  const secondStep = async (account: string, step: NonNullable<StepAnswer['secondFactor']>) =>
    consoleInject(null, {
      method: 'POST',
      url: '/lianmeng/auth/secondFactor',
      payload: { ticket: step.ticket, code: await codeForStep(db.kysely, account, step, now()) },
    });

  return {
    app,
    db,
    now,
    config,
    dataDir,
    sms,
    consoleInject,
    cardTokenFor: (cardNo) => app.accessGuards.cardTokens.issue(cardNo, null),
    signIn,
    async signInRoles() {
      const sessions: Partial<Record<ConsoleRole, string>> = {};
      for (const role of CONSOLE_ROLES) sessions[role] = await signIn(role);
      return sessions as Record<ConsoleRole, string>;
    },
    async close() {
      await app.close();
      await db.destroy();
      await scratch?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
};
