import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../contract';
import { assertNoRefusedRequests, imageFixture, imageSearchHandler, mockCall } from '../testing/handlers';
import { createHttpClient, NETWORK_ERROR_MESSAGE } from './client';

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
const cookies = () => 'other=1; XSRF-TOKEN=abc%20123; more=2';

describe('the http client', () => {
  it('prefixes relative urls with the main host and reads data.seachList', async () => {
    server.use(imageSearchHandler([imageFixture({ belongSortid: 2 }), imageFixture({ belongSortid: 3 })]));
    const client = createHttpClient({ hosts: { main: HOST }, cookies });
    const result = await client.call(api.img.search, {
      query: { pageNum: 1, pageSize: 999 },
      body: { belongSortid: 2, isOpen: 1 },
    });
    expect(result.ok && result.data.seachList.map((item) => item.belongSortid)).toEqual([2]);
    expect(seen[0]?.url).toBe(`${HOST}/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999`);
  });

  it('sends the anti-forgery header from the cookie on non-GET calls only', async () => {
    server.use(
      imageSearchHandler([]),
      mockCall(api.site.settings, () => ({
        hotline: '',
        copyright: '',
        icpNumber: '',
        icpLink: '',
        publicSecurityNumber: '',
        publicSecurityLink: '',
        sponsor: '',
        certificationUrl: '',
        logoImage: '',
      })),
    );
    const client = createHttpClient({ hosts: { main: HOST }, cookies });
    await client.call(api.img.search, { body: {} });
    await client.call(api.site.settings);
    expect(seen[0]?.headers.get('x-xsrf-token')).toBe('abc 123');
    expect(seen[1]?.headers.get('x-xsrf-token')).toBeNull();
  });

  it('sends it on a GET the contract marks as state-changing, with the console header', async () => {
    server.use(mockCall(api.img.delete, () => ({ id: 3 })));
    const client = createHttpClient({ hosts: { main: HOST }, cookies, console: true });
    await client.call(api.img.delete, { query: { id: 3 } });
    expect(seen[0]?.headers.get('x-xsrf-token')).toBe('abc 123');
    expect(seen[0]?.headers.get('x-lianmeng-console')).toBe('1');
  });

  it('never sends the anti-forgery token to another origin', async () => {
    server.use(
      mockCall(api.sso.getUser, () => ({
        cardNo: '10000001',
        name: '',
        school: '',
        phone: '',
        operator: false,
        institution: false,
      })),
    );
    const client = createHttpClient({ hosts: { sso: 'https://sso.partner.test' }, cookies, getToken: () => 'tok' });
    await client.call(api.sso.getUser, { body: {} });
    expect(seen[0]?.headers.get('x-xsrf-token')).toBeNull();
    expect(seen[0]?.headers.get('authorization')).toBe('tok');
  });

  it('cleans query, JSON and form parameters when asked to', async () => {
    server.use(
      imageSearchHandler([]),
      mockCall(api.uc.sendCode, () => ({ cooldownSeconds: 60 })),
    );
    const client = createHttpClient({ hosts: { main: HOST }, cookies, cleanParameters: true });
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
    const client = createHttpClient({ hosts: { main: HOST }, cookies });
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
    const client = createHttpClient({ hosts: { main: HOST }, cookies, onBusinessError });
    const result = await client.call(api.img.search, { body: {} });
    expect(result).toEqual({ ok: false, status: 403, message: '没有权限', network: false });
    expect(onBusinessError).toHaveBeenCalledWith(expect.objectContaining({ status: 403, message: '没有权限' }));
  });

  it('passes a failure with HTTP 401 on as its body’s message', async () => {
    server.use(
      http.get('*/api/uc/user/info', () => HttpResponse.json({ status: 401, message: '登录已过期' }, { status: 401 })),
    );
    const client = createHttpClient({ hosts: { uc: HOST }, cookies });
    expect(await client.call(api.uc.info)).toMatchObject({ ok: false, status: 401, message: '登录已过期' });
  });

  it('delivers a network failure as a value carrying its message, never a rejection', async () => {
    server.use(http.post('*/lianmeng/img/imageMsgSearch', () => HttpResponse.error()));
    const onBusinessError = vi.fn();
    const client = createHttpClient({ hosts: { main: HOST }, cookies, onBusinessError });
    const result = await client.call(api.img.search, { body: {} });
    expect(result).toEqual({ ok: false, status: 0, message: NETWORK_ERROR_MESSAGE, network: true });
    expect(onBusinessError).toHaveBeenCalledTimes(1);
  });

  it('reports a body that is not an envelope instead of trusting it', async () => {
    server.use(http.get('*/api/site/settings', () => new HttpResponse('<html>proxy error</html>', { status: 502 })));
    const client = createHttpClient({ hosts: { main: HOST }, cookies });
    expect(await client.call(api.site.settings)).toMatchObject({ ok: false, status: 502 });
  });
});
