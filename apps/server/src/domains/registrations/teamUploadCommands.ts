import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  MAX_OPEN_UPLOADS,
  TEAM_FILE_LIMITS,
  type TeamDetail,
  type TeamFileKind,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_KEEP_HOURS,
  type UploadStartBody,
  type UploadStatus,
} from '@lianmeng/core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { ApiError, notFound } from '../../http/apiError';
import { recordCardAudit } from '../audit/auditRepository';
import { assertWindowOpen, REGISTRATION_REFUSALS } from './policy';
import { afterTeamChange, lockEditableTeam, type Registrant } from './teamCommands';
import { assertRoomFor, auditFile, cleanName, fileFacts } from './teamFileCommands';
import { insertTeamFile } from './teamFileRepository';
import {
  createStagingFile,
  placeStagedFile,
  removeStagingFile,
  removeStoredFiles,
  StagingGone,
  stagingPathOf,
  TEAM_FILE_REFUSALS,
  teamFileDirOf,
  uploadIdOfStagingName,
  writePiece,
} from './teamFileStore';
import { findTeamView } from './teamRepository';
import {
  claimTeamUpload,
  deleteExpiredTeamUploads,
  deleteTeamUpload,
  existingUploadIds,
  findTeamUpload,
  insertTeamUpload,
  openUploadCount,
  releaseTeamUpload,
  type TeamUploadRow,
} from './teamUploadRepository';
import { ownTeamDetail } from './teamView';

export const UPLOAD_REFUSALS = {
  notFound: '未找到该上传（可能已完成、已取消或已超过 24 小时），请重新选择文件上传',
  tooManyOpen: `本队伍同时进行的上传最多 ${MAX_OPEN_UPLOADS} 个，请先完成或取消其他上传`,
  wrongOffset: (received: number) => `上传位置有误：服务器已收到 ${received} 字节，请从该处继续`,
  busy: '该文件正有一块在上传，请稍后重试',
  incomplete: (received: number, size: number) => `文件尚未传完（已收到 ${received} / ${size} 字节），请继续上传`,
};

const KEEP_MS = UPLOAD_KEEP_HOURS * 3600_000;

/** What the upload commands share: the database, the data folder, the server's clock, how long a claim holds. */
export interface UploadContext {
  db: Db;
  dataDir: string;
  now: () => Date;
  /**
   * How long a request's writing claim holds: longer than any request may last (the server cuts every request
   * at its request timeout), so a claim outlives its request only when the process holding it died.
   */
  claimMs: number;
}

export interface UploadRef {
  registrant: Registrant;
  teamId: number;
  uploadId: string;
}

const statusOf = (row: Pick<TeamUploadRow, 'kind' | 'size' | 'received'>): UploadStatus => ({
  kind: row.kind as TeamFileKind,
  size: Number(row.size),
  received: Number(row.received),
  chunkBytes: UPLOAD_CHUNK_BYTES,
});

const findOwn = async ({ db, now }: UploadContext, ref: UploadRef) => {
  const row = await findTeamUpload(
    db.kysely,
    { uploadId: ref.uploadId, teamId: ref.teamId, institutionId: ref.registrant.institutionId },
    now().toISOString(),
  );
  if (!row) throw notFound(UPLOAD_REFUSALS.notFound);
  return row;
};

/** Forgets an upload: its row and its staging file. */
const discard = async ({ db, dataDir }: UploadContext, uploadId: string) => {
  await deleteTeamUpload(db.kysely, uploadId);
  await removeStagingFile(dataDir, uploadId);
};

/**
 * Starts an upload to the institution's own team. Everything that can be judged before a byte is judged
 * here, in one transaction that holds the team: the team is the institution's (else not found), the window is
 * open on the server's clock, the item asks for the kind and has room for one more, the declared size is
 * within the kind's limit (413), and the team has fewer than MAX_OPEN_UPLOADS unexpired uploads open.
 */
export const startUpload = async (
  context: UploadContext,
  registrant: Registrant,
  teamId: number,
  body: UploadStartBody,
) => {
  const { db, dataDir, now } = context;
  const uploadId = randomBytes(16).toString('hex');
  await createStagingFile(dataDir, uploadId);
  try {
    await db.writeTransaction(async (trx, locks) => {
      const at = now();
      const { team } = await lockEditableTeam(trx, locks, registrant.institutionId, teamId, at);
      await assertRoomFor(trx, { id: teamId, itemId: Number(team.itemId) }, body.kind);
      if (body.size > TEAM_FILE_LIMITS[body.kind].maxBytes) throw TEAM_FILE_REFUSALS.tooLarge(body.kind);
      if ((await openUploadCount(trx, teamId, at.toISOString())) >= MAX_OPEN_UPLOADS) {
        throw new ApiError(409, UPLOAD_REFUSALS.tooManyOpen);
      }
      await insertTeamUpload(trx, {
        id: uploadId,
        teamId,
        institutionId: registrant.institutionId,
        kind: body.kind,
        fileName: body.fileName,
        size: body.size,
        received: 0,
        writer: null,
        writerUntil: null,
        createdBy: registrant.cardNo,
        createTime: at.toISOString(),
        expireTime: new Date(at.getTime() + KEEP_MS).toISOString(),
      });
    });
  } catch (error) {
    await removeStagingFile(dataDir, uploadId);
    throw error;
  }
  return { uploadId, chunkBytes: UPLOAD_CHUNK_BYTES, received: 0 };
};

/** How far an upload of the institution's team has come: for resuming after a dropped connection or a reload. */
export const uploadStatus = async (context: UploadContext, ref: UploadRef) => statusOf(await findOwn(context, ref));

/** A claim's token and its end, on the server's clock. */
const newClaim = ({ now, claimMs }: UploadContext) => {
  const at = now();
  return {
    writer: randomBytes(12).toString('hex'),
    until: new Date(at.getTime() + claimMs).toISOString(),
    now: at.toISOString(),
  };
};

/** Why a claim was not had: the upload moved on (another offset now), or another request is writing. */
const refuseClaim = async (context: UploadContext, ref: UploadRef, offset: number | null) => {
  const row = await findOwn(context, ref);
  if (offset !== null && Number(row.received) !== offset) {
    throw new ApiError(409, UPLOAD_REFUSALS.wrongOffset(Number(row.received)));
  }
  throw new ApiError(409, UPLOAD_REFUSALS.busy);
};

/**
 * Takes one piece of an upload, at `offset`, which must be exactly how far the upload has come (else 409 with
 * that figure, so the client resumes from it). The piece is streamed into the staging file under the upload's
 * one writing claim; bytes past the declared size or past UPLOAD_CHUNK_BYTES stop it (400, 413) before they
 * are written. Only a piece that arrived whole moves the upload on: one cut short counts for nothing, and the
 * next piece at the same offset overwrites what it left.
 */
export const receivePiece = async (
  context: UploadContext,
  ref: UploadRef,
  offset: number,
  request: FastifyRequest,
): Promise<UploadStatus> => {
  const body = request.body;
  if (!(body instanceof Readable)) throw TEAM_FILE_REFUSALS.notBytes();
  const row = await findOwn(context, ref);
  const size = Number(row.size);
  if (offset !== Number(row.received)) throw new ApiError(409, UPLOAD_REFUSALS.wrongOffset(Number(row.received)));
  const room = size - offset;
  const declared = request.headers['content-length'];
  if (declared !== undefined) {
    const length = Number(declared);
    if (length === 0) throw TEAM_FILE_REFUSALS.emptyPiece();
    if (length > room) throw TEAM_FILE_REFUSALS.pastSize(size);
    if (length > UPLOAD_CHUNK_BYTES) throw TEAM_FILE_REFUSALS.pieceTooLarge();
  }
  const claim = newClaim(context);
  if (!(await claimTeamUpload(context.db.kysely, ref.uploadId, { ...claim, atOffset: offset }))) {
    return refuseClaim(context, ref, offset);
  }
  let written: number;
  try {
    written = await writePiece(body, context.dataDir, ref.uploadId, offset, room);
  } catch (error) {
    await releaseTeamUpload(context.db.kysely, ref.uploadId, claim.writer);
    if (error instanceof StagingGone) {
      await discard(context, ref.uploadId);
      throw notFound(UPLOAD_REFUSALS.notFound);
    }
    throw error;
  }
  if (written === 0) {
    await releaseTeamUpload(context.db.kysely, ref.uploadId, claim.writer);
    throw TEAM_FILE_REFUSALS.emptyPiece();
  }
  // Cancelled (or swept) while the piece arrived: its row is gone, and so is the upload.
  if (!(await releaseTeamUpload(context.db.kysely, ref.uploadId, claim.writer, offset + written))) {
    throw notFound(UPLOAD_REFUSALS.notFound);
  }
  return statusOf({ ...row, received: offset + written });
};

/**
 * Finishes a complete upload: under its writing claim (so no piece is still arriving), the staging file is
 * judged by its bytes exactly as any attachment is, hashed and moved to its final name, and the row is
 * written in one transaction that judges the window again on the server's clock as it stands then, re-counts
 * and audits. A refusal (the window closed, the wrong bytes, no room left, the team withdrawn) removes the
 * upload and its bytes; a failure of the server itself puts the bytes back, so the finish can be tried again.
 */
export const finishUpload = async (context: UploadContext, ref: UploadRef): Promise<TeamDetail> => {
  const { db, dataDir, now } = context;
  const { registrant, teamId, uploadId } = ref;
  const row = await findOwn(context, ref);
  const kind = row.kind as TeamFileKind;
  if (Number(row.received) < Number(row.size)) {
    throw new ApiError(409, UPLOAD_REFUSALS.incomplete(Number(row.received), Number(row.size)));
  }
  const claim = newClaim(context);
  if (!(await claimTeamUpload(db.kysely, uploadId, claim))) return refuseClaim(context, ref, null);

  let placed: Awaited<ReturnType<typeof placeStagedFile>> | null = null;
  try {
    // The window first: a closed one refuses before a 200 MB video is read through.
    const view = await findTeamView(db.kysely, teamId);
    if (!view || Number(view.institutionId) !== registrant.institutionId) {
      throw notFound(REGISTRATION_REFUSALS.teamNotFound);
    }
    assertWindowOpen(view, now());
    const stored = await placeStagedFile(dataDir, uploadId, kind);
    placed = stored;
    const fileName = cleanName(row.fileName, kind, stored.extension);
    await db.writeTransaction(async (trx, locks) => {
      const at = now();
      const { team } = await lockEditableTeam(trx, locks, registrant.institutionId, teamId, at);
      await assertRoomFor(trx, { id: teamId, itemId: Number(team.itemId) }, kind);
      const fileId = await insertTeamFile(trx, {
        teamId,
        kind,
        fileName,
        contentType: stored.contentType,
        size: stored.size,
        durationSeconds: stored.durationSeconds,
        sha256: stored.sha256,
        storedName: stored.storedName,
        createdBy: registrant.cardNo,
        createTime: at.toISOString(),
      });
      await deleteTeamUpload(trx, uploadId);
      const state = await afterTeamChange(trx, team, at);
      await auditFile(
        trx,
        registrant,
        'upload',
        team,
        { fileId, kind, fileName, uploadId, ...fileFacts(stored), state },
        at,
      );
    });
  } catch (error) {
    if (error instanceof ApiError) {
      if (placed) await removeStoredFiles(dataDir, [placed.storedName]);
      await discard(context, uploadId);
    } else {
      if (placed) {
        await fs
          .rename(path.join(teamFileDirOf(dataDir), placed.storedName), stagingPathOf(dataDir, uploadId))
          .catch(() => undefined);
      }
      await releaseTeamUpload(db.kysely, uploadId, claim.writer);
    }
    throw error;
  }
  return ownTeamDetail(db.kysely, registrant.institutionId, teamId, now());
};

/** Gives up an unfinished upload: its row and bytes go, and the institution's account is audited doing it. */
export const cancelUpload = async (context: UploadContext, ref: UploadRef): Promise<Record<string, never>> => {
  const { db, now } = context;
  const row = await findOwn(context, ref);
  await db.writeTransaction(async (trx) => {
    const at = now();
    await deleteTeamUpload(trx, ref.uploadId);
    await recordCardAudit(trx, {
      cardNo: ref.registrant.cardNo,
      action: 'delete',
      targetType: 'matchTeam',
      targetId: ref.teamId,
      detail: {
        institutionId: ref.registrant.institutionId,
        uploadCancelled: ref.uploadId,
        kind: row.kind,
        fileName: row.fileName,
        size: Number(row.size),
        received: Number(row.received),
        result: 'ok',
      },
      at,
    });
  });
  await removeStagingFile(context.dataDir, ref.uploadId);
  return {};
};

/**
 * Removes uploads older than UPLOAD_KEEP_HOURS (their rows and staging files), and staging files that no row
 * names once they are as old (left by a process stopped between writing the file and its row). A young
 * staging file without a row may be a start still in progress, and is left alone. Returns the removed ids.
 */
export const sweepTeamUploads = async ({ db, dataDir, now }: Pick<UploadContext, 'db' | 'dataDir' | 'now'>) => {
  const at = now();
  const removed = await deleteExpiredTeamUploads(db.kysely, at.toISOString());
  await Promise.all(removed.map((id) => removeStagingFile(dataDir, id)));
  const dir = teamFileDirOf(dataDir);
  const staged = (await fs.readdir(dir).catch(() => [] as string[])).flatMap((name) => {
    const id = uploadIdOfStagingName(name);
    return id && !removed.includes(id) ? [id] : [];
  });
  const kept = await existingUploadIds(db.kysely, staged);
  for (const id of staged) {
    if (kept.has(id)) continue;
    const stat = await fs.stat(stagingPathOf(dataDir, id)).catch(() => null);
    if (stat && stat.mtimeMs <= at.getTime() - KEEP_MS) {
      await removeStagingFile(dataDir, id);
      removed.push(id);
    }
  }
  return removed;
};
