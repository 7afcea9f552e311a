import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TEAM_FILE_KIND_LABELS, TEAM_FILE_LIMITS, type TeamFileKind, UPLOAD_CHUNK_BYTES } from '@lianmeng/core';
import { ApiError, badRequest } from '../../http/apiError';
import { type CheckedFile, checkTeamFile } from './teamFileCheck';

/**
 * Team attachments live as files in the data folder's `team-files/` directory under random names (never the
 * name the browser sent); the row in `match_team_file` holds the sent name, the checked type and the hash.
 * An upload's bytes gather in a hidden staging file, are checked by their bytes and hashed, and only then
 * renamed into place, so a refused upload leaves nothing under a final name.
 */
export const TEAM_FILE_DIR = 'team-files';

export const teamFileDirOf = (dataDir: string) => path.join(dataDir, TEAM_FILE_DIR);

/** A stored name: 32 random hex digits and the extension of the checked kind. */
const STORED_NAME = /^[0-9a-f]{32}\.(?:pdf|jpg|png|mp4|mov)$/;

export const storedPathOf = (dir: string, storedName: string) => {
  // Rows are written by this module alone; a name of any other shape never reaches the file system.
  if (!STORED_NAME.test(storedName)) throw new Error('unexpected stored name');
  return path.join(dir, storedName);
};

const megabytes = (bytes: number) => bytes / 1024 / 1024;

export const TEAM_FILE_REFUSALS = {
  tooLarge: (kind: TeamFileKind) =>
    new ApiError(413, `${TEAM_FILE_KIND_LABELS[kind]}不能超过 ${megabytes(TEAM_FILE_LIMITS[kind].maxBytes)} MB`),
  pieceTooLarge: () => new ApiError(413, `每块不能超过 ${megabytes(UPLOAD_CHUNK_BYTES)} MB`),
  pastSize: (size: number) => badRequest(`上传的内容超出了开始上传时声明的文件大小（${size} 字节）`),
  emptyPiece: () => badRequest('上传的内容是空的'),
  notBytes: () => badRequest('上传的内容应以 application/octet-stream 发送'),
  broken: () => badRequest('上传中断，请从服务器已收到的位置继续'),
};

/** A checked file under its final name, not yet recorded in the database. */
export interface StoredUpload extends CheckedFile {
  storedName: string;
  size: number;
  sha256: string;
}

const removeQuietly = (filePath: string) => fs.rm(filePath, { force: true }).catch(() => undefined);

/**
 * A resumable upload's bytes arrive in a hidden staging file of the team-files directory, named by the
 * upload's id (`.upload-<id>`: backups leave these out), and move to a random final name once checked.
 */
const STAGING_PREFIX = '.upload-';
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export const stagingPathOf = (dataDir: string, uploadId: string) => {
  if (!UPLOAD_ID.test(uploadId)) throw new Error('unexpected upload id');
  return path.join(teamFileDirOf(dataDir), `${STAGING_PREFIX}${uploadId}`);
};

/** The upload id a staging file's name carries, or null for any other name. */
export const uploadIdOfStagingName = (name: string) => {
  const id = name.startsWith(STAGING_PREFIX) ? name.slice(STAGING_PREFIX.length) : '';
  return UPLOAD_ID.test(id) ? id : null;
};

export const createStagingFile = async (dataDir: string, uploadId: string) => {
  await fs.mkdir(teamFileDirOf(dataDir), { recursive: true });
  await (await fs.open(stagingPathOf(dataDir, uploadId), 'wx', 0o600)).close();
};

export const removeStagingFile = (dataDir: string, uploadId: string) => removeQuietly(stagingPathOf(dataDir, uploadId));

/** The staging file went missing (a restore, a hand-cleaned folder): the upload cannot go on. */
export class StagingGone extends Error {}

/**
 * Writes one piece of an upload into its staging file at `offset`, streamed (never held whole in memory).
 * The piece may bring at most `room` bytes (what is left of the declared size) and `UPLOAD_CHUNK_BYTES`;
 * a byte past either stops it before that byte is written. Returns how many bytes were written; whatever
 * went wrong, bytes at or past `offset` are not counted as received by the caller.
 */
export const writePiece = async (
  body: Readable,
  dataDir: string,
  uploadId: string,
  offset: number,
  room: number,
): Promise<number> => {
  let written = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      if (written > room) done(TEAM_FILE_REFUSALS.pastSize(offset + room));
      else if (written > UPLOAD_CHUNK_BYTES) done(TEAM_FILE_REFUSALS.pieceTooLarge());
      else done(null, chunk);
    },
  });
  // The body is fed by hand rather than as the pipeline's source: a refused piece stops being written, but
  // the request itself is not destroyed, so its connection still carries the refusal back to the client.
  const gone = () => {
    if (!body.readableEnded) tap.destroy(TEAM_FILE_REFUSALS.broken());
  };
  body.once('error', gone);
  body.once('close', gone);
  body.pipe(tap);
  try {
    await pipeline(tap, createWriteStream(stagingPathOf(dataDir, uploadId), { flags: 'r+', start: offset }));
  } catch (error) {
    body.unpipe(tap);
    // What the client still sends of a refused piece is read and dropped, so the connection stays usable.
    body.resume();
    if ((error as { code?: string }).code === 'ENOENT') throw new StagingGone();
    if (error instanceof ApiError) throw error;
    // Anything else is a body that stopped arriving: cut short, a client gone.
    throw TEAM_FILE_REFUSALS.broken();
  } finally {
    body.off('error', gone);
    body.off('close', gone);
  }
  return written;
};

/**
 * Judges a complete staging file as an attachment of `kind` by its bytes, hashes it and moves it to its
 * random final name. A refusal (a Chinese 400) leaves the staging file for the caller to remove.
 */
export const placeStagedFile = async (dataDir: string, uploadId: string, kind: TeamFileKind): Promise<StoredUpload> => {
  const staged = stagingPathOf(dataDir, uploadId);
  const checked = await checkTeamFile(kind, staged);
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(staged)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  const storedName = `${randomBytes(16).toString('hex')}.${checked.extension}`;
  await fs.rename(staged, path.join(teamFileDirOf(dataDir), storedName));
  return { ...checked, storedName, size, sha256: hash.digest('hex') };
};

/** Removes stored attachments (after the rows naming them are gone); a file already missing is no error. */
export const removeStoredFiles = async (dataDir: string, storedNames: readonly string[]) => {
  const dir = teamFileDirOf(dataDir);
  await Promise.all(storedNames.map((name) => removeQuietly(storedPathOf(dir, name))));
};
