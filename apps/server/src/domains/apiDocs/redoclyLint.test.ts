import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTestServer } from '../../testing/testServer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const REDOCLY = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

describe('the OpenAPI document under redocly lint', () => {
  it('passes the recommended rules with no error and no warning', { timeout: 60_000 }, async () => {
    const server = await createTestServer({ publicUrl: 'https://www.example.org' });
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-openapi-'));
    try {
      const document = (await server.app.inject({ url: '/api/openapi.json' })).body;
      await fs.writeFile(path.join(folder, 'openapi.json'), document);
      // In a folder of its own, so no configuration file of the repository's changes the rules; no telemetry.
      const run = await promisify(execFile)(
        process.execPath,
        [REDOCLY, 'lint', '--extends=recommended', '--format=json', 'openapi.json'],
        {
          cwd: folder,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(run.stdout) as LintReport;
      const problems = report.problems.map(
        (problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`,
      );
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
      await server.close();
    }
  });
});
