import { availableParallelism } from 'node:os';
import pg from 'pg';
import { defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config';
import { UNIT_REPORT } from './scripts/testReports.mjs';

const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Why the PostgreSQL half of the server suite cannot run here, or null when it can. */
const postgresUnavailable = async (): Promise<string | null> => {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
};

/**
 * The server suite a second time, every test server on its own fresh PostgreSQL database
 * (apps/server/src/testing/testDatabase.ts). Without a reachable PostgreSQL it is left out and says so,
 * except in CI, where PostgreSQL must be there and its absence fails the run.
 */
const serverOnPostgres = async (): Promise<TestProjectInlineConfiguration[]> => {
  const reason = await postgresUnavailable();
  if (reason && !process.env.CI) {
    console.warn(`server-pg: skipped — no PostgreSQL at ${new URL(POSTGRES_ADMIN_URL).host} (${reason})`);
    return [];
  }
  return [
    {
      test: {
        name: 'server-pg',
        root: './apps/server',
        environment: 'node',
        include: ['src/**/*.test.ts'],
        isolate: false,
        globalSetup: ['./src/testing/postgresRun.ts'],
        env: { LIANMENG_TEST_DATABASE: 'postgres' },
        testTimeout: 20_000,
        hookTimeout: 30_000,
      },
    },
  ];
};

/**
 * An app's components in jsdom, with its own vite.config.ts (plugins, aliases), on worker threads (a thread
 * starts cheaper than a process). `setupFiles` are the app's own, after the shared ones.
 *
 * The test files of a worker share the dependencies they load from node_modules (React,
 * antd, MUI, react-admin) instead of loading them again for each file, which was most of a file's cost
 * (docs/testing.md). Each file still gets a fresh jsdom and, through freshAppModules.ts, fresh copies of the
 * app's own modules, so module-level state (the portal's session store and error bus) does not carry over.
 */
const appInJsdom = (name: 'portal' | 'admin', setupFiles: string[]): TestProjectInlineConfiguration => ({
  extends: `./apps/${name}/vite.config.ts`,
  test: {
    name,
    root: `./apps/${name}`,
    environment: 'jsdom',
    pool: 'threads',
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [
      '../../packages/core/src/testing/freshAppModules.ts',
      '../../packages/core/src/testing/setupDom.ts',
      ...setupFiles,
    ],
    // A ceiling, not a speed limit: above the waits' own (setupDom.ts), for a test with several screens.
    testTimeout: 60_000,
  },
});

/** The test projects of every workspace; each app's own vite.config.ts holds its build settings. */
export default defineConfig(
  async (): Promise<ViteUserConfig> => ({
    test: {
      // The JSON report lets .ci/run print one closing line that counts passed and failed tests; `npm test` runs
      // two Vitest processes and gives each its own file (scripts/testReports.mjs).
      reporters: ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT ?? UNIT_REPORT }]],
      // Vitest leaves one core to itself by default, which on a two-core machine runs every test file one after
      // another; the main process only hands out files and reports, so both cores go to the workers. The browser
      // project sets its own limit below; `npm test`, which runs the browser suites beside the rest, gives the
      // others fewer (scripts/test.mjs).
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          test: {
            name: 'core',
            root: './packages/core',
            environment: 'node',
            include: ['src/**/*.test.ts'],
          },
        },
        {
          test: {
            name: 'server',
            root: './apps/server',
            environment: 'node',
            include: ['src/**/*.test.ts'],
            // Every test builds its own server and database; sharing the loaded modules between the files
            // of a worker saves loading Fastify, Kysely, sharp and the contract again for each file.
            isolate: false,
            testTimeout: 20_000,
            hookTimeout: 30_000,
          },
        },
        ...(await serverOnPostgres()),
        appInJsdom('portal', ['./src/testing/withoutRuntimeStyles.tsx']),
        appInJsdom('admin', ['./src/testing/withoutRuntimeStyles.ts', './src/testing/failOnReactWarnings.ts']),
        {
          test: {
            name: 'e2e',
            root: './e2e',
            environment: 'node',
            include: ['**/*.e2e.ts'],
            globalSetup: ['./harness/globalSetup.ts'],
            testTimeout: 60_000,
            hookTimeout: 240_000,
            // A page's answer to a click (a request, a re-render) can take seconds while the other suites load the
            // machine: a poll that waits for it gives up after 10 s here rather than vitest's 1 s.
            expect: { poll: { timeout: 10_000 } },
            // Two browser files at a time: a file mostly waits on its server and the browser, so two side by side
            // shorten the browser suites' run (docs/testing.md). Each file starts and stops its own site on its own
            // port and data folder; all connect to the run's one Chromium (e2e/harness/globalSetup.ts). The timed
            // checks (the banner's heights, the strip's moves) read the page's own clock, so a slower frame moves a
            // sample, not the verdict.
            maxWorkers: 2,
            // A worker keeps Playwright's client and the harness loaded from one file to the next instead of
            // loading them again for each.
            isolate: false,
          },
        },
      ],
    },
  }),
);
