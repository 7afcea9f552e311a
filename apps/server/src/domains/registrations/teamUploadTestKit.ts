import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from '../../testing/testServer';
import { WORKBENCH } from './registrationTestKit';

/** The address of one upload of a team, or of the team's uploads. */
export const uploadsUrl = (teamId: number, uploadId?: string) =>
  `${WORKBENCH}/teams/${teamId}/uploads${uploadId === undefined ? '' : `/${uploadId}`}`;

const authorized = async (server: TestServer, cardNo: string) => ({ authorization: await server.cardTokenFor(cardNo) });

export const startUpload = async (
  server: TestServer,
  cardNo: string,
  teamId: number,
  body: { kind: string; fileName: string; size: number },
) =>
  server.app.inject({
    method: 'POST',
    url: uploadsUrl(teamId),
    headers: await authorized(server, cardNo),
    payload: body,
  });

export const sendPiece = async (
  server: TestServer,
  cardNo: string,
  teamId: number,
  uploadId: string,
  offset: number,
  bytes: Buffer,
) =>
  server.app.inject({
    method: 'PUT',
    url: `${uploadsUrl(teamId, uploadId)}?offset=${offset}`,
    headers: { ...(await authorized(server, cardNo)), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });

export const uploadStatusOf = async (server: TestServer, cardNo: string, teamId: number, uploadId: string) =>
  server.app.inject({ method: 'GET', url: uploadsUrl(teamId, uploadId), headers: await authorized(server, cardNo) });

export const finishUpload = async (server: TestServer, cardNo: string, teamId: number, uploadId: string) =>
  server.app.inject({
    method: 'POST',
    url: `${uploadsUrl(teamId, uploadId)}/finish`,
    headers: await authorized(server, cardNo),
  });

/**
 * Uploads `content` as an attachment of `kind` through the resumable calls, as a browser does: start (the
 * declared size is the content's unless told), every piece in order (`pieceBytes` each, 8 MB unless told),
 * finish. The answer is the first refusal, or the finish's answer.
 */
export const uploadThroughCalls = async (
  server: TestServer,
  cardNo: string,
  teamId: number,
  kind: string,
  content: Buffer,
  fileName: string,
  options: { pieceBytes?: number; declaredSize?: number } = {},
): Promise<LightMyRequestResponse> => {
  const started = await startUpload(server, cardNo, teamId, {
    kind,
    fileName,
    size: options.declaredSize ?? content.length,
  });
  if (started.statusCode !== 200) return started;
  const { uploadId, chunkBytes } = started.json().data as { uploadId: string; chunkBytes: number };
  const step = options.pieceBytes ?? chunkBytes;
  for (let offset = 0; offset < content.length; offset += step) {
    const piece = await sendPiece(server, cardNo, teamId, uploadId, offset, content.subarray(offset, offset + step));
    if (piece.statusCode !== 200) return piece;
  }
  return finishUpload(server, cardNo, teamId, uploadId);
};

/** Unfinished uploads, expired or not. */
export const countUploads = async (server: TestServer) =>
  Number(
    (
      await server.db.kysely
        .selectFrom('matchTeamUpload')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
