import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNTIME_IMPORT = /^(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

const resolveLocal = (from: string, specifier: string): string => {
  const base = path.resolve(path.dirname(from), specifier);
  const candidate = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((file) => fs.existsSync(file));
  if (!candidate) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return candidate;
};

/** The packages a module loads at run time, following its own relative imports (type-only imports load nothing). */
const packagesLoadedBy = (entry: string): string[] => {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier = ''] of fs.readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORT)) {
      if (specifier.startsWith('.')) visit(resolveLocal(file, specifier));
      else packages.add(specifier);
    }
  };
  visit(path.join(SRC, entry));
  return [...packages].sort();
};

describe("core's entry points load only what their users need", () => {
  it('the root barrel, which the server loads, brings the schema library but no http client or browser crypto', () => {
    expect(packagesLoadedBy('index.ts')).toEqual(['zod']);
  });

  it('the http client brings axios alone, and the session store and the menu parameter load no package at all', () => {
    expect(packagesLoadedBy('http/index.ts')).toEqual(['axios']);
    expect(packagesLoadedBy('session/index.ts')).toEqual([]);
    expect(packagesLoadedBy('menu/index.ts')).toEqual([]);
  });

  it('the article HTML rule, a subpath of its own, brings only the sanitiser', () => {
    expect(packagesLoadedBy('articleHtml.ts')).toEqual(['sanitize-html']);
  });
});
