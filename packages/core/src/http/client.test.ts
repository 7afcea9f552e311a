// @vitest-environment jsdom
// In a browser environment axios sends through XMLHttpRequest and reads the anti-forgery cookie itself: the
// path the apps take. msw/node intercepts XMLHttpRequest as well and checks each request against the contract.
import { getAdapter } from 'axios';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../contract';
import {
  assertNoRefusedRequests,
  imageFixture,
  imageSearchHandler,
  mockCall,
  mockList,
  takeRefusedRequests,
} from '../testing/handlers';
import {
  ABORTED_MESSAGE,
  createHttpClient,
  createHttpInstance,
  HttpFailure,
  httpClientOver,
  NETWORK_ERROR_MESSAGE,
} from './client';

const seen: Request[] = [];
const server = setupServer();
server.events.on('request:start', ({ request }) => {
  seen.push(request.clone());
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting the anti-forgery cookie
  document.cookie = 'XSRF-TOKEN=abc%20123; path=/';
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  assertNoRefusedRequests();
});
afterAll(() => server.close());

const HOST = 'http://portal.test';
const SETTINGS = {
  hotline: '',
  copyright: '',
  icpNumber: '',
  icpLink: '',
  publicSecurityNumber: '',
  publicSecurityLink: '',
  sponsor: '',
  certificationUrl: '',
  logoImage: '',
};

describe('the http client', () => {
  it('prefixes the call’s path with the main host and answers with the envelope’s data', async () => {
    server.use(imageSearchHandler([imageFixture({ belongSortid: 2 }), imageFixture({ belongSortid: 3 })]));
    const client = createHttpClient({ hosts: { main: HOST } });
    const result = await client.call(api.img.search, {
      query: { pageNum: 1, pageSize: 999 },
      body: { belongSortid: 2, isOpen: 1 },
    });
    expect(result.ok && result.data.seachList.map((item) => item.belongSortid)).toEqual([2]);
    expect(seen[0]?.url).toBe(`${HOST}/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999`);
  });

  it('sends account-centre calls to the account-centre host when one is configured, else to the main host', async () => {
    server.use(
      mockCall(api.uc.sendCode, () => ({ cooldownSeconds: 60 })),
      mockCall(api.site.settings, () => SETTINGS),
    );
    await createHttpClient({ hosts: { main: HOST, uc: 'https://uc.partner.test' } }).call(api.uc.sendCode, {
      body: { phone: '13800000000' },
    });
    await createHttpClient({ hosts: { main: HOST } }).call(api.uc.sendCode, { body: { phone: '13800000000' } });
    expect(seen.map((request) => new URL(request.url).origin)).toEqual(['https://uc.partner.test', HOST]);
  });

  it('sends the cookies with every request', async () => {
    server.use(mockCall(api.site.settings, () => SETTINGS));
    await createHttpClient().call(api.site.settings);
    expect(seen[0]?.credentials).toBe('include');
  });

  it('sends the anti-forgery header from the cookie on non-GET calls to its own site only', async () => {
    server.use(
      imageSearchHandler([]),
      mockCall(api.site.settings, () => SETTINGS),
    );
    const client = createHttpClient();
    await client.call(api.img.search, { body: {} });
    await client.call(api.site.settings);
    expect(seen[0]?.headers.get('x-xsrf-token')).toBe('abc 123');
    expect(seen[1]?.headers.get('x-xsrf-token')).toBeNull();
  });

  it('sends it on a GET the contract marks as state-changing, with the console header', async () => {
    server.use(mockCall(api.img.delete, () => ({ id: 3 })));
    const client = createHttpClient({ console: true });
    await client.call(api.img.delete, { query: { id: 3 } });
    expect(seen[0]?.headers.get('x-xsrf-token')).toBe('abc 123');
    expect(seen[0]?.headers.get('x-lianmeng-console')).toBe('1');
  });

  it('never sends the anti-forgery token to another origin, and the token only on card-holder calls', async () => {
    server.use(
      mockCall(api.uc.ssoCode, () => ({ url: 'https://partner.test/back?token=code' })),
      imageSearchHandler([]),
    );
    const client = createHttpClient({ hosts: { uc: 'https://uc.partner.test' }, getToken: () => 'tok' });
    await client.call(api.uc.ssoCode, { body: { ssoReturn: 'https://partner.test/back' } });
    await client.call(api.img.search, { body: {} });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers.get('x-xsrf-token')).toBeNull();
    expect(seen[0]?.headers.get('authorization')).toBe('tok');
    expect(seen[1]?.headers.get('authorization')).toBeNull();
  });

  it('cleans query, JSON and form parameters when asked to', async () => {
    server.use(
      imageSearchHandler([]),
      mockCall(api.uc.sendCode, () => ({ cooldownSeconds: 60 })),
    );
    const client = createHttpClient({ hosts: { main: HOST }, cleanParameters: true });
    await client.call(api.img.search, {
      query: { pageNum: 'null', pageSize: ' 9 9 ' },
      body: { photoTitle: ' a b ', isOpen: 1 },
    });
    await client.call(api.uc.sendCode, { body: { phone: ' 138 0000 0000 ' } });
    expect(seen[0]?.url).toBe(`${HOST}/lianmeng/img/imageMsgSearch?pageSize=99`);
    expect(await seen[0]?.json()).toEqual({ photoTitle: 'ab', isOpen: 1 });
    expect(seen[1]?.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(await seen[1]?.text()).toBe('phone=13800000000');
  });

  it('sends console bodies as typed when cleaning is off', async () => {
    server.use(mockCall(api.img.insert, () => imageFixture()));
    const client = createHttpClient({ hosts: { main: HOST } });
    await client.call(api.img.insert, {
      body: { photoTitle: '两个 空格', belongSortid: 3, photoAddress: 'https://a.test/x.png' },
    });
    expect(await seen[0]?.json()).toMatchObject({ photoTitle: '两个 空格' });
  });

  it('treats any body whose status is not 200 as a business error, whatever the HTTP status', async () => {
    server.use(
      http.post('*/lianmeng/img/imageMsgSearch', () =>
        HttpResponse.json({ status: 403, message: '没有权限' }, { status: 200 }),
      ),
    );
    const onBusinessError = vi.fn();
    const client = createHttpClient({ onBusinessError });
    const result = await client.call(api.img.search, { body: {} });
    expect(result).toEqual({ ok: false, status: 403, message: '没有权限', network: false });
    expect(onBusinessError).toHaveBeenCalledWith({
      status: 403,
      message: '没有权限',
      path: api.img.search.path,
      access: api.img.search.access,
    });
  });

  it('passes a failure with HTTP 401 on as its body’s message', async () => {
    server.use(
      http.get('*/api/uc/user/info', () => HttpResponse.json({ status: 401, message: '登录已过期' }, { status: 401 })),
    );
    const client = createHttpClient({ hosts: { uc: HOST } });
    expect(await client.call(api.uc.info)).toMatchObject({ ok: false, status: 401, message: '登录已过期' });
  });

  it('delivers a network failure as a value carrying its message, never a rejection', async () => {
    server.use(http.post('*/lianmeng/img/imageMsgSearch', () => HttpResponse.error()));
    const onBusinessError = vi.fn();
    const client = createHttpClient({ onBusinessError });
    const result = await client.call(api.img.search, { body: {} });
    expect(result).toEqual({ ok: false, status: 0, message: NETWORK_ERROR_MESSAGE, network: true });
    expect(onBusinessError).toHaveBeenCalledTimes(1);
  });

  it('delivers an aborted call as a value saying so', async () => {
    server.use(mockCall(api.site.settings, () => SETTINGS));
    const controller = new AbortController();
    controller.abort();
    const result = await createHttpClient().call(api.site.settings, { signal: controller.signal });
    expect(result).toEqual({ ok: false, status: 0, message: ABORTED_MESSAGE, network: true });
  });

  it('reports a body that is not an envelope instead of trusting it', async () => {
    server.use(http.get('*/api/site/settings', () => new HttpResponse('<html>proxy error</html>', { status: 502 })));
    const client = createHttpClient();
    expect(await client.call(api.site.settings)).toMatchObject({ ok: false, status: 502 });
  });

  it('reports the upload’s progress through onUploadProgress', async () => {
    server.use(
      mockCall(api.img.upload, () => ({
        photoAddress: '/uploads/a.png',
        smallPhotoAddress: '/uploads/a-small.png',
        width: 1,
        height: 1,
      })),
    );
    const body = new FormData();
    body.append('file', new File(['png'], 'a.png', { type: 'image/png' }));
    const progress: number[] = [];
    const result = await createHttpClient({ console: true }).call(api.img.upload, {
      body,
      onUploadProgress: (percent) => progress.push(percent),
    });
    expect(result.ok).toBe(true);
    expect(progress.at(-1)).toBe(100);
  });

  it('gives the headers of a successful answer, a list’s Content-Range among them', async () => {
    server.use(mockList(api.consoleApi.auditList, () => ({ rows: [], total: 41 })));
    const result = await createHttpClient({ console: true }).call(api.consoleApi.auditList, {
      query: { range: '[0,9]' },
    });
    expect(result.ok && result.headers['content-range']).toBe('audit 0-0/41');
  });
});

describe('the axios instance under the client', () => {
  it('unwraps the envelope of a request made outside the contract, and rejects a refusal as an HttpFailure', async () => {
    server.use(
      http.get('*/lianmeng/api/things', () => HttpResponse.json({ status: 200, message: '操作成功', data: [1, 2] })),
      http.put('*/lianmeng/api/things/1', () => HttpResponse.json({ status: 409, message: '已被修改' })),
    );
    const onBusinessError = vi.fn();
    const instance = createHttpInstance({ onBusinessError });
    expect((await instance.get('/lianmeng/api/things')).data).toEqual([1, 2]);
    const refused = instance.put('/lianmeng/api/things/1', {});
    await expect(refused).rejects.toBeInstanceOf(HttpFailure);
    await expect(refused).rejects.toMatchObject({ status: 409, message: '已被修改', network: false });
    expect(seen[1]?.headers.get('x-xsrf-token')).toBe('abc 123');
    // The error modal hears of contract calls only; a plain request's caller handles its own failure.
    expect(onBusinessError).not.toHaveBeenCalled();
  });

  it('is the one the typed calls go through', async () => {
    server.use(mockCall(api.site.settings, () => SETTINGS));
    const instance = createHttpInstance();
    const seenByInterceptor: string[] = [];
    instance.interceptors.request.use((config) => {
      seenByInterceptor.push(config.url ?? '');
      return config;
    });
    await httpClientOver(instance).call(api.site.settings);
    expect(seenByInterceptor).toEqual([api.site.settings.path]);
  });

  it('sends through XMLHttpRequest here, where the contract’s mocks still check every request', async () => {
    server.use(mockCall(api.img.insert, () => imageFixture()));
    const sent: string[] = [];
    const instance = createHttpInstance();
    instance.interceptors.request.use((config) => {
      sent.push((getAdapter(config.adapter, config) as { adapterName?: string }).adapterName ?? '');
      return config;
    });
    // A sort the contract does not know, sent past the types as an app with a bug would.
    const body = { belongSortid: 7, photoTitle: '标题', photoAddress: '/uploads/a.png' } as never;
    const result = await httpClientOver(instance).call(api.img.insert, { body });
    expect(sent).toEqual(['xhr']);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(takeRefusedRequests()).toEqual([expect.stringContaining('belongSortid')]);
  });
});
