// In Node over axios's fetch adapter (as the download tests): msw reads the raw bytes of each piece.
import { getAdapter } from 'axios';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../contract';
import { createHttpClient } from './client';
import { uploadResumable } from './uploadResumable';

const HOST = 'http://portal.test';
const BASE = `${HOST}/api/creditBank/institution/match/teams/:id/uploads`;
const UPLOAD_ID = 'ab'.repeat(16);
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ok = (data: unknown) => HttpResponse.json({ status: 200, message: '操作成功', data });
const refuse = (status: number, message: string) => HttpResponse.json({ status, message }, { status });
const client = () => createHttpClient({ hosts: { main: HOST }, adapter: getAdapter('fetch'), getToken: () => 't' });

/**
 * A server keeping one upload: the bytes it has, the pieces it saw, and hooks to fail a piece on purpose.
 * `chunkBytes` is small so a small file takes several pieces.
 */
const fakeServer = (size: number, options: { chunkBytes?: number; received?: number } = {}) => {
  const chunkBytes = options.chunkBytes ?? 4;
  const state = {
    bytes: new Uint8Array(size),
    received: options.received ?? 0,
    starts: 0,
    offsets: [] as number[],
    types: new Set<string>(),
    /** Called before a piece is taken: return a response to answer with instead. */
    before: (_offset: number): Response | undefined => undefined,
    finished: false,
  };
  const status = () => ({ kind: 'video', size, received: state.received, chunkBytes });
  server.use(
    http.post(BASE, () => {
      state.starts += 1;
      return ok({ uploadId: UPLOAD_ID, chunkBytes, received: 0 });
    }),
    http.get(`${BASE}/:uploadId`, () => ok(status())),
    http.put(`${BASE}/:uploadId`, async ({ request }) => {
      const offset = Number(new URL(request.url).searchParams.get('offset'));
      state.offsets.push(offset);
      state.types.add(request.headers.get('content-type') ?? '');
      const instead = state.before(offset);
      if (instead) return instead;
      if (offset !== state.received) return refuse(409, `上传位置有误：服务器已收到 ${state.received} 字节`);
      const piece = new Uint8Array(await request.arrayBuffer());
      state.bytes.set(piece, offset);
      state.received = offset + piece.length;
      return ok(status());
    }),
    http.post(`${BASE}/:uploadId/finish`, () => {
      state.finished = true;
      return ok({ id: 1, files: [] });
    }),
  );
  return state;
};

const fileOf = (size: number) =>
  Object.assign(new Blob([new Uint8Array(size).map((_, index) => (index * 7) % 256)]), { name: '比赛.mp4' });
const bytesOf = async (file: Blob) => new Uint8Array(await file.arrayBuffer());
const FAST = [1, 1, 1];

describe('a resumable upload from the client', () => {
  it('sends the pieces in order as raw bytes, with progress over the whole file, and finishes', async () => {
    const file = fileOf(10);
    const state = fakeServer(10);
    const progress: number[] = [];
    const ids: string[] = [];
    const result = await uploadResumable(client(), api.matchRegistration, {
      params: { id: '5' },
      file,
      kind: 'video',
      onProgress: (percent) => progress.push(percent),
      onUploadId: (id) => ids.push(id),
    });
    expect(result.ok).toBe(true);
    expect(state.offsets).toEqual([0, 4, 8]);
    expect([...state.types]).toEqual(['application/octet-stream']);
    expect(state.bytes).toEqual(await bytesOf(file));
    expect(state.finished).toBe(true);
    expect(ids).toEqual([UPLOAD_ID]);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('retries a piece that met no answer, from what the server then has, and the file arrives whole', async () => {
    const file = fileOf(12);
    const state = fakeServer(12);
    let dropped = 0;
    state.before = (offset) => {
      if (offset === 4 && dropped < 2) {
        dropped += 1;
        return HttpResponse.error();
      }
      return undefined;
    };
    const result = await uploadResumable(client(), api.matchRegistration, {
      params: { id: '5' },
      file,
      kind: 'video',
      retryDelaysMs: FAST,
    });
    expect(result.ok).toBe(true);
    expect(state.offsets).toEqual([0, 4, 4, 4, 8]);
    expect(state.bytes).toEqual(await bytesOf(file));
  });

  it('goes on from the server’s figure after a 409, and resumes a known upload without starting anew', async () => {
    const file = fileOf(12);
    const state = fakeServer(12, { received: 8 });
    // The server already has 8 bytes (a piece whose answer was lost arrived after all).
    const result = await uploadResumable(client(), api.matchRegistration, {
      params: { id: '5' },
      file,
      kind: 'video',
      uploadId: UPLOAD_ID,
      retryDelaysMs: FAST,
    });
    expect(result.ok).toBe(true);
    expect(state.starts).toBe(0);
    expect(state.offsets).toEqual([8]);

    const content = await bytesOf(file);
    const again = fakeServer(12);
    again.before = (offset) => {
      if (offset === 0 && again.received === 0) {
        // Another tab sent the first two pieces meanwhile.
        again.bytes.set(content.subarray(0, 8), 0);
        again.received = 8;
        return refuse(409, '上传位置有误');
      }
      return undefined;
    };
    const second = await uploadResumable(client(), api.matchRegistration, {
      params: { id: '5' },
      file,
      kind: 'video',
      retryDelaysMs: FAST,
    });
    expect(second.ok).toBe(true);
    expect(again.offsets).toEqual([0, 8]);
    expect(again.bytes).toEqual(content);
  });

  it('hands back the server’s refusal as it is: at the start, and once the retries are spent', async () => {
    server.use(http.post(BASE, () => refuse(413, '视频不能超过 200 MB')));
    const refused = await uploadResumable(client(), api.matchRegistration, {
      params: { id: '5' },
      file: fileOf(10),
      kind: 'video',
    });
    expect(refused).toEqual({ ok: false, status: 413, message: '视频不能超过 200 MB', network: false });

    server.resetHandlers();
    const state = fakeServer(10);
    state.before = (offset) => (offset === 4 ? HttpResponse.error() : undefined);
    const gaveUp = await uploadResumable(client(), api.matchRegistration, {
      params: { id: '5' },
      file: fileOf(10),
      kind: 'video',
      retryDelaysMs: FAST,
    });
    expect(gaveUp).toMatchObject({ ok: false, network: true });
    expect(state.offsets).toEqual([0, 4, 4, 4, 4]);
    expect(state.finished).toBe(false);

    server.resetHandlers();
    const bad = fakeServer(10);
    bad.before = () => refuse(400, '上传的内容超出了开始上传时声明的文件大小（10 字节）');
    const past = await uploadResumable(client(), api.matchRegistration, {
      params: { id: '5' },
      file: fileOf(10),
      kind: 'video',
    });
    expect(past).toMatchObject({ ok: false, status: 400, message: expect.stringContaining('超出') });
    expect(bad.offsets).toEqual([0]);
  });
});
