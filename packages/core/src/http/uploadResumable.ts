import type { matchRegistration, TeamDetail, TeamFileKind } from '../contract/registrations';
import { ABORTED_MESSAGE, type CallResult, type HttpClient } from './client';

/** The calls of a resumable upload, as the contract defines them for team attachments. */
export type ResumableCalls = Pick<
  typeof matchRegistration,
  'uploadStart' | 'uploadStatus' | 'uploadChunk' | 'uploadFinish' | 'uploadCancel'
>;

export interface ResumableInput {
  /** The team the file belongs to (the calls' `:id`). */
  params: { id: string };
  file: Blob & { name?: string };
  kind: TeamFileKind;
  /** Percent (0–100) of the whole file the server has, the piece under way included. */
  onProgress?: (percent: number) => void;
  /** Told the upload's id once started, so a reloaded page can resume it (`uploadId`). */
  onUploadId?: (uploadId: string) => void;
  /** An upload begun earlier for this file: resumed from what the server has, or started anew if it is gone. */
  uploadId?: string;
  signal?: AbortSignal;
  /** How long to wait before each retry of a piece; its length is how many retries in a row. */
  retryDelaysMs?: readonly number[];
}

const RETRY_DELAYS_MS = [500, 1500, 4000];

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

const aborted = (): CallResult<never> => ({ ok: false, status: 0, message: ABORTED_MESSAGE, network: true });

/**
 * Sends a file as a resumable upload: starts it (the server refuses a wrong kind, a full kind or a file too
 * large before any byte) or, given a known `uploadId` of the same size and kind, resumes it from what the
 * server has; then sends the pieces in order, each of the size the server names; then finishes it (the bytes
 * are checked there) and resolves to the finish's answer. A piece that met no answer is retried after a short
 * wait, from what the server then says it has (the piece may have arrived); a 409 (the server is at another
 * offset, or another request is writing) goes on from the server's figure the same way. Only so many
 * attempts in a row go unanswered or refused before the last refusal is the result; an upload left that way
 * stays on the server (for 24 hours) to be resumed. Never rejects.
 */
export const uploadResumable = async (
  http: HttpClient,
  calls: ResumableCalls,
  input: ResumableInput,
): Promise<CallResult<TeamDetail>> => {
  const { file, params, signal } = input;
  const delays = input.retryDelaysMs ?? RETRY_DELAYS_MS;
  const size = file.size;
  const report = (bytes: number) => input.onProgress?.(Math.min(100, Math.floor((bytes / size) * 100)));

  let uploadId: string | null = null;
  let received = 0;
  let chunkBytes = 0;
  if (input.uploadId) {
    const status = await http.call(calls.uploadStatus, { params: { ...params, uploadId: input.uploadId }, signal });
    if (status.ok && status.data.size === size && status.data.kind === input.kind) {
      uploadId = input.uploadId;
      received = status.data.received;
      chunkBytes = status.data.chunkBytes;
    } else if (signal?.aborted) return aborted();
  }
  if (uploadId === null) {
    const started = await http.call(calls.uploadStart, {
      params,
      body: { kind: input.kind, fileName: input.file.name || 'file', size },
      signal,
    });
    if (!started.ok) return started;
    ({ uploadId, received, chunkBytes } = started.data);
  }
  input.onUploadId?.(uploadId);
  const at = { ...params, uploadId };
  report(received);

  let failures = 0;
  while (received < size) {
    if (signal?.aborted) return aborted();
    const from = received;
    const to = Math.min(from + chunkBytes, size);
    const piece = await http.call(calls.uploadChunk, {
      params: at,
      query: { offset: from },
      // As an ArrayBuffer: every client and test double sends that as it is (some lose a sliced Blob's bytes).
      body: await file.slice(from, to).arrayBuffer(),
      signal,
      onUploadProgress: (percent) => report(from + ((to - from) * percent) / 100),
    });
    if (piece.ok) {
      failures = 0;
      received = piece.data.received;
      report(received);
      continue;
    }
    if (signal?.aborted) return aborted();
    const retryable = piece.network || piece.status === 409;
    const delay = delays[failures];
    if (!retryable || delay === undefined) return piece;
    failures += 1;
    if (piece.network) await wait(delay, signal);
    // Where to go on from: what the server has, whatever this side believed.
    const status = await http.call(calls.uploadStatus, { params: at, signal });
    if (status.ok) {
      if (status.data.received !== from) failures = 0;
      received = status.data.received;
    } else if (!status.network) return status;
    // The same offset again (another request still writing): give it a moment.
    if (piece.status === 409 && received === from) await wait(delay, signal);
  }
  if (signal?.aborted) return aborted();
  report(size);
  return http.call(calls.uploadFinish, { params: at, signal });
};
