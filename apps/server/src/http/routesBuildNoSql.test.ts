import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REGISTERS_ROUTES = /\b(defineRoute|registerConsoleResource)\(|\bapp\.(get|post|put|delete|route)\(/;
const BUILDS_SQL = /\b(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/;

const sourceFiles = async () =>
  (await fs.readdir(SOURCE, { recursive: true }))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(SOURCE, name));

describe('route files', () => {
  it('finds the route files it checks', async () => {
    const texts = await Promise.all((await sourceFiles()).map((file) => fs.readFile(file, 'utf8')));
    expect(texts.filter((text) => REGISTERS_ROUTES.test(text)).length).toBeGreaterThan(5);
  });

  it('leave SQL to the repositories: no file that registers routes builds a query', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles()) {
      const text = await fs.readFile(file, 'utf8');
      if (REGISTERS_ROUTES.test(text) && BUILDS_SQL.test(text)) offenders.push(path.relative(SOURCE, file));
    }
    expect(offenders).toEqual([]);
  });
});
