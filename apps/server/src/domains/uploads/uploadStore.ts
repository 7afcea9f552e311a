import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from '../../config';
import type { ProcessedImage } from './processImage';

export const uploadDirOf = (config: Pick<ServerConfig, 'dataDir'>) => path.join(config.dataDir, 'uploads');

/** The public address of a file in the upload folder (served by plugins/uploads.ts). */
export const uploadAddress = (fileName: string) => `/uploads/${fileName}`;

const EXTENSION: Record<ProcessedImage['format'], string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };
const SMALL_SUFFIX = '-small';

/** Both files of one upload share a stem, the hash of the re-encoded image: `<stem>.png`, `<stem>-small.png`. */
export const namesFor = (image: ProcessedImage) => {
  const stem = createHash('sha256').update(image.photo).digest('hex').slice(0, 32);
  const extension = EXTENSION[image.format];
  return { photoFile: `${stem}.${extension}`, smallFile: `${stem}${SMALL_SUFFIX}.${extension}` };
};

/** The stem a file name belongs to, so an upload's two files are kept or removed together. */
export const stemOf = (fileName: string) => {
  const base = fileName.replace(/\.[^.]+$/, '');
  return base.endsWith(SMALL_SUFFIX) ? base.slice(0, -SMALL_SUFFIX.length) : base;
};

/**
 * Written to a hidden temporary name and renamed, so a half-written file is never served. Writing again
 * over an identical file refreshes its age, which keeps a re-uploaded image safe from the sweep.
 */
const writeAtomically = async (dir: string, name: string, content: Buffer) => {
  const temporary = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  await fs.writeFile(temporary, content);
  await fs.rename(temporary, path.join(dir, name));
};

export const storeImage = async (uploadDir: string, image: ProcessedImage) => {
  const names = namesFor(image);
  await fs.mkdir(uploadDir, { recursive: true });
  await writeAtomically(uploadDir, names.photoFile, image.photo);
  await writeAtomically(uploadDir, names.smallFile, image.small);
  return names;
};
