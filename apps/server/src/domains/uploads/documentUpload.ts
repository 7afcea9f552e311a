import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { api, DOCUMENT_UPLOAD_LIMITS } from '@lianmeng/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { ApiError } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { documentKindOf, extensionOf } from './documentSignature';
import { documentRefused, uploadRefused } from './messages';
import { recordDocument } from './uploadRepository';
import { uploadAddress, uploadDirOf } from './uploadStore';

const FILE_FIELD = 'file';

interface ReceivedFile {
  /** The hidden temporary file the bytes were written to. */
  temporary: string;
  originalName: string;
  bytes: number;
  sha256: string;
}

/**
 * Streams the one file of the form into a hidden temporary file in the upload folder, hashing it on the
 * way, so a large document never sits whole in memory. A file over the limit stops being read at the
 * limit and is refused with 413; on any refusal the temporary file is gone before the answer leaves.
 */
const receiveFile = async (request: FastifyRequest, uploadDir: string): Promise<ReceivedFile> => {
  await fs.mkdir(uploadDir, { recursive: true });
  const temporary = path.join(uploadDir, `.document.${randomBytes(8).toString('hex')}.tmp`);
  try {
    const part = await request.file({
      limits: { fileSize: DOCUMENT_UPLOAD_LIMITS.maxBytes, files: 1, fields: 10, parts: 11 },
      // The limit is checked below, where the temporary file can be removed first.
      throwFileSizeLimit: false,
    });
    if (!part || part.fieldname !== FILE_FIELD) throw documentRefused.noFile();
    const hash = createHash('sha256');
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(part.file, counter, createWriteStream(temporary, { flags: 'wx' }));
    if (part.file.truncated) throw documentRefused.tooLarge();
    return { temporary, originalName: part.filename, bytes, sha256: hash.digest('hex') };
  } catch (error) {
    await fs.rm(temporary, { force: true });
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw documentRefused.tooLarge();
    if (code?.startsWith('FST_')) throw error;
    throw uploadRefused.malformed();
  }
};

/** The name offered for download: the last path segment a browser may have sent, without control characters. */
const cleanName = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();

/** Checks the received file; answers its stored name and type, or refuses. */
const judge = async (file: ReceivedFile) => {
  const originalName = cleanName(file.originalName);
  if (file.bytes === 0) throw documentRefused.empty();
  if (originalName === '') throw documentRefused.noName();
  if ([...originalName].length > DOCUMENT_UPLOAD_LIMITS.maxNameLength) throw documentRefused.nameTooLong();
  const found = documentKindOf(await fs.readFile(file.temporary));
  if (!found) throw documentRefused.unsupported();
  const extension = extensionOf(originalName);
  if (extension !== found.kind) throw documentRefused.extensionMismatch(found.kind);
  return { originalName, kind: found.kind, contentType: found.contentType };
};

export const registerDocumentUpload = (app: FastifyInstance, { db, config, now }: ServerContext) =>
  defineRoute(app, api.img.uploadDocument, async ({ request }) => {
    const uploadDir = uploadDirOf(config);
    const received = await receiveFile(request, uploadDir);
    let verdict: Awaited<ReturnType<typeof judge>>;
    try {
      verdict = await judge(received);
    } catch (error) {
      await fs.rm(received.temporary, { force: true });
      throw error;
    }
    const file = `${received.sha256.slice(0, 32)}.${verdict.kind}`;
    // Renaming over an identical file refreshes its age, which keeps a re-uploaded document safe from the sweep.
    await fs.rename(received.temporary, path.join(uploadDir, file));
    // A file renamed but not recorded (a failed transaction) is referenced by nothing: the sweep removes it.
    await recordDocument(
      db,
      { file, originalName: verdict.originalName, contentType: verdict.contentType, bytes: received.bytes },
      request.consoleUser,
      now(),
    );
    return { name: verdict.originalName, url: uploadAddress(file), size: received.bytes };
  });
