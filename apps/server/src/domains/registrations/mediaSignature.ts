import type { FileHandle } from 'node:fs/promises';
import { TEAM_FILE_LIMITS } from '@lianmeng/core';
import { documentKindOf } from '../uploads/documentSignature';
import { detectImageKind } from '../uploads/imageSignature';

/**
 * What an attachment's bytes are, judged by their content alone: never by the name or the Content-Type the
 * browser sent. The checks read through a `ByteSource` so a 200 MB video on disk is read a few boxes at a
 * time with positioned reads, never whole into memory.
 */
export interface ByteSource {
  size: number;
  /** Up to `length` bytes from `position`; fewer only at the end of the source. */
  read(position: number, length: number): Promise<Buffer>;
}

export const bufferSource = (bytes: Buffer): ByteSource => ({
  size: bytes.length,
  read: async (position, length) => bytes.subarray(position, position + length),
});

export const fileSource = (handle: FileHandle, size: number): ByteSource => ({
  size,
  read: async (position, length) => {
    const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  },
});

/** A refusal of the bytes, worded for the person who uploaded them. */
export class MediaRefusal extends Error {}

const refuse = (message: string): never => {
  throw new MediaRefusal(message);
};

// ---------------------------------------------------------------------------------------------------------
// The design report: a PDF that opens.

const PDF_TRAILER_WINDOW = 1024;
const PDF_END = Buffer.from('%%EOF', 'latin1');

export const REPORT_REFUSALS = {
  notPdf: '设计报告只能是 PDF 文件（按文件内容判断，与文件名无关）',
  truncated: 'PDF 文件不完整（缺少文件结尾标记），请重新导出后上传',
};

/**
 * A PDF by its header (`%PDF-`) and one that was written to its end: a `%%EOF` marker within the last
 * kilobyte, where every writer puts it; a download cut short lacks it.
 */
export const checkReport = async (source: ByteSource): Promise<{ contentType: string; extension: string }> => {
  const head = await source.read(0, 8);
  if (documentKindOf(head)?.kind !== 'pdf') refuse(REPORT_REFUSALS.notPdf);
  const tailStart = Math.max(0, source.size - PDF_TRAILER_WINDOW);
  const tail = await source.read(tailStart, source.size - tailStart);
  if (!tail.includes(PDF_END)) refuse(REPORT_REFUSALS.truncated);
  return { contentType: 'application/pdf', extension: 'pdf' };
};

// ---------------------------------------------------------------------------------------------------------
// A photo: JPEG or PNG by signature (decoding is the caller's, with sharp).

export const PHOTO_REFUSALS = {
  notImage: '照片只能是 JPEG 或 PNG 图片（按文件内容判断，与文件名无关）',
  unreadable: '照片无法解码（文件损坏或不完整），请重新选择',
};

export const photoKindOf = async (source: ByteSource) => {
  const kind = detectImageKind(await source.read(0, 16));
  if (kind === 'jpeg') return { contentType: 'image/jpeg', extension: 'jpg' } as const;
  if (kind === 'png') return { contentType: 'image/png', extension: 'png' } as const;
  return refuse(PHOTO_REFUSALS.notImage);
};

// ---------------------------------------------------------------------------------------------------------
// A video: an ISO base media file (MP4, MOV) with a video track and its duration.

const { minSeconds, maxSeconds } = TEAM_FILE_LIMITS.video;

export const VIDEO_REFUSALS = {
  notVideo: '视频只能是 MP4 或 MOV 文件（按文件内容判断，与文件名无关）',
  broken: '视频文件结构有误或不完整，无法读取',
  noDuration: '无法读取视频时长',
  noVideoTrack: '文件中没有视频画面',
  noMedia: '视频文件不完整：缺少媒体数据',
  tooShort: `视频时长不能少于 ${minSeconds} 秒`,
  tooLong: (seconds: number) => `视频时长 ${seconds} 秒，超过 ${maxSeconds / 60} 分钟的上限`,
};

/** Brands of the MP4 family and QuickTime, as writers (cameras, phones, ffmpeg, editors) put them in `ftyp`. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'msdh',
  'msix',
  'f4v ',
  'XAVC',
  'MSNV',
  'NDAS',
  'mmp4',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
]);
const MOV_BRAND = 'qt  ';

/** A file with more top-level boxes than this is crafted: real ones have a handful. */
const MAX_TOP_LEVEL_BOXES = 1000;
/** The movie header box with its tracks; real ones stay in the low megabytes even for long recordings. */
const MAX_MOOV_BYTES = 32 * 1024 * 1024;
/** How deep boxes nest before the walk gives up (moov › trak › mdia › hdlr is four). */
const MAX_DEPTH = 8;
/** Children walked inside the movie box altogether. */
const MAX_CHILD_BOXES = 10_000;

interface Box {
  type: string;
  /** Where the box's content starts and ends (header excluded). */
  start: number;
  end: number;
}

/** The header of the box at `offset` of a container that ends at `limit`; `limit` for a box that runs to the end. */
const boxAt = (head: Buffer, offset: number, limit: number): Box => {
  if (head.length < 8) return refuse(VIDEO_REFUSALS.broken);
  const size32 = head.readUInt32BE(0);
  const type = head.toString('latin1', 4, 8);
  let headerSize = 8;
  let size: number;
  if (size32 === 1) {
    if (head.length < 16) return refuse(VIDEO_REFUSALS.broken);
    const size64 = head.readBigUInt64BE(8);
    if (size64 > BigInt(Number.MAX_SAFE_INTEGER)) return refuse(VIDEO_REFUSALS.broken);
    size = Number(size64);
    headerSize = 16;
  } else if (size32 === 0) {
    size = limit - offset;
  } else size = size32;
  if (size < headerSize || offset + size > limit) return refuse(VIDEO_REFUSALS.broken);
  return { type, start: offset + headerSize, end: offset + size };
};

/** The child boxes of the bytes `[start, end)` of an in-memory container. */
const childrenOf = (bytes: Buffer, start: number, end: number, budget: { boxes: number }): Box[] => {
  const boxes: Box[] = [];
  for (let offset = start; offset < end; ) {
    if (--budget.boxes < 0) refuse(VIDEO_REFUSALS.broken);
    const box = boxAt(bytes.subarray(offset, Math.min(end, offset + 16)), offset, end);
    boxes.push(box);
    offset = box.end;
  }
  return boxes;
};

/** A full box's version byte, then its fields after the 4 bytes of version and flags. */
const fullBox = (bytes: Buffer, box: Box, fieldBytes: (version: number) => number) => {
  if (box.end - box.start < 4) return refuse(VIDEO_REFUSALS.broken);
  const version = bytes[box.start] ?? 0;
  if (box.end - box.start < 4 + fieldBytes(version)) return refuse(VIDEO_REFUSALS.broken);
  return { version, at: box.start + 4 };
};

const readUint = (bytes: Buffer, at: number, wide: boolean) =>
  wide ? Number(bytes.readBigUInt64BE(at)) : bytes.readUInt32BE(at);

/** What the movie box says: the duration in seconds (0 when unknown) and whether a track is video. */
const readMovie = (moov: Buffer) => {
  const budget = { boxes: MAX_CHILD_BOXES };
  const children = childrenOf(moov, 0, moov.length, budget);
  const mvhd = children.find((box) => box.type === 'mvhd');
  if (!mvhd) return refuse(VIDEO_REFUSALS.noDuration);
  // version 0: creation, modification (32-bit), timescale, duration (32-bit); version 1: 64-bit times and duration.
  const header = fullBox(moov, mvhd, (version) => (version === 1 ? 28 : 16));
  if (header.version > 1) return refuse(VIDEO_REFUSALS.broken);
  const wide = header.version === 1;
  const timescale = moov.readUInt32BE(header.at + (wide ? 16 : 8));
  if (timescale === 0) return refuse(VIDEO_REFUSALS.noDuration);
  let duration = readUint(moov, header.at + (wide ? 20 : 12), wide);
  // All ones means "unknown" (a recording still being written, or fragments).
  if ((wide && duration >= Number.MAX_SAFE_INTEGER) || (!wide && duration === 0xffffffff)) duration = 0;

  if (duration === 0) {
    // A fragmented file: the movie header carries no duration, the extends box's header (mehd) may.
    const mehd = children
      .filter((box) => box.type === 'mvex')
      .flatMap((mvex) => childrenOf(moov, mvex.start, mvex.end, budget))
      .find((box) => box.type === 'mehd');
    if (mehd) {
      const fragment = fullBox(moov, mehd, (version) => (version === 1 ? 8 : 4));
      duration = readUint(moov, fragment.at, fragment.version === 1);
    }
  }
  if (!Number.isFinite(duration) || duration <= 0) return refuse(VIDEO_REFUSALS.noDuration);

  const hasVideo = children
    .filter((box) => box.type === 'trak')
    .some((trak) => handlersOf(moov, trak, budget, 1).includes('vide'));
  return { seconds: duration / timescale, hasVideo };
};

/** The handler types (`vide`, `soun`, …) found under a track, through its media box. */
const handlersOf = (bytes: Buffer, box: Box, budget: { boxes: number }, depth: number): string[] => {
  if (depth > MAX_DEPTH) return refuse(VIDEO_REFUSALS.broken);
  const found: string[] = [];
  for (const child of childrenOf(bytes, box.start, box.end, budget)) {
    if (child.type === 'hdlr') {
      const handler = fullBox(bytes, child, () => 8);
      found.push(bytes.toString('latin1', handler.at + 4, handler.at + 8));
    } else if (child.type === 'mdia') found.push(...handlersOf(bytes, child, budget, depth + 1));
  }
  return found;
};

export interface VideoFacts {
  format: 'MP4' | 'MOV';
  contentType: string;
  extension: string;
  /** The exact duration, and in whole seconds (rounded) as the limits count it. */
  seconds: number;
  durationSeconds: number;
}

/**
 * An MP4 or MOV by its boxes: a first `ftyp` with a known brand; the top-level boxes walked by their sizes
 * (32-bit, 64-bit, or "to the end"), wherever `moov` sits; its `mvhd` duration (or, for a fragmented file,
 * its `mehd`), a track whose handler is `vide`, and an `mdat`. Every length is checked against its container
 * and the counts are bounded, so a crafted file is refused quickly and nothing loops.
 */
export const checkVideo = async (source: ByteSource): Promise<VideoFacts> => {
  const head = await source.read(0, 16);
  if (head.toString('latin1', 4, 8) !== 'ftyp') return refuse(VIDEO_REFUSALS.notVideo);
  const first = boxAt(head, 0, source.size);
  if (first.end - first.start < 8 || first.end - first.start > 1024) {
    return refuse(VIDEO_REFUSALS.notVideo);
  }
  const ftyp = await source.read(first.start, first.end - first.start);
  const brands: string[] = [ftyp.toString('latin1', 0, 4)];
  for (let at = 8; at + 4 <= ftyp.length; at += 4) brands.push(ftyp.toString('latin1', at, at + 4));
  // QuickTime's own brand first makes a MOV; an MP4 brand anywhere an MP4; a MOV that lists `qt  ` later a MOV.
  const format =
    brands[0] === MOV_BRAND
      ? 'MOV'
      : brands.some((brand) => MP4_BRANDS.has(brand))
        ? 'MP4'
        : brands.includes(MOV_BRAND)
          ? 'MOV'
          : refuse(VIDEO_REFUSALS.notVideo);

  let moov: Box | null = null;
  let hasMedia = false;
  let count = 0;
  for (let offset = first.end; offset < source.size; ) {
    if (++count > MAX_TOP_LEVEL_BOXES) return refuse(VIDEO_REFUSALS.broken);
    const box = boxAt(await source.read(offset, 16), offset, source.size);
    if (box.type === 'moov') {
      if (moov) return refuse(VIDEO_REFUSALS.broken);
      moov = box;
    } else if (box.type === 'mdat' && box.end > box.start) hasMedia = true;
    offset = box.end;
  }
  if (!moov) return refuse(VIDEO_REFUSALS.noDuration);
  if (moov.end - moov.start > MAX_MOOV_BYTES) return refuse(VIDEO_REFUSALS.broken);
  const movie = readMovie(await source.read(moov.start, moov.end - moov.start));
  if (!movie.hasVideo) return refuse(VIDEO_REFUSALS.noVideoTrack);
  if (!hasMedia) return refuse(VIDEO_REFUSALS.noMedia);

  const durationSeconds = Math.round(movie.seconds);
  if (movie.seconds < minSeconds) return refuse(VIDEO_REFUSALS.tooShort);
  if (durationSeconds > maxSeconds) return refuse(VIDEO_REFUSALS.tooLong(durationSeconds));
  return format === 'MOV'
    ? { format: 'MOV', contentType: 'video/quicktime', extension: 'mov', seconds: movie.seconds, durationSeconds }
    : { format: 'MP4', contentType: 'video/mp4', extension: 'mp4', seconds: movie.seconds, durationSeconds };
};
