import fs from 'node:fs/promises';
import type { TeamFileKind } from '@lianmeng/core';
import sharp from 'sharp';
import { badRequest } from '../../http/apiError';
import {
  type ByteSource,
  checkReport,
  checkVideo,
  fileSource,
  MediaRefusal,
  PHOTO_REFUSALS,
  photoKindOf,
} from './mediaSignature';

/** What the bytes of an accepted attachment are: the type it is served with, its extension, a video's length. */
export interface CheckedFile {
  contentType: string;
  extension: string;
  durationSeconds: number | null;
}

/**
 * A photo sharp fully decodes, at a small size: a truncated JPEG, a PNG with a broken chunk or a file that
 * only starts like an image fails here. The pixel ceiling bounds what a small file claiming a vast canvas costs.
 */
const PHOTO_MAX_PIXELS = 100_000_000;

const decodePhoto = async (filePath: string) => {
  try {
    const image = sharp(filePath, { failOn: 'truncated', limitInputPixels: PHOTO_MAX_PIXELS, sequentialRead: true });
    const { width, height } = await image.metadata();
    if (!width || !height) throw new MediaRefusal(PHOTO_REFUSALS.unreadable);
    await image.resize(16, 16, { fit: 'inside' }).raw().toBuffer();
  } catch (error) {
    if (error instanceof MediaRefusal) throw error;
    throw new MediaRefusal(PHOTO_REFUSALS.unreadable);
  }
};

const checkSource = async (kind: TeamFileKind, source: ByteSource, filePath: string): Promise<CheckedFile> => {
  if (kind === 'report') return { ...(await checkReport(source)), durationSeconds: null };
  if (kind === 'photo') {
    const photo = await photoKindOf(source);
    await decodePhoto(filePath);
    return { ...photo, durationSeconds: null };
  }
  const video = await checkVideo(source);
  return { contentType: video.contentType, extension: video.extension, durationSeconds: video.durationSeconds };
};

/** Judges the file at `filePath` as an attachment of `kind`, by its bytes alone; a refusal is a Chinese 400. */
export const checkTeamFile = async (kind: TeamFileKind, filePath: string): Promise<CheckedFile> => {
  const handle = await fs.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) throw badRequest('上传的文件是空的');
    return await checkSource(kind, fileSource(handle, size), filePath);
  } catch (error) {
    if (error instanceof MediaRefusal) throw badRequest(error.message);
    throw error;
  } finally {
    await handle.close();
  }
};
