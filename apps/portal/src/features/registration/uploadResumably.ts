import { api, type TeamDetail, type TeamFileKind } from '@lianmeng/core';
import { uploadResumable } from '@lianmeng/core/http';
import { quietHttp } from '../../app/api';
import { errorBus } from '../../app/errorBus';
import { type QuietOutcome, quietCall } from '../review/quietCall';

/**
 * Sends one attachment as the server's resumable upload (declared, sent in pieces resumed from what the
 * server has, finished and checked there), without the site's error modal: a refusal is shown beside the
 * attachment. This page keeps no upload across a reload, so an upload given up on a lost connection is
 * cancelled rather than left to hold one of the team's few open uploads until it expires.
 */
export const uploadResumably = async (
  teamId: number,
  kind: TeamFileKind,
  file: Blob & { name: string },
  onProgress: (percent: number) => void,
): Promise<QuietOutcome<TeamDetail>> => {
  const params = { id: String(teamId) };
  let uploadId: string | null = null;
  const result = await uploadResumable(quietHttp, api.matchRegistration, {
    params,
    file,
    kind,
    onProgress,
    onUploadId: (id) => {
      uploadId = id;
    },
  });
  if (result.ok) return { ok: true, data: result.data };
  // Given up on a lost connection: the server still holds the pieces. (A refused finish has removed them.)
  if (uploadId !== null && result.network) {
    void quietCall(api.matchRegistration.uploadCancel, { params: { ...params, uploadId } });
  }
  // A session that ended goes to the site's error modal, which sends the holder to log in again.
  if (result.status === 401) {
    const { path, access } = api.matchRegistration.uploadChunk;
    errorBus.emit({ status: 401, message: result.message, path, access });
  }
  return { ok: false, stale: false, message: result.message };
};
