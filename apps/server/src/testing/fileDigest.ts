import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A short digest of the files' paths (relative to `root`) and contents, in a stable order: a name for what was
 * built from them, which changes whenever one of them does.
 */
export const digestOfFiles = async (files: readonly string[], root: string) => {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash.update(path.relative(root, file));
    hash.update(await fs.readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
};
