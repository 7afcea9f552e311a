import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_LIMITS } from '@lianmeng/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { stemOf } from './uploadStore';

const UPLOAD_PATH_IN_TEXT = /\/uploads\/([A-Za-z0-9._-]+)/g;

export const ORPHAN_MAX_AGE_MS = UPLOAD_LIMITS.orphanMaxAgeHours * 3600_000;

/** Stems of the upload files named in a piece of text (an address, an article body, an attachment list). */
const stemsIn = (text: string) => [...text.matchAll(UPLOAD_PATH_IN_TEXT)].map((match) => stemOf(match[1] ?? ''));

const referencedByAddressColumns = async (db: Kysely<Database>) => {
  const images = await db.selectFrom('imageMessage').select(['photoAddress', 'smallPhotoAddress']).execute();
  const covers = await db
    .selectFrom('article')
    .select('coverImage')
    .where('coverImage', 'like', '/uploads/%')
    .distinct()
    .execute();
  return new Set(
    [
      ...images.flatMap((row) => [row.photoAddress, row.smallPhotoAddress]),
      ...covers.map((row) => row.coverImage),
    ].flatMap(stemsIn),
  );
};

/** An article body or attachment list that names either file of the stem. */
const referencedByArticleText = async (db: Kysely<Database>, stem: string) => {
  const patterns = [`%/uploads/${stem}.%`, `%/uploads/${stem}-small.%`];
  const hit = await db
    .selectFrom('article')
    .select(sql<number>`1`.as('hit'))
    .where((eb) =>
      eb.or(patterns.flatMap((pattern) => [eb('body', 'like', pattern), eb('attachments', 'like', pattern)])),
    )
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
};

/**
 * Removes files in the upload folder that are older than `maxAgeMs` and that no image message, article
 * cover, article body or attachment refers to, with their `upload` rows. Young files are left alone: an
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
  if (removed.length > 0) {
    await options.db
      .deleteFrom('upload')
      .where((eb) => eb.or([eb('photoFile', 'in', removed), eb('smallFile', 'in', removed)]))
      .execute();
  }
  return removed;
};
