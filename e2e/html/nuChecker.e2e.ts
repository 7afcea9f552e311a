import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSite } from '../harness/suite';
import { WALKED_ROUTES } from '../portal/routeWalk';

/** The W3C Nu HTML checker, as the vnu-jar package ships it. */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/** Beside the walked routes: the card holders' pages an anonymous visitor reaches (sign-in, activation). */
const CHECKED_ROUTES = [...WALKED_ROUTES, '/creditBank/activate', '/creditBank/info', '/center'];

/**
 * The checker's CSS validator lags the CSS that browsers take, and antd writes its styles into the page: these
 * messages are about valid CSS it does not know yet, not faults. Container queries (`@container`, in every
 * current browser), SVG's geometry and rendering properties set from CSS (`r`, `cx`, `cy`, `vector-effect`),
 * and custom properties, whose values are any tokens by definition.
 */
const CSS_VALIDATOR_GAPS = [
  /^CSS: Unrecognized at-rule “@container”/,
  /^CSS: “(r|cx|cy|vector-effect)”: Property “\1” doesn't exist\.$/,
  /^CSS: “--[\w-]+”: Parse Error\.$/,
];

interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

const javaMissing = await promisify(execFile)('java', ['-version']).then(
  () => undefined,
  () => 'no Java on this machine: the Nu HTML checker is a Java program',
);

describe.skipIf(javaMissing)('every server-rendered page under the W3C Nu HTML checker', () => {
  const env = useSite();
  let folder: string;
  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-nu-'));
  });
  afterAll(async () => {
    if (folder) await fs.rm(folder, { recursive: true, force: true });
  });

  it('has no error on any page', { timeout: 180_000 }, async () => {
    // The HTML the server sends, before any script runs: what the checker and a crawler see.
    const files = new Map<string, string>();
    for (const [index, route] of CHECKED_ROUTES.entries()) {
      const response = await fetch(`${env.site.url}${encodeURI(route)}`, { redirect: 'manual' });
      if (response.status !== 200) continue;
      expect(response.headers.get('content-type'), route).toContain('text/html');
      const file = path.join(folder, `page-${index}.html`);
      await fs.writeFile(file, await response.text());
      files.set(file, route);
    }
    expect(files.size).toBeGreaterThanOrEqual(WALKED_ROUTES.length);
    // A page with a known fault, checked in the same run: proves the checker read the files and reports errors.
    const canary = path.join(folder, 'canary.html');
    await fs.writeFile(
      canary,
      '<!doctype html><html lang="zh-CN"><head><title>t</title></head><body><a rel="nofollow">x</a></body></html>',
    );

    // One run for every page: the checker's start (a JVM) costs more than checking a page.
    const run = await promisify(execFile)(
      'java',
      ['-Xss8m', '-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always', canary, ...files.keys()],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const messages = (JSON.parse(run.stdout) as { messages: NuMessage[] }).messages;
    // The checker names each file by its `file:` address.
    const fileOf = (message: NuMessage) => (message.url ?? '').replace(/^file:/, '');
    expect(messages.filter((message) => fileOf(message) === canary).map((message) => message.message)).toEqual([
      'Element “a” is missing required attribute “href”.',
    ]);
    const errors = messages
      .filter((message) => message.type !== 'info' && fileOf(message) !== canary)
      .filter((message) => !CSS_VALIDATOR_GAPS.some((gap) => gap.test(message.message)))
      .map((message) => {
        const route = files.get(fileOf(message)) ?? message.url ?? '?';
        return `${route} (line ${message.lastLine ?? '?'}): ${message.message} ‹${(message.extract ?? '').slice(0, 120)}›`;
      });
    console.info(`Nu HTML checker: ${files.size} pages, ${errors.length} errors`);
    expect(errors).toEqual([]);
  });
});
