import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../contract';
import { createHttpClient } from '../http/client';
import { assertNoRefusedRequests, imageFixture, mockCall, takeRefusedRequests } from './handlers';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  takeRefusedRequests();
});
afterAll(() => server.close());

const HOST = 'http://console.test';
const client = createHttpClient({ hosts: { main: HOST } });

describe('mockCall checks requests as the server would', () => {
  it('answers a well-formed request from the resolver and records nothing', async () => {
    server.use(mockCall(api.img.insert, () => imageFixture({ id: 5 })));
    const result = await client.call(api.img.insert, {
      body: { belongSortid: 3, photoTitle: '合作伙伴', photoAddress: '/uploads/a.png' },
    });
    expect(result).toMatchObject({ ok: true, data: { id: 5 } });
    expect(() => assertNoRefusedRequests()).not.toThrow();
  });

  it('refuses a body the schema refuses with a 400, and the test check fails on it', async () => {
    let resolved = false;
    server.use(
      mockCall(api.img.insert, () => {
        resolved = true;
        return imageFixture();
      }),
    );
    // A sort the contract does not know, sent past the types as an app with a bug would.
    const body = { belongSortid: 7, photoTitle: '标题', photoAddress: '/uploads/a.png' } as never;
    const result = await client.call(api.img.insert, { body });
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(result.ok === false && result.message).toContain('belongSortid');
    expect(resolved).toBe(false);
    expect(() => assertNoRefusedRequests()).toThrow(/imageMsgInsert/);
    // The check forgets what it reported.
    expect(() => assertNoRefusedRequests()).not.toThrow();
  });

  it('refuses unknown body fields, a bad query and a bad path parameter', async () => {
    server.use(
      mockCall(api.img.insert, () => imageFixture()),
      mockCall(api.img.searchOne, () => imageFixture()),
      mockCall(api.consoleApi.articleOne, () => {
        throw new Error('must not be reached');
      }),
    );
    const extra = { belongSortid: 3, photoTitle: '标题', photoAddress: '/uploads/a.png', extra: 1 } as never;
    await client.call(api.img.insert, { body: extra });
    await client.call(api.img.searchOne, { query: { id: 'abc' } });
    await client.call(api.consoleApi.articleOne, { params: { id: '0' } });
    const refusals = takeRefusedRequests();
    expect(refusals).toHaveLength(3);
    expect(refusals[0]).toMatch(/请求内容有误：含有不认识的字段：extra/);
    expect(refusals[1]).toMatch(/查询参数有误：id/);
    expect(refusals[2]).toMatch(/路径参数有误：id/);
  });

  it('reads a form body the way the server does', async () => {
    server.use(mockCall(api.uc.sendCode, () => ({ cooldownSeconds: 60 })));
    expect(await client.call(api.uc.sendCode, { body: { phone: '13800000000' } })).toMatchObject({ ok: true });
    expect(takeRefusedRequests()).toEqual([]);
  });
});
