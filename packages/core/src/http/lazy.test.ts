import { describe, expect, it, vi } from 'vitest';
import { api } from '../contract';
import type { BusinessFailure, HttpClient } from './client';
import { CLIENT_NOT_LOADED_MESSAGE, lazyHttpClient } from './lazy';

const loaded: HttpClient = {
  call: async () => ({ ok: true, status: 200, data: {} as never, headers: {} }),
  download: async () => ({ ok: true, status: 200, data: new Blob(['bytes']), headers: {} }),
};

describe('lazyHttpClient', () => {
  it('loads the client with the first call only', async () => {
    const load = vi.fn(async () => loaded);
    const http = lazyHttpClient(load);
    expect(load).not.toHaveBeenCalled();
    await Promise.all([http.call(api.uc.publicKey), http.call(api.uc.publicKey)]);
    await http.call(api.uc.publicKey);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('resolves a failed load as a failed call, tells of it, and loads again on the next call', async () => {
    const load = vi.fn<() => Promise<HttpClient>>().mockRejectedValueOnce(new Error('chunk')).mockResolvedValue(loaded);
    const failures: BusinessFailure[] = [];
    const http = lazyHttpClient(load, { onBusinessError: (failure) => failures.push(failure) });

    await expect(http.call(api.uc.publicKey)).resolves.toEqual({
      ok: false,
      status: 0,
      message: CLIENT_NOT_LOADED_MESSAGE,
      network: true,
    });
    expect(failures).toEqual([
      { status: 0, message: CLIENT_NOT_LOADED_MESSAGE, path: api.uc.publicKey.path, access: api.uc.publicKey.access },
    ]);
    await expect(http.call(api.uc.publicKey)).resolves.toMatchObject({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a lazy download', () => {
  it('goes through the loaded client, and answers a failed load as a failed call', async () => {
    const load = vi.fn<() => Promise<HttpClient>>().mockRejectedValueOnce(new Error('chunk')).mockResolvedValue(loaded);
    const http = lazyHttpClient(load);
    const call = api.matchRegistration.file;
    expect(await http.download(call, { params: { id: '1', fileId: '2' } })).toMatchObject({ ok: false, status: 0 });
    const result = await http.download(call, { params: { id: '1', fileId: '2' } });
    expect(result.ok && (await result.data.text())).toBe('bytes');
  });
});
