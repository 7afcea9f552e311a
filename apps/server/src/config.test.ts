import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const read = (file: string) => fs.readFileSync(file, 'utf8');

/** A hook for the whole-system tests only, never a setting: documented where it is read, not in the table. */
const TEST_HOOKS = new Set(['LIANMENG_TEST_CAPTCHA_ANSWERS']);

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** Every variable config.ts reads: `env.X` of the environment it is handed, or `process.env.X`. */
const configVariables = () =>
  sorted([...read(path.join(here, 'config.ts')).matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1] ?? ''));

/** The variables named in the first column of the README's configuration table. */
const readmeVariables = () => {
  const readme = read(path.join(root, 'README.md'));
  const start = readme.indexOf('\n## Configuration\n');
  expect(start, 'the README has a Configuration section').toBeGreaterThan(0);
  const section = readme.slice(start + 1, readme.indexOf('\n## ', start + 1));
  return sorted(
    section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) =>
        [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1] ?? ''),
      ),
  );
};

/** The variables `.env.example` shows, commented out or not. */
const exampleVariables = () =>
  sorted(
    read(path.join(root, '.env.example'))
      .split('\n')
      .map((line) => /^#?\s?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined),
  );

describe('the configuration as documented', () => {
  it('every variable the config reads is in the README table and in .env.example, and nothing else is', () => {
    const read = configVariables().filter((name) => !TEST_HOOKS.has(name));
    expect(read.length).toBeGreaterThan(20);
    expect(readmeVariables()).toEqual(read);
    expect(exampleVariables()).toEqual(read);
  });

  it('the values .env.example shows are accepted by the config', () => {
    const shown: Record<string, string> = {};
    for (const line of read(path.join(root, '.env.example')).split('\n')) {
      const match = /^#\s?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      if (match?.[1] && match[2] !== undefined) shown[match[1]] = match[2];
    }
    expect(() => loadConfig(shown)).not.toThrow();
  });
});

describe('listening', () => {
  it('takes IPv4 and IPv6 by default, metrics on 127.0.0.1 only', () => {
    const config = loadConfig({});
    expect(config.host).toBe('::');
    expect(config.metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ HOST: '127.0.0.1', METRICS_PORT: '0' })).toMatchObject({
      host: '127.0.0.1',
      metrics: { port: 0 },
    });
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('an empty value, as a `.env` line `NAME=` gives, means the default', () => {
    const config = loadConfig({
      HOST: '',
      PORT: '',
      LOG_LEVEL: '',
      DATA_DIR: '',
      METRICS_PORT: '',
      BODY_TIMEOUT_MS: '',
    });
    expect(config).toMatchObject({ host: '::', port: 8080, logLevel: 'info', metrics: { port: 9464 } });
    expect(config.dataDir).toBe(path.join(root, 'data'));
    expect(config.timeouts.bodyMs).toBe(30_000);
  });

  it('reads the body timeout and the upload rate', () => {
    const config = loadConfig({ BODY_TIMEOUT_MS: '5000', UPLOAD_MIN_KB_PER_SECOND: '20' });
    expect(config.timeouts.bodyMs).toBe(5000);
    expect(config.timeouts.uploadMinBytesPerSecond).toBe(20 * 1024);
    expect(() => loadConfig({ UPLOAD_MIN_KB_PER_SECOND: 'fast' })).toThrow(/kilobytes per second/);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
