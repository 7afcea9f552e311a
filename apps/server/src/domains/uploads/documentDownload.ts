import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_UPLOAD_LIMITS } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { ApiError } from '../../http/apiError';
import { CONTENT_TYPES, type DocumentKind, extensionOf } from './documentSignature';
import { findDocument } from './uploadRepository';
import { uploadDirOf } from './uploadStore';

/** The stored name of a document: 32 hex digits of its content's hash and the extension of its kind. */
const DOCUMENT_FILE = `^[0-9a-f]{32}\\.(?:${DOCUMENT_UPLOAD_LIMITS.extensions.join('|')})$`;

/** A name any client can show: ASCII letters, digits and a few marks; each run of anything else becomes `_`. */
export const asciiFallback = (name: string) => {
  const ascii = name.replace(/[^A-Za-z0-9._ ()-]+/g, '_').trim();
  return ascii === '' || ascii.startsWith('.') ? `download${ascii}` : ascii;
};

/** RFC 5987 value characters: what encodeURIComponent leaves alone minus `'`, `(`, `)`, `*`. */
const encodeRfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment` with both forms of the name (RFC 6266): a plain ASCII `filename` for old clients and the
 * exact UTF-8 name in `filename*`, which every current browser prefers.
 */
export const contentDisposition = (name: string) =>
  `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;

const notFound = () => new ApiError(404, '文件不存在或已被删除');

/**
 * GET /uploads/<hash>.<pdf|doc|…>: a document is always a download under the name it was uploaded with (the
 * newest, when the same content was uploaded more than once), never a page the browser renders or sniffs.
 * Images and every other file in the folder stay with the static handler.
 */
export const registerDocumentDownload = (app: FastifyInstance, { db, config }: ServerContext) => {
  const uploadDir = uploadDirOf(config);
  app.get<{ Params: { file: string } }>(`/uploads/:file(${DOCUMENT_FILE})`, async (request, reply) => {
    const { file } = request.params;
    const stat = await fs.stat(path.join(uploadDir, file)).catch(() => null);
    if (!stat?.isFile()) throw notFound();
    const row = await findDocument(db.kysely, file);
    const kind = extensionOf(file) as DocumentKind;
    return (
      reply
        .header('Content-Type', row?.contentType ?? CONTENT_TYPES[kind])
        .header('Content-Disposition', contentDisposition(row?.originalName ?? file))
        .header('Content-Length', stat.size)
        .header('X-Content-Type-Options', 'nosniff')
        // Even opened directly, the file is an opaque, script-less document.
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        // The content never changes, but the name offered may (the same file uploaded again under another name).
        .header('Cache-Control', 'no-cache')
        .header('Last-Modified', stat.mtime.toUTCString())
        .send(createReadStream(path.join(uploadDir, file)))
    );
  });
};
