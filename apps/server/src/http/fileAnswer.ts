import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../domains/uploads/documentDownload';
import { ApiError } from './apiError';

/**
 * A file a `bytes` call answers with: where it is on disk (or, for a document made for this answer, its bytes),
 * its type as checked at upload or as made, the name offered.
 */
export type FileAnswer = { contentType: string; fileName: string } & ({ path: string } | { bytes: Buffer });

const MISSING = '文件不存在或已被删除';

/**
 * One byte range of `Range: bytes=…` within a file of `size` bytes: `start-end`, `start-` or the last `-n`.
 * Null for a header this answer ignores (another unit, several ranges: the whole file is sent instead);
 * 'unsatisfiable' for a range wholly past the end.
 */
export const byteRangeOf = (
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
};

/**
 * Sends the file: always a download (`attachment`, with the exact UTF-8 name in `filename*`), never sniffed,
 * never kept by a shared cache; a single `Range` gets 206 with those bytes (a video player seeks with them),
 * one past the end 416. A file gone from the disk is a 404 in the envelope like every other refusal.
 */
export const sendFileAnswer = async (request: FastifyRequest, reply: FastifyReply, file: FileAnswer) => {
  let size: number;
  if ('bytes' in file) size = file.bytes.length;
  else {
    const stat = await fs.stat(file.path).catch(() => null);
    if (!stat?.isFile()) throw new ApiError(404, MISSING);
    size = stat.size;
  }
  const bytes = (start: number, end: number) =>
    'bytes' in file ? file.bytes.subarray(start, end + 1) : createReadStream(file.path, { start, end });
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .header('Accept-Ranges', 'bytes');
  const range = byteRangeOf(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .removeHeader('Content-Disposition')
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Range', `bytes */${size}`)
      .send({ status: 416, message: '请求的文件范围超出了文件大小' });
  }
  if (range) {
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(bytes(range.start, range.end));
  }
  return reply
    .code(200)
    .header('Content-Length', size)
    .send('bytes' in file ? file.bytes : createReadStream(file.path));
};
