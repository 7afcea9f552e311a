// In Node (no jsdom): jsdom's Blob cannot carry a response body through msw's XMLHttpRequest interceptor, so
// these run over axios's fetch adapter, which hands a download over as the same Blob a browser's XHR does.
import { getAdapter } from 'axios';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../contract';
import { assertNoRefusedRequests, mockCall } from '../testing/handlers';
import { createHttpClient, type HttpClientOptions, NETWORK_ERROR_MESSAGE } from './client';

const seen: Request[] = [];
const server = setupServer();
server.events.on('request:start', ({ request }) => {
  seen.push(request.clone());
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  assertNoRefusedRequests();
});
afterAll(() => server.close());

const HOST = 'http://portal.test';
const clientOf = (options: HttpClientOptions = {}) =>
  createHttpClient({ hosts: { main: HOST }, adapter: getAdapter('fetch'), ...options });
/** Every attachment download of the three callers. */
const FILE_PATH = /\/files\/\d+$/;

describe('a download', () => {
  it('hands over the bytes as a Blob, with the headers and the progress', async () => {
    const bytes = new Uint8Array(4096).map((_, index) => index % 251);
    server.use(
      http.get(FILE_PATH, () =>
        HttpResponse.arrayBuffer(bytes.buffer, {
          headers: {
            'Content-Type': 'video/mp4',
            'Content-Length': String(bytes.length),
            'Content-Disposition': 'attachment; filename="a.mp4"; filename*=UTF-8\'\'%E8%A7%86%E9%A2%91.mp4',
          },
        }),
      ),
    );
    const progress: number[] = [];
    const client = clientOf({ getToken: () => 'token-1' });
    const result = await client.download(api.matchRegistration.file, {
      params: { id: '3', fileId: '9' },
      onDownloadProgress: (percent) => progress.push(percent),
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.data).toBeInstanceOf(Blob);
    expect(new Uint8Array(await result.data.arrayBuffer())).toEqual(bytes);
    expect(result.headers['content-type']).toBe('video/mp4');
    expect(progress.at(-1)).toBe(100);
    expect(seen[0]?.url).toBe(`${HOST}/api/creditBank/institution/match/teams/3/files/9`);
    expect(seen[0]?.headers.get('authorization')).toBe('token-1');
  });

  it('reads a refusal’s Chinese message from the envelope in the body', async () => {
    server.use(http.get(FILE_PATH, () => HttpResponse.json({ status: 404, message: '未找到该附件' }, { status: 404 })));
    const onBusinessError = vi.fn();
    const result = await clientOf({ onBusinessError }).download(api.matchReview.file, {
      params: { id: '1', fileId: '2' },
    });
    expect(result).toEqual({ ok: false, status: 404, message: '未找到该附件', network: false });
    expect(onBusinessError).toHaveBeenCalledWith(expect.objectContaining({ status: 404, message: '未找到该附件' }));
  });

  it('names the status when the refusal’s body is not the envelope, and a lost connection as the network', async () => {
    server.use(http.get(FILE_PATH, () => new HttpResponse('<html>bad gateway</html>', { status: 502 })));
    expect(await clientOf().download(api.matchOrganiser.file, { params: { id: '1', fileId: '2' } })).toEqual({
      ok: false,
      status: 502,
      message: '下载失败（502）',
      network: false,
    });
    server.use(http.get(FILE_PATH, () => HttpResponse.error()));
    expect(await clientOf().download(api.matchRegistration.file, { params: { id: '1', fileId: '2' } })).toEqual({
      ok: false,
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
      network: true,
    });
  });

  it('is answered by the contract’s mock with the bytes the resolver gives', async () => {
    server.use(mockCall(api.matchRegistration.file, () => new Blob(['%PDF-1.7'])));
    const result = await clientOf().download(api.matchRegistration.file, { params: { id: '1', fileId: '2' } });
    if (!result.ok) throw new Error(result.message);
    expect(await result.data.text()).toBe('%PDF-1.7');
  });
});
