import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../../http/apiError';
import { SHEET_REFUSED } from './spreadsheet';

export interface ReceivedSheet {
  bytes: Buffer;
  fileName: string;
  /** SHA-256 of the bytes, hex: the preview's id and the commit's idempotency key. */
  sha256: string;
  /** The preview id sent with a commit, if any. */
  previewId: string | null;
}

const FILE_FIELD = 'file';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f]/g;
const cleanName = (name: string) =>
  ((name.split(/[\\/]/).pop() ?? '').replace(CONTROL, '').trim() || '名单').slice(0, 200);

/**
 * Reads the form's one file into memory and its `previewId` field. The file is read up to `maxBytes`, the
 * calling import's own limit: a file over it stops being read there and is refused with 413 naming that limit,
 * so a file of any size past it gets one message.
 */
export const receiveSheet = async (request: FastifyRequest, maxBytes: number): Promise<ReceivedSheet> => {
  const tooLarge = () => SHEET_REFUSED.tooLarge(maxBytes / 1024 / 1024);
  if (!request.isMultipart()) throw badRequest('请选择要上传的文件');
  let file: { bytes: Buffer; fileName: string } | null = null;
  let previewId: string | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'previewId' && typeof part.value === 'string') previewId = part.value;
        continue;
      }
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      file = { bytes, fileName: cleanName(part.filename) };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code?.startsWith('FST_')) throw error;
    throw badRequest('上传的内容无法读取，请重新选择文件');
  }
  if (!file) throw badRequest('请选择要上传的文件');
  return { ...file, sha256: createHash('sha256').update(file.bytes).digest('hex'), previewId };
};

/** A commit must be of the file that was previewed, when the preview's id is given. */
export const assertPreviewed = (sheet: ReceivedSheet) => {
  if (sheet.previewId !== null && sheet.previewId !== sheet.sha256) {
    throw badRequest('文件与预览时不同，请重新预览');
  }
};
