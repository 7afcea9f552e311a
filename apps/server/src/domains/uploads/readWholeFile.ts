import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/apiError';

const FILE_FIELD = 'file';

/** How a caller words its refusals: no `file` field, a file over the limit, a body that cannot be read. */
export interface WholeFileRefusals {
  noFile: () => ApiError;
  tooLarge: () => ApiError;
  malformed: () => ApiError;
}

/**
 * The one file of the form (field `file`), read whole into memory, at most `limits.fileSize` bytes; a larger
 * one stops being read at the limit and is refused with `tooLarge`.
 */
export const readWholeFile = async (
  request: FastifyRequest,
  limits: { fileSize: number; fields: number },
  refused: WholeFileRefusals,
) => {
  try {
    const part = await request.file({ limits: { ...limits, files: 1, parts: limits.fields + 1 } });
    if (!part || part.fieldname !== FILE_FIELD) throw refused.noFile();
    const bytes = await part.toBuffer();
    // Over a real socket the limit can be reached after toBuffer's last check: it then hands back the
    // first bytes up to the limit without an error, which would pass for a whole file.
    if (part.file.truncated) throw refused.tooLarge();
    return { bytes, fileName: part.filename };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refused.tooLarge();
    // The multipart parser's own refusals (its limits, a wrong content type) keep their codes and messages.
    if (code?.startsWith('FST_')) throw error;
    // Anything else the parser throws is a body it could not read: no boundary, cut short, broken headers.
    throw refused.malformed();
  }
};
