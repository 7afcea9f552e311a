import { api, UPLOAD_CHUNK_BYTES } from '@lianmeng/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { forbidden } from '../../http/apiError';
import { defineFileRoute, defineRoute } from '../../http/defineRoute';
import { scheduleHourlySweep } from '../../ops/hourlySweep';
import { findReviewer } from '../credits/reviewCommands';
import { actingInstitution, ROLE_REFUSED } from '../institutions/cardRoles';
import type { ReviewScope } from './reviewCommands';
import { ownTeamFile, removeTeamFile, reviewedTeamFile } from './teamFileCommands';
import {
  cancelUpload,
  finishUpload,
  receivePiece,
  startUpload,
  sweepTeamUploads,
  type UploadContext,
  uploadStatus,
} from './teamUploadCommands';

const organiserScope = async (request: FastifyRequest): Promise<ReviewScope> => {
  const { cardNo, institutionId } = actingInstitution(request);
  return { kind: 'organiser', cardNo, institutionId };
};

/**
 * A team's attachments: resumable uploads (started, sent in pieces of raw bytes, finished; a piece's body is
 * handed to the command as a stream, parsed only in this scope, so the 200 MB a video may take never sits in
 * memory), removal, and byte downloads for the team's institution, the event's organiser and operators.
 */
export const registerTeamFileRoutes = (app: FastifyInstance, context: ServerContext) => {
  const { db, now, config } = context;
  const calls = api.matchRegistration;
  const uploads: UploadContext = {
    db,
    dataDir: config.dataDir,
    now,
    // A little past the longest a request may last, so a live request never loses its claim.
    claimMs: config.timeouts.requestMs + 10_000,
  };
  const ref = (request: FastifyRequest, params: { id: number; uploadId: string }) => ({
    registrant: actingInstitution(request),
    teamId: params.id,
    uploadId: params.uploadId,
  });
  defineRoute(app, calls.uploadStart, async ({ params, body, request }) =>
    startUpload(uploads, actingInstitution(request), params.id, body),
  );
  defineRoute(app, calls.uploadStatus, async ({ params, request }) => uploadStatus(uploads, ref(request, params)));
  app.register(async (scope) => {
    // The piece is read by the command, after the access checks, straight into its staging file.
    scope.addContentTypeParser(
      'application/octet-stream',
      { bodyLimit: UPLOAD_CHUNK_BYTES },
      (_request, payload, done) => done(null, payload),
    );
    defineRoute(scope, calls.uploadChunk, async ({ params, query, request }) =>
      receivePiece(uploads, ref(request, params), query.offset, request),
    );
  });
  defineRoute(app, calls.uploadFinish, async ({ params, request }) => finishUpload(uploads, ref(request, params)));
  defineRoute(app, calls.uploadCancel, async ({ params, request }) => cancelUpload(uploads, ref(request, params)));
  scheduleHourlySweep(app, 'stale team uploads', () => sweepTeamUploads(uploads));
  defineRoute(app, calls.removeFile, async ({ params, request }) =>
    removeTeamFile(db, config.dataDir, actingInstitution(request), params.id, params.fileId, now()),
  );
  defineFileRoute(app, calls.file, async ({ params, request }) =>
    ownTeamFile(db.kysely, config.dataDir, actingInstitution(request).institutionId, params.id, params.fileId),
  );
  defineFileRoute(app, api.matchOrganiser.file, async ({ params, request }) =>
    reviewedTeamFile(db.kysely, config.dataDir, await organiserScope(request), params.id, params.fileId, now()),
  );
  defineFileRoute(app, api.matchReview.file, async ({ params, request }) => {
    const actor = request.cardActor;
    if (!actor) throw forbidden(ROLE_REFUSED);
    const reviewer = await findReviewer(db.kysely, actor.cardNo);
    const scope: ReviewScope = {
      kind: 'operator',
      cardNo: reviewer.cardNo,
      ownInstitutionId: reviewer.ownInstitutionId,
    };
    return reviewedTeamFile(db.kysely, config.dataDir, scope, params.id, params.fileId, now());
  });
};
