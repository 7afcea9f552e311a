import { defineConfig } from 'vitest/config';

/** The test projects of every workspace; each app's own vite.config.ts holds its build settings. */
export default defineConfig({
  test: {
    // The JSON report lets .ci/run print one closing line that counts passed and failed tests.
    reporters: ['default', ['json', { outputFile: '.tsbuild/vitest-results.json' }]],
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
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: './apps/portal/vite.config.ts',
        test: {
          name: 'portal',
          root: './apps/portal',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['../../packages/core/src/testing/setupDom.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: './apps/admin/vite.config.ts',
        test: {
          name: 'admin',
          root: './apps/admin',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['../../packages/core/src/testing/setupDom.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          environment: 'node',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./harness/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
