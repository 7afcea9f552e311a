import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TeamFileKind } from '@lianmeng/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';
import {
  buildOpenEvent,
  buildRegistrationWorld,
  callAs,
  countRows,
  HOUR,
  OPERATOR,
  ORGANISED,
  type RegistrationWorld,
  START,
  teamAudits,
  WORKBENCH,
} from './registrationTestKit';
import { teamFileDirOf } from './teamFileStore';
import { countUploads, finishUpload, sendPiece, startUpload, uploadThroughCalls } from './teamUploadTestKit';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixtures: Record<string, Buffer> = {};
const fixture = (name: string) => {
  const bytes = fixtures[name];
  if (!bytes) throw new Error(`no fixture ${name}`);
  return bytes;
};

let clock = START;
let server: TestServer;
let world: RegistrationWorld;
let event: Awaited<ReturnType<typeof buildOpenEvent>>;

beforeAll(async () => {
  for (const name of await fs.readdir(FIXTURES)) fixtures[name] = await fs.readFile(path.join(FIXTURES, name));
  server = await createTestServer({}, () => new Date(clock));
  world = await buildRegistrationWorld(server);
});
afterAll(() => server.close());
beforeEach(() => {
  clock = START;
});

/** An attachment sent through the resumable calls in pieces (8 MB unless told); the first refusal or the finish. */
const upload = async (
  teamId: number,
  kind: TeamFileKind | string,
  content: Buffer,
  fileName: string,
  options: { cardNo?: string; pieceBytes?: number } = {},
) => uploadThroughCalls(server, options.cardNo ?? world.accounts.schoolA, teamId, kind, content, fileName, options);

let teamCounter = 0;
/**
 * A draft of school A for the item that asks for every attachment (1–2 members), in an event of its own (a
 * pupil is in one team per item).
 */
const newTeam = async (cardNo = world.accounts.schoolA, members = [world.pupilsOfA[0]?.cardNo ?? '']) => {
  teamCounter += 1;
  event = await buildOpenEvent(server, world);
  const response = await callAs(server, cardNo, 'POST', `${WORKBENCH}/teams`, {
    itemId: event.withFiles,
    name: `附件队${teamCounter}`,
    coach: '张老师',
    members,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
};

/** Every file in the team-files directory, temporary ones included. */
const storedFiles = async () => fs.readdir(teamFileDirOf(server.dataDir)).catch(() => [] as string[]);
const fileRows = (teamId: number) =>
  server.db.kysely.selectFrom('matchTeamFile').selectAll().where('teamId', '=', teamId).orderBy('id').execute();

/** What a refused upload must leave alone: the rows and the directory as they were. */
const expectNothingKept = async (before: { rows: number; files: string[] }) => {
  expect(await countRows(server, 'matchTeamFile')).toBe(before.rows);
  expect((await storedFiles()).sort()).toEqual(before.files.sort());
};
const stateNow = async () => ({ rows: await countRows(server, 'matchTeamFile'), files: await storedFiles() });

describe('uploading a team’s attachments', () => {
  it('judges each kind by its bytes, whatever the name sent says, and keeps it on disk by a random name', async () => {
    const team = await newTeam();
    const cases = [
      {
        kind: 'report',
        file: 'report.pdf',
        sent: '设计报告.jpg',
        as: 'application/pdf',
        name: '设计报告.pdf',
      },
      {
        kind: 'photo',
        file: 'photo.jpg',
        sent: '调试现场.pdf',
        as: 'image/jpeg',
        name: '调试现场.jpg',
      },
      {
        kind: 'photo',
        file: 'photo.png',
        sent: 'C:\\相册\\合影',
        as: 'image/png',
        name: '合影.png',
      },
      {
        kind: 'video',
        file: 'video-2s-faststart.mp4',
        sent: '演示.pdf',
        as: 'video/mp4',
        name: '演示.mp4',
      },
    ] as const;
    for (const entry of cases) {
      const response = await upload(team, entry.kind, fixture(entry.file), entry.sent);
      expect(response.statusCode, response.body).toBe(200);
      const files = response.json().data.files as { kind: string; contentType: string; fileName: string }[];
      expect(files.at(-1) ?? files.find((file) => file.fileName === entry.name)).toBeDefined();
      expect(files.find((file) => file.fileName === entry.name)).toMatchObject({
        kind: entry.kind,
        contentType: entry.as,
      });
    }
    const rows = await fileRows(team);
    expect(rows.map((row) => [row.kind, row.durationSeconds])).toEqual([
      ['report', null],
      ['photo', null],
      ['photo', null],
      ['video', 2],
    ]);
    for (const row of rows) {
      expect(row.storedName).toMatch(/^[0-9a-f]{32}\.(pdf|jpg|png|mp4)$/);
      const onDisk = await fs.readFile(path.join(teamFileDirOf(server.dataDir), row.storedName));
      expect(onDisk.length).toBe(Number(row.size));
      const { createHash } = await import('node:crypto');
      expect(createHash('sha256').update(onDisk).digest('hex')).toBe(row.sha256);
    }
    // Audited without any of the bytes.
    const audits = (await teamAudits(server, team)).filter((entry) => entry.action === 'upload');
    expect(audits).toHaveLength(4);
    expect(JSON.parse(audits[3]?.detail ?? '{}')).toMatchObject({ kind: 'video', durationSeconds: 2, result: 'ok' });
    expect(audits.every((entry) => entry.detail.length < 1000)).toBe(true);
  });

  it('takes a MOV and a video whose movie box comes last', async () => {
    const team = await newTeam();
    const mov = await upload(team, 'video', fixture('video-2s.mov'), 'clip.mp4');
    expect(mov.statusCode, mov.body).toBe(200);
    expect(mov.json().data.files[0]).toMatchObject({ contentType: 'video/quicktime', fileName: 'clip.mov' });
    const other = await newTeam();
    const late = await upload(other, 'video', fixture('video-2s-moov-at-end.mp4'), 'late.mp4');
    expect(late.statusCode, late.body).toBe(200);
  });

  it('refuses the wrong kind by its bytes, both ways round, and keeps nothing', async () => {
    const team = await newTeam();
    const before = await stateNow();
    const refused = [
      ['report', 'video-2s-faststart.mp4', 'report.pdf', '设计报告只能是 PDF'],
      ['video', 'report.pdf', 'clip.mp4', '视频只能是 MP4 或 MOV'],
      ['photo', 'report.pdf', 'photo.jpg', '照片只能是 JPEG 或 PNG'],
      ['video', 'audio-only.m4a', 'clip.mp4', '没有视频画面'],
      ['video', 'video-2s-fragmented.mp4', 'clip.mp4', '无法读取视频时长'],
    ] as const;
    for (const [kind, file, sent, message] of refused) {
      const response = await upload(team, kind, fixture(file), sent);
      expect(response.statusCode, `${kind} ${file}`).toBe(400);
      expect(response.json().message).toContain(message);
    }
    // A photo that only starts like one: a JPEG cut in half, a PNG signature before garbage.
    const jpeg = fixture('photo.jpg');
    for (const broken of [
      jpeg.subarray(0, jpeg.length / 2),
      Buffer.concat([fixture('photo.png').subarray(0, 16), randomBytes(500)]),
    ]) {
      const response = await upload(team, 'photo', broken, 'photo.jpg');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('照片无法解码');
    }
    const pdf = fixture('report.pdf');
    const cut = await upload(team, 'report', pdf.subarray(0, pdf.length - 200), 'report.pdf');
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toContain('PDF 文件不完整');
    const empty = await upload(team, 'report', Buffer.alloc(0), 'report.pdf');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('文件是空的');
    await expectNothingKept(before);
  });

  it('refuses a video over 3 minutes and takes one of exactly 3', async () => {
    const team = await newTeam();
    const before = await stateNow();
    const long = await upload(team, 'video', fixture('video-181s.mp4'), 'long.mp4');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('视频时长 181 秒，超过 3 分钟的上限');
    await expectNothingKept(before);
    const exact = await upload(team, 'video', fixture('video-180s.mp4'), 'exact.mp4');
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().data.files[0].durationSeconds).toBe(180);
  });

  it('answers a crafted video whose boxes loop or overflow with a quick 400', async () => {
    const team = await newTeam();
    const before = await stateNow();
    const box = (type: string, body: Buffer, size = 8 + body.length) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(size);
      head.write(type, 4, 'latin1');
      return Buffer.concat([head, body]);
    };
    const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isommp41', 'latin1'));
    const crafted = [
      // A box claiming fewer bytes than its own header: a walk that trusted it would never move on.
      Buffer.concat([ftyp, box('free', Buffer.alloc(0), 0x4), box('mdat', Buffer.alloc(64))]),
      // A 64-bit size far past the end of the file.
      Buffer.concat([ftyp, Buffer.from([0, 0, 0, 1]), Buffer.from('mdat'), Buffer.from('7fffffffffffffff', 'hex')]),
      // Tens of thousands of empty boxes.
      Buffer.concat([ftyp, ...Array.from({ length: 20_000 }, () => box('free', Buffer.alloc(0)))]),
      // A movie box whose first child runs past it.
      Buffer.concat([ftyp, box('moov', box('mvhd', Buffer.alloc(8), 0xffff)), box('mdat', Buffer.alloc(8))]),
    ];
    for (const bytes of crafted) {
      const started = performance.now();
      const response = await upload(team, 'video', bytes, 'crafted.mp4');
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe('视频文件结构有误或不完整，无法读取');
      expect(performance.now() - started).toBeLessThan(2000);
    }
    await expectNothingKept(before);
  });

  it('refuses a file over the kind’s size with 413 and keeps nothing', async () => {
    const team = await newTeam();
    const before = await stateNow();
    const jpeg = fixture('photo.jpg');
    const oversized = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1 - jpeg.length)]);
    const response = await upload(team, 'photo', oversized, 'big.jpg');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 413, message: '照片不能超过 10 MB' });
    await expectNothingKept(before);
    // A file exactly at the limit is read whole (and then judged by its bytes).
    const atLimit = await upload(team, 'photo', oversized.subarray(0, 10 * 1024 * 1024), 'big.jpg');
    expect(atLimit.statusCode, atLimit.body).toBe(200);
  });

  it('keeps to the counts: one report, one video, at most five photos; a kind the item does not ask for is refused', async () => {
    const team = await newTeam();
    for (let n = 0; n < 5; n += 1)
      expect((await upload(team, 'photo', fixture('photo.png'), `p${n}.png`)).statusCode).toBe(200);
    const before = await stateNow();
    const sixth = await upload(team, 'photo', fixture('photo.png'), 'p6.png');
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe('照片最多 5 张，请先删除不需要的再上传');
    expect((await upload(team, 'report', fixture('report.pdf'), 'r.pdf')).statusCode).toBe(200);
    const second = await upload(team, 'report', fixture('report.pdf'), 'r2.pdf');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain('请先删除已上传的设计报告');
    expect((await upload(team, 'video', fixture('video-2s.mov'), 'v.mov')).statusCode).toBe(200);
    expect((await upload(team, 'video', fixture('video-2s.mov'), 'v.mov')).statusCode).toBe(409);
    await expectNothingKept({ rows: before.rows + 2, files: await storedFiles() });

    // The plain item asks for no attachment at all.
    const plain = await callAs(server, world.accounts.schoolA, 'POST', `${WORKBENCH}/teams`, {
      itemId: event.plain,
      name: '无附件队',
      coach: '张老师',
      members: [world.pupilsOfA[1]?.cardNo, world.pupilsOfA[2]?.cardNo],
    });
    const plainId = plain.json().data.id as number;
    const notAsked = await upload(plainId, 'report', fixture('report.pdf'), 'r.pdf');
    expect(notAsked.statusCode).toBe(400);
    expect(notAsked.json().message).toBe('该项目不需要上传设计报告');
    const unknownKind = await upload(plainId, 'music', fixture('report.pdf'), 'r.pdf');
    expect(unknownKind.statusCode).toBe(400);
  });

  it('refuses another institution’s team as not found, storing nothing', async () => {
    const team = await newTeam();
    const before = await stateNow();
    const response = await upload(team, 'report', fixture('report.pdf'), 'r.pdf', { cardNo: world.accounts.schoolB });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('未找到该队伍');
    expect((await upload(999_999, 'report', fixture('report.pdf'), 'r.pdf')).statusCode).toBe(404);
    await expectNothingKept(before);
  });

  it('refuses an upload once the window has closed, also one that was still arriving at the close', async () => {
    const team = await newTeam();
    const before = await stateNow();
    clock = START + 2 * HOUR;
    const late = await upload(team, 'report', fixture('report.pdf'), 'r.pdf');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('截止');
    await expectNothingKept(before);

    // Begun while open, the window closes while the pieces arrive: judged again at the finish, on the server's
    // clock, and the bytes that came are removed.
    clock = START;
    const video = fixture('video-2s-faststart.mp4');
    const started = await startUpload(server, world.accounts.schoolA, team, {
      kind: 'video',
      fileName: 'v.mp4',
      size: video.length,
    });
    const { uploadId } = started.json().data as { uploadId: string };
    const halfway = Math.floor(video.length / 2);
    expect(
      (await sendPiece(server, world.accounts.schoolA, team, uploadId, 0, video.subarray(0, halfway))).statusCode,
    ).toBe(200);
    clock = START + HOUR;
    const rest = await sendPiece(server, world.accounts.schoolA, team, uploadId, halfway, video.subarray(halfway));
    expect(rest.statusCode, rest.body).toBe(200);
    const response = await finishUpload(server, world.accounts.schoolA, team, uploadId);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toContain('截止');
    await expectNothingKept(before);
    expect(await countUploads(server)).toBe(0);
  });
});

describe('removing an attachment', () => {
  it('removes the row and the file, audits, and is refused once the window has closed', async () => {
    const team = await newTeam();
    const uploaded = await upload(team, 'photo', fixture('photo.png'), 'a.png');
    const fileId = uploaded.json().data.files[0].id as number;
    const [row] = await fileRows(team);
    const kept = await upload(team, 'photo', fixture('photo.png'), 'b.png');
    const keptId = kept.json().data.files[1].id as number;
    const removed = await callAs(
      server,
      world.accounts.schoolA,
      'DELETE',
      `${WORKBENCH}/teams/${team}/files/${fileId}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.files.map((file: { id: number }) => file.id)).toEqual([keptId]);
    expect(await storedFiles()).not.toContain(row?.storedName);
    expect((await teamAudits(server, team)).map((entry) => entry.action)).toContain('delete');

    const again = await callAs(server, world.accounts.schoolA, 'DELETE', `${WORKBENCH}/teams/${team}/files/${fileId}`);
    expect(again.statusCode).toBe(404);
    const stranger = await callAs(
      server,
      world.accounts.schoolB,
      'DELETE',
      `${WORKBENCH}/teams/${team}/files/${keptId}`,
    );
    expect(stranger.statusCode).toBe(404);
    clock = START + 2 * HOUR;
    const late = await callAs(server, world.accounts.schoolA, 'DELETE', `${WORKBENCH}/teams/${team}/files/${keptId}`);
    expect(late.statusCode).toBe(409);
    expect(await fileRows(team)).toHaveLength(1);
  });
});

describe('downloading an attachment', () => {
  /** A complete team of school A, submitted, with a report, two photos and the video. */
  const submittedTeam = async () => {
    const team = await newTeam();
    await upload(team, 'report', fixture('report.pdf'), '设计报告 (终稿).pdf');
    await upload(team, 'photo', fixture('photo.jpg'), 'a.jpg');
    await upload(team, 'photo', fixture('photo.png'), 'b.png');
    const last = await upload(team, 'video', fixture('video-2s-moov-at-end.mp4'), '比赛视频.mp4');
    const submitted = await callAs(server, world.accounts.schoolA, 'POST', `${WORKBENCH}/teams/${team}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const files = last.json().data.files as { id: number; kind: string }[];
    // The first file of each kind (the JPEG of the two photos).
    const firstOf = Object.fromEntries([...files].reverse().map((file) => [file.kind, file.id]));
    return { team, files: firstOf as Record<TeamFileKind, number> };
  };

  it('hands its institution the bytes as a download, never sniffed or cached, with its name in UTF-8', async () => {
    const { team, files } = await submittedTeam();
    const response = await callAs(
      server,
      world.accounts.schoolA,
      'GET',
      `${WORKBENCH}/teams/${team}/files/${files.report}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(fixture('report.pdf'))).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="_ (_).pdf"; filename*=UTF-8''%E8%AE%BE%E8%AE%A1%E6%8A%A5%E5%91%8A%20%28%E7%BB%88%E7%A8%BF%29.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'accept-ranges': 'bytes',
      'content-length': String(fixture('report.pdf').length),
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    // Another institution, and a file of another team, are not found, in the JSON envelope.
    const stranger = await callAs(
      server,
      world.accounts.schoolB,
      'GET',
      `${WORKBENCH}/teams/${team}/files/${files.report}`,
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ status: 404, message: '未找到该队伍' });
    const other = await newTeam();
    const wrongTeam = await callAs(
      server,
      world.accounts.schoolA,
      'GET',
      `${WORKBENCH}/teams/${other}/files/${files.report}`,
    );
    expect(wrongTeam.json()).toEqual({ status: 404, message: '未找到该附件' });
  });

  it('answers a Range request on the video with 206 and exactly those bytes, and 416 past the end', async () => {
    const { team, files } = await submittedTeam();
    const video = fixture('video-2s-moov-at-end.mp4');
    const url = `${WORKBENCH}/teams/${team}/files/${files.video}`;
    const token = await server.cardTokenFor(world.accounts.schoolA);
    const ranged = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: token, range: 'bytes=100-1099' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-1099/${video.length}`);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.rawPayload.equals(video.subarray(100, 1100))).toBe(true);
    const tail = await server.app.inject({ method: 'GET', url, headers: { authorization: token, range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);
    const open = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: token, range: 'bytes=2000-' },
    });
    expect(open.rawPayload.equals(video.subarray(2000))).toBe(true);
    const past = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: token, range: `bytes=${video.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${video.length}`);
    expect(past.json().status).toBe(416);
    const several = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: token, range: 'bytes=0-1,5-6' },
    });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.equals(video)).toBe(true);
  });

  it('lets the event’s organiser and operators have it, and nobody else', async () => {
    const { team, files } = await submittedTeam();
    const organiser = await callAs(
      server,
      world.accounts.organiser,
      'GET',
      `${ORGANISED}/teams/${team}/files/${files.photo}`,
    );
    expect(organiser.statusCode, organiser.body).toBe(200);
    expect(organiser.headers['content-type']).toBe('image/jpeg');
    const operator = await callAs(
      server,
      world.accounts.operator,
      'GET',
      `${OPERATOR}/teams/${team}/files/${files.video}`,
    );
    expect(operator.statusCode).toBe(200);
    expect(operator.rawPayload.equals(fixture('video-2s-moov-at-end.mp4'))).toBe(true);
    // School B organises nothing: the organiser's call finds no team of an event it does not organise.
    const notOrganiser = await callAs(
      server,
      world.accounts.schoolB,
      'GET',
      `${ORGANISED}/teams/${team}/files/${files.photo}`,
    );
    expect(notOrganiser.statusCode).toBe(404);
    // A pupil or a school account is not an operator.
    expect(
      (await callAs(server, world.accounts.schoolA, 'GET', `${OPERATOR}/teams/${team}/files/${files.photo}`))
        .statusCode,
    ).toBe(403);
    // A draft is the institution's own: no reviewer sees its files.
    const draft = await newTeam();
    const photo = await upload(draft, 'photo', fixture('photo.png'), 'd.png');
    const draftFile = photo.json().data.files[0].id as number;
    expect(
      (await callAs(server, world.accounts.operator, 'GET', `${OPERATOR}/teams/${draft}/files/${draftFile}`))
        .statusCode,
    ).toBe(404);
  });

  it('keeps an organiser of another event out', async () => {
    const { team, files } = await submittedTeam();
    const elsewhere = await buildOpenEvent(server, world, { organizerId: world.schoolB.id });
    expect(elsewhere.id).toBeGreaterThan(0);
    const response = await callAs(
      server,
      world.accounts.schoolB,
      'GET',
      `${ORGANISED}/teams/${team}/files/${files.report}`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('未找到该队伍');
  });
});
