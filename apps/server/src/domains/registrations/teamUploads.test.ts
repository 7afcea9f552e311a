import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { UPLOAD_CHUNK_BYTES } from '@lianmeng/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from '../../app';
import { createTestServer, type TestServer } from '../../testing/testServer';
import {
  buildOpenEvent,
  buildRegistrationWorld,
  callAs,
  HOUR,
  type RegistrationWorld,
  START,
  teamAudits,
  WORKBENCH,
} from './registrationTestKit';
import { teamFileDirOf } from './teamFileStore';
import { sweepTeamUploads } from './teamUploadCommands';
import {
  countUploads,
  finishUpload,
  sendPiece,
  startUpload,
  uploadStatusOf,
  uploadsUrl,
  uploadThroughCalls,
} from './teamUploadTestKit';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
let video: Buffer;
let report: Buffer;

let clock = START;
let server: TestServer;
let world: RegistrationWorld;
let school: string;

beforeAll(async () => {
  video = await fs.readFile(path.join(FIXTURES, 'video-2s-faststart.mp4'));
  report = await fs.readFile(path.join(FIXTURES, 'report.pdf'));
  server = await createTestServer({}, () => new Date(clock));
  world = await buildRegistrationWorld(server);
  school = world.accounts.schoolA;
});
afterAll(() => server.close());
beforeEach(() => {
  clock = START;
});

let teamCounter = 0;
/** A draft of school A for the item asking for every attachment, in an event of its own. */
const newTeam = async (on: TestServer = server, onWorld: RegistrationWorld = world, closes = START + HOUR) => {
  teamCounter += 1;
  const event = await buildOpenEvent(on, onWorld, { closes });
  const response = await callAs(on, onWorld.accounts.schoolA, 'POST', `${WORKBENCH}/teams`, {
    itemId: event.withFiles,
    name: `续传队${teamCounter}`,
    coach: '张老师',
    members: [onWorld.pupilsOfA[0].cardNo],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
};

const start = async (team: number, kind = 'video', size = video.length, cardNo = school) => {
  const response = await startUpload(server, cardNo, team, { kind, fileName: '比赛.mp4', size });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { uploadId: string; chunkBytes: number; received: number };
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const stagingNames = async () =>
  (await fs.readdir(teamFileDirOf(server.dataDir)).catch(() => [] as string[])).filter((name) =>
    name.startsWith('.upload-'),
  );
/** The stored bytes of the team's one attachment row, and the row's hash. */
const storedOf = async (team: number) => {
  const row = await server.db.kysely
    .selectFrom('matchTeamFile')
    .selectAll()
    .where('teamId', '=', team)
    .executeTakeFirstOrThrow();
  return { row, bytes: await fs.readFile(path.join(teamFileDirOf(server.dataDir), row.storedName)) };
};
const received = async (team: number, uploadId: string) =>
  (await uploadStatusOf(server, school, team, uploadId)).json().data.received as number;

describe('a resumable upload', () => {
  it('takes a file in pieces, reports how far it has come, and records it once finished, audited once', async () => {
    const team = await newTeam();
    const { uploadId, chunkBytes, received: first } = await start(team);
    expect(uploadId).toMatch(/^[0-9a-f]{32}$/);
    expect([chunkBytes, first]).toEqual([UPLOAD_CHUNK_BYTES, 0]);
    const piece = 4096;
    for (let offset = 0; offset < video.length; offset += piece) {
      const answer = await sendPiece(server, school, team, uploadId, offset, video.subarray(offset, offset + piece));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data).toEqual({
        kind: 'video',
        size: video.length,
        received: Math.min(offset + piece, video.length),
        chunkBytes,
      });
    }
    const status = await uploadStatusOf(server, school, team, uploadId);
    expect(status.json().data).toMatchObject({ received: video.length, size: video.length });
    const finished = await finishUpload(server, school, team, uploadId);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().data.files).toMatchObject([{ kind: 'video', fileName: '比赛.mp4', durationSeconds: 2 }]);
    const { row, bytes } = await storedOf(team);
    expect(sha256(bytes)).toBe(sha256(video));
    expect(row.sha256).toBe(sha256(video));
    // One audit entry, for the finish; none for the pieces.
    const audits = await teamAudits(server, team);
    expect(audits.map((entry) => entry.action).filter((action) => action !== 'insert')).toEqual(['upload']);
    expect(JSON.parse(audits.at(-1)?.detail ?? '{}')).toMatchObject({ uploadId, sha256: sha256(video) });
    // Finished, the upload is gone: no staging file, no row, and its id finds nothing.
    expect(await stagingNames()).not.toContain(`.upload-${uploadId}`);
    expect((await uploadStatusOf(server, school, team, uploadId)).statusCode).toBe(404);
    expect((await finishUpload(server, school, team, uploadId)).statusCode).toBe(404);
  });

  it('refuses a piece at any offset but the one reached with 409 naming it, and a finish before the end', async () => {
    const team = await newTeam();
    const { uploadId } = await start(team);
    expect((await sendPiece(server, school, team, uploadId, 0, video.subarray(0, 1000))).statusCode).toBe(200);
    for (const offset of [0, 999, 1001, 5000]) {
      const wrong = await sendPiece(server, school, team, uploadId, offset, video.subarray(offset, offset + 10));
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json().message).toBe('上传位置有误：服务器已收到 1000 字节，请从该处继续');
    }
    expect(await received(team, uploadId)).toBe(1000);
    const early = await finishUpload(server, school, team, uploadId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain(`已收到 1000 / ${video.length} 字节`);
    // A piece nobody else is writing, after all that, still goes on from 1000.
    expect((await sendPiece(server, school, team, uploadId, 1000, video.subarray(1000))).statusCode).toBe(200);
    expect((await finishUpload(server, school, team, uploadId)).statusCode).toBe(200);
  });

  it('refuses a declared size over the kind’s limit with 413 before any byte, keeping nothing', async () => {
    const team = await newTeam();
    const before = await stagingNames();
    const uploads = await countUploads(server);
    const response = await startUpload(server, school, team, {
      kind: 'photo',
      fileName: 'a.jpg',
      size: 10 * 2 ** 20 + 1,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 413, message: '照片不能超过 10 MB' });
    const video200 = await startUpload(server, school, team, {
      kind: 'video',
      fileName: 'a.mp4',
      size: 200 * 2 ** 20 + 1,
    });
    expect(video200.statusCode).toBe(413);
    expect(await stagingNames()).toEqual(before);
    expect(await countUploads(server)).toBe(uploads);
  });

  it('refuses a piece that would pass the declared size with 400, and one over 8 MB with 413, counting neither', async () => {
    const team = await newTeam();
    const { uploadId } = await start(team, 'video', 3000);
    const filler = Buffer.alloc(4000, 1);
    const past = await sendPiece(server, school, team, uploadId, 0, filler.subarray(0, 3001));
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json().message).toBe('上传的内容超出了开始上传时声明的文件大小（3000 字节）');
    expect((await sendPiece(server, school, team, uploadId, 0, filler.subarray(0, 2000))).statusCode).toBe(200);
    const over = await sendPiece(server, school, team, uploadId, 2000, filler.subarray(2000, 3001));
    expect(over.statusCode).toBe(400);
    expect(await received(team, uploadId)).toBe(2000);
    // Without a Content-Length (chunked), the bytes are counted as they come and stopped at the limit.
    const chunked = await server.app.inject({
      method: 'PUT',
      url: `${uploadsUrl(team, uploadId)}?offset=2000`,
      headers: {
        authorization: await server.cardTokenFor(school),
        'content-type': 'application/octet-stream',
        'transfer-encoding': 'chunked',
      },
      payload: Readable.from([filler.subarray(0, 800), filler.subarray(0, 800)]),
    });
    expect(chunked.statusCode, `${chunked.body} ${await received(team, uploadId)}`).toBe(400);
    expect(await received(team, uploadId)).toBe(2000);

    const big = await newTeam();
    const large = await start(big, 'video', UPLOAD_CHUNK_BYTES * 2);
    const tooBig = await sendPiece(server, school, big, large.uploadId, 0, Buffer.alloc(UPLOAD_CHUNK_BYTES + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('每块不能超过 8 MB');
    expect(await received(big, large.uploadId)).toBe(0);
    // An empty piece, and a piece that is not sent as raw bytes, are refused too.
    expect((await sendPiece(server, school, big, large.uploadId, 0, Buffer.alloc(0))).statusCode).toBe(400);
    const asJson = await callAs(server, school, 'PUT', `${uploadsUrl(big, large.uploadId)}?offset=0`, { a: 1 });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json().message).toBe('上传的内容应以 application/octet-stream 发送');
  });

  it('is another institution’s, or another team’s, only as not found', async () => {
    const team = await newTeam();
    const other = await newTeam();
    const { uploadId } = await start(team);
    const stranger = world.accounts.schoolB;
    const url = uploadsUrl(team, uploadId);
    const refusals = [
      await uploadStatusOf(server, stranger, team, uploadId),
      await sendPiece(server, stranger, team, uploadId, 0, video.subarray(0, 10)),
      await finishUpload(server, stranger, team, uploadId),
      await callAs(server, stranger, 'DELETE', url),
      // The right institution, but the id under another of its teams.
      await uploadStatusOf(server, school, other, uploadId),
      await sendPiece(server, school, other, uploadId, 0, video.subarray(0, 10)),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(404);
      expect(refusal.json().message).toContain('未找到该上传');
    }
    // Starting on another institution's team is refused as its team not found.
    const foreign = await startUpload(server, stranger, team, { kind: 'video', fileName: 'a.mp4', size: 10 });
    expect(foreign.json()).toEqual({ status: 404, message: '未找到该队伍' });
    expect(await received(team, uploadId)).toBe(0);
    const malformed = await callAs(server, school, 'GET', uploadsUrl(team, 'not-an-id'));
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses a finish whose bytes are not what the kind needs with 400, keeping nothing', async () => {
    const team = await newTeam();
    const before = await stagingNames();
    const { uploadId } = await start(team, 'video', report.length);
    expect((await sendPiece(server, school, team, uploadId, 0, report)).statusCode).toBe(200);
    const finished = await finishUpload(server, school, team, uploadId);
    expect(finished.statusCode).toBe(400);
    expect(finished.json().message).toContain('视频只能是 MP4 或 MOV');
    expect(await stagingNames()).toEqual(before);
    expect((await uploadStatusOf(server, school, team, uploadId)).statusCode).toBe(404);
    expect(await storedOfCount(team)).toBe(0);
  });

  it('keeps at most three uploads open per team; a cancel frees one, removes its bytes and is audited', async () => {
    const team = await newTeam();
    const open = [await start(team), await start(team), await start(team, 'photo', 100)];
    const fourth = await startUpload(server, school, team, { kind: 'report', fileName: 'r.pdf', size: 100 });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe('本队伍同时进行的上传最多 3 个，请先完成或取消其他上传');
    const first = open[0]?.uploadId ?? '';
    await sendPiece(server, school, team, first, 0, video.subarray(0, 100));
    const cancelled = await callAs(server, school, 'DELETE', uploadsUrl(team, first));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stagingNames()).not.toContain(`.upload-${first}`);
    expect((await uploadStatusOf(server, school, team, first)).statusCode).toBe(404);
    const cancelAudit = (await teamAudits(server, team)).find((entry) => entry.action === 'delete');
    expect(JSON.parse(cancelAudit?.detail ?? '{}')).toMatchObject({ uploadCancelled: first, received: 100 });
    expect((await startUpload(server, school, team, { kind: 'report', fileName: 'r.pdf', size: 100 })).statusCode).toBe(
      200,
    );
    // An upload past its 24 hours no longer counts, and is not found.
    clock = START + 25 * HOUR;
    expect((await uploadStatusOf(server, school, team, open[1]?.uploadId ?? '')).statusCode).toBe(404);
  });

  it('refuses a piece while another request of the same upload holds it, until that claim runs out', async () => {
    const team = await newTeam();
    const { uploadId } = await start(team);
    await server.db.kysely
      .updateTable('matchTeamUpload')
      .set({ writer: 'another-request', writerUntil: new Date(START + 60_000).toISOString() })
      .where('id', '=', uploadId)
      .execute();
    const busy = await sendPiece(server, school, team, uploadId, 0, video.subarray(0, 100));
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('该文件正有一块在上传，请稍后重试');
    expect((await finishUpload(server, school, team, uploadId)).statusCode).toBe(409);
    clock = START + 61_000;
    expect((await sendPiece(server, school, team, uploadId, 0, video.subarray(0, 100))).statusCode).toBe(200);
  });
});

const storedOfCount = async (team: number) =>
  (await server.db.kysely.selectFrom('matchTeamFile').select('id').where('teamId', '=', team).execute()).length;

describe('a connection dropped mid-piece', () => {
  it('counts nothing of the piece, and a resume from the status gives the identical file', async () => {
    const team = await newTeam();
    // A file of several pieces: the fixture's boxes, then a `free` box the video check steps over.
    const padding = Buffer.alloc(3 * 1024 * 1024 - video.length, 7);
    padding.writeUInt32BE(padding.length, 0);
    padding.write('free', 4, 'latin1');
    const padded = Buffer.concat([video, padding]);
    const { uploadId } = await start(team, 'video', padded.length);
    const half = 1024 * 1024;
    expect((await sendPiece(server, school, team, uploadId, 0, padded.subarray(0, half))).statusCode).toBe(200);

    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `PUT ${uploadsUrl(team, uploadId)}?offset=${half} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: ${await server.cardTokenFor(school)}\r\nContent-Type: application/octet-stream\r\n` +
        `Content-Length: ${half}\r\n\r\n`,
    );
    // Half of the piece, and garbage where the rest would have been written, then the line goes.
    socket.write(padded.subarray(half, half + half / 2));
    const deadline = Date.now() + 5000;
    const claimed = async () =>
      (
        await server.db.kysely
          .selectFrom('matchTeamUpload')
          .select('writer')
          .where('id', '=', uploadId)
          .executeTakeFirstOrThrow()
      ).writer;
    while ((await claimed()) === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    socket.write(Buffer.alloc(1000, 0xee));
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    while ((await claimed()) !== null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await claimed()).toBeNull();

    // What the server has is where the client goes on from.
    const from = await received(team, uploadId);
    expect(from).toBe(half);
    for (let offset = from; offset < padded.length; offset += half) {
      const piece = await sendPiece(server, school, team, uploadId, offset, padded.subarray(offset, offset + half));
      expect(piece.statusCode, piece.body).toBe(200);
    }
    const finished = await finishUpload(server, school, team, uploadId);
    expect(finished.statusCode, finished.body).toBe(200);
    const { row, bytes } = await storedOf(team);
    expect(sha256(bytes)).toBe(sha256(padded));
    expect(row.sha256).toBe(sha256(padded));
  });
});

describe('a server stopped mid-upload', () => {
  it('leaves the upload resumable by the next process on the same data', async () => {
    const first = await createTestServer({}, () => new Date(clock));
    const firstWorld = await buildRegistrationWorld(first);
    const cardNo = firstWorld.accounts.schoolA;
    const team = await newTeam(first, firstWorld);
    const started = await startUpload(first, cardNo, team, { kind: 'video', fileName: 'v.mp4', size: video.length });
    const { uploadId } = started.json().data as { uploadId: string };
    const half = Math.floor(video.length / 2);
    expect((await sendPiece(first, cardNo, team, uploadId, 0, video.subarray(0, half))).statusCode).toBe(200);
    // The process goes away without a word to the upload; its database and data folder stay.
    await first.app.close();
    const app = await createServer(first.config, { db: first.db, now: () => new Date(clock) });
    const next: TestServer = { ...first, app };
    try {
      const status = await uploadStatusOf(next, cardNo, team, uploadId);
      expect(status.json().data).toMatchObject({ received: half, size: video.length });
      expect((await sendPiece(next, cardNo, team, uploadId, half, video.subarray(half))).statusCode).toBe(200);
      const finished = await finishUpload(next, cardNo, team, uploadId);
      expect(finished.statusCode, finished.body).toBe(200);
      expect(finished.json().data.files[0]).toMatchObject({ kind: 'video', size: video.length });
    } finally {
      await next.close();
    }
  });
});

describe('the sweep of unfinished uploads', () => {
  it('removes uploads past 24 hours and staging files no row names once as old, and nothing younger', async () => {
    const team = await newTeam(server, world, START + 48 * HOUR);
    const stale = await start(team);
    await sendPiece(server, school, team, stale.uploadId, 0, video.subarray(0, 100));
    clock = START + 23 * HOUR;
    const young = await start(team);
    // A staging file whose row never came (a process stopped between the two), old, and one just made.
    const dir = teamFileDirOf(server.dataDir);
    const orphan = `.upload-${'a'.repeat(32)}`;
    const fresh = `.upload-${'b'.repeat(32)}`;
    await fs.writeFile(path.join(dir, orphan), 'x');
    await fs.writeFile(path.join(dir, fresh), 'x');
    const old = new Date(START - HOUR);
    await fs.utimes(path.join(dir, orphan), old, old);
    const files = await uploadThroughCalls(server, school, team, 'report', report, 'r.pdf');
    expect(files.statusCode, files.body).toBe(200);

    clock = START + 24 * HOUR + 1;
    const removed = await sweepTeamUploads({ db: server.db, dataDir: server.dataDir, now: () => new Date(clock) });
    // Other tests' uploads, begun at START, have expired with it.
    expect(removed).toEqual(expect.arrayContaining([stale.uploadId, 'a'.repeat(32)]));
    expect(removed).not.toContain(young.uploadId);
    expect(removed).not.toContain('b'.repeat(32));
    const left = await stagingNames();
    expect(left).toContain(`.upload-${young.uploadId}`);
    expect(left).toContain(fresh);
    expect(left).not.toContain(`.upload-${stale.uploadId}`);
    expect(left).not.toContain(orphan);
    expect(await storedOfCount(team)).toBe(1);
    expect((await uploadStatusOf(server, school, team, young.uploadId)).statusCode).toBe(200);
    await fs.rm(path.join(dir, fresh));
  });
});
