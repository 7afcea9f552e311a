import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_LIMITS } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { articleTextMentions, uploadedCoverAddresses } from '../articles/articleRepository';
import { imageAddresses } from '../images/imageRepository';
import { uploadedSettingValues } from '../settings/siteSettingsRepository';
import { deleteUploadsOfFiles } from './uploadRepository';
import { stemOf } from './uploadStore';

const UPLOAD_PATH_IN_TEXT = /\/uploads\/([A-Za-z0-9._-]+)/g;

export const ORPHAN_MAX_AGE_MS = UPLOAD_LIMITS.orphanMaxAgeHours * 3600_000;

/** Stems of the upload files named in a piece of text (an address, an article body, an attachment list). */
const stemsIn = (text: string) => [...text.matchAll(UPLOAD_PATH_IN_TEXT)].map((match) => stemOf(match[1] ?? ''));

const referencedByAddressColumns = async (db: Kysely<Database>) =>
  new Set(
    [
      ...(await imageAddresses(db)),
      ...(await uploadedCoverAddresses(db)),
      ...(await uploadedSettingValues(db)),
    ].flatMap(stemsIn),
  );

/** An article body or attachment list that names either file of the stem. */
const referencedByArticleText = (db: Kysely<Database>, stem: string) =>
  articleTextMentions(db, [`%/uploads/${stem}.%`, `%/uploads/${stem}-small.%`]);

/**
 * Removes files in the upload folder that are older than `maxAgeMs` and that no image message, article
 * cover, body or attachment, or site setting refers to, with their `upload` rows. Young files are left alone: an
 * editor uploads first and saves the message that uses the image afterwards. Returns the removed names.
 */
export const sweepOrphanUploads = async (options: {
  db: Kysely<Database>;
  uploadDir: string;
  now: Date;
  maxAgeMs?: number;
}): Promise<string[]> => {
  const cutoff = options.now.getTime() - (options.maxAgeMs ?? ORPHAN_MAX_AGE_MS);
  const entries = await fs.readdir(options.uploadDir, { withFileTypes: true }).catch(() => []);
  const old: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const stat = await fs.stat(path.join(options.uploadDir, entry.name)).catch(() => null);
    if (stat && stat.mtimeMs < cutoff) old.push(entry.name);
  }
  if (old.length === 0) return [];

  const referenced = await referencedByAddressColumns(options.db);
  const verdicts = new Map<string, boolean>();
  const removed: string[] = [];
  for (const name of old) {
    const stem = stemOf(name);
    // Hidden names are our own interrupted temporary writes: never referenced.
    if (!name.startsWith('.')) {
      if (!verdicts.has(stem))
        verdicts.set(stem, referenced.has(stem) || (await referencedByArticleText(options.db, stem)));
      if (verdicts.get(stem)) continue;
    }
    await fs.rm(path.join(options.uploadDir, name), { force: true });
    removed.push(name);
  }
  await deleteUploadsOfFiles(options.db, removed);
  return removed;
};
