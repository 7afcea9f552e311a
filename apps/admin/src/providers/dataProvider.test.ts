import { api, HEADERS, IMAGE_SORT, type ImageMessage } from '@lianmeng/core';
import { failure, imageFixture, mockCall } from '@lianmeng/core/testing';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { HttpError } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from './dataProvider';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting the anti-forgery cookie
  document.cookie = 'XSRF-TOKEN=token-from-cookie; path=/';
});

let role: 'admin' | 'editor' | 'staff' = 'editor';
const provider = createDataProvider(() => role);

/** Records what each request carried. */
const seen: { url: string; headers: Headers; body: unknown }[] = [];
const remember = async (request: Request) => {
  const body =
    request.method === 'GET'
      ? undefined
      : await request
          .clone()
          .json()
          .catch(() => undefined);
  seen.push({ url: request.url, headers: request.headers, body });
};
beforeEach(() => {
  seen.length = 0;
  role = 'editor';
});

describe('the image resources', () => {
  it('lists a sort through imageMsgSearch with paging, the open filter and the title search', async () => {
    const banner = imageFixture({ belongSortid: IMAGE_SORT.banner, photoTitle: '年度大会' });
    server.use(
      mockCall(api.img.search, async ({ request }) => {
        await remember(request);
        return { seachList: [banner], total: 31, pageNum: 2, pageSize: 10 };
      }),
    );
    const result = await provider.getList('banners', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: { isOpen: 1, photoTitle: ' 大会 ' },
    });
    expect(result).toEqual({ data: [banner], total: 31 });
    const [request] = seen;
    const url = new URL(request?.url ?? '');
    expect(url.searchParams.get('pageNum')).toBe('2');
    expect(url.searchParams.get('pageSize')).toBe('10');
    expect(request?.body).toEqual({ belongSortid: 2, isOpen: 1, photoTitle: '大会' });
    expect(request?.headers.get(HEADERS.console)).toBe('1');
    expect(request?.headers.get(HEADERS.xsrf)).toBe('token-from-cookie');
  });

  it('sends partners to sort 3', async () => {
    server.use(
      mockCall(api.img.search, async ({ request }) => {
        await remember(request);
        return { seachList: [], total: 0, pageNum: 1, pageSize: 10 };
      }),
    );
    await provider.getList('partners', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(seen[0]?.body).toEqual({ belongSortid: 3 });
  });

  it('updates everything an editor changed, but only id and isOpen for staff', async () => {
    const image = imageFixture({ id: 7 });
    server.use(
      mockCall(api.img.update, async ({ request }) => {
        await remember(request);
        return { ...image, isOpen: 0 as const };
      }),
    );
    const data = { ...image, isOpen: 0, photoTitle: '新标题' };
    await provider.update('partners', { id: 7, data, previousData: image });
    expect(seen[0]?.body).toMatchObject({ id: 7, isOpen: 0, photoTitle: '新标题' });
    expect(seen[0]?.body).not.toHaveProperty('createTime');
    role = 'staff';
    await provider.update('partners', { id: 7, data, previousData: image });
    expect(seen[1]?.body).toEqual({ id: 7, isOpen: 0 });
  });

  it('turns a refusal into an HttpError with the server’s Chinese message and status', async () => {
    server.use(mockCall(api.img.update, () => failure(403, '内容运营只能修改开放状态')));
    const attempt = provider.update('banners', { id: 1, data: { isOpen: 1 }, previousData: { id: 1 } });
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({ message: '内容运营只能修改开放状态', status: 403 });
  });

  it('deletes through imageMsgDel with the anti-forgery header, one call per item in bulk', async () => {
    server.use(
      mockCall(api.img.delete, async ({ request }) => {
        await remember(request);
        return { id: Number(new URL(request.url).searchParams.get('id')) };
      }),
    );
    const previous = imageFixture({ id: 4 }) as ImageMessage;
    expect((await provider.delete('banners', { id: 4, previousData: previous })).data).toEqual(previous);
    expect((await provider.deleteMany('banners', { ids: [5, 6] })).data).toEqual([5, 6]);
    expect(seen.map((request) => new URL(request.url).searchParams.get('id'))).toEqual(['4', '5', '6']);
    expect(seen.every((request) => request.headers.get(HEADERS.xsrf) === 'token-from-cookie')).toBe(true);
  });

  it('opens many at once with updateMany', async () => {
    server.use(
      mockCall(api.img.update, async ({ request }) => {
        await remember(request);
        const body = (await request.json()) as { id: number };
        return imageFixture({ id: body.id });
      }),
    );
    const result = await provider.updateMany('partners', { ids: [1, 2], data: { isOpen: 1 } });
    expect(result.data).toEqual([1, 2]);
    expect(seen.map((request) => request.body)).toEqual([
      { isOpen: 1, id: 1 },
      { isOpen: 1, id: 2 },
    ]);
  });

  it('clears a sort through imageSortClear', async () => {
    server.use(
      mockCall(api.img.sortClear, ({ request }) => ({
        belongSortid: Number(new URL(request.url).searchParams.get('belongSortid')),
        removed: 12,
      })),
    );
    await expect(provider.clearSort('partners')).resolves.toEqual({ removed: 12 });
    await expect(provider.clearSort('articles')).rejects.toThrow();
  });
});

describe('the REST resources', () => {
  it('unwraps the envelope and reads the total from Content-Range, sending both console headers', async () => {
    server.use(
      http.get('*/lianmeng/api/audit', ({ request }) => {
        seen.push({ url: request.url, headers: request.headers, body: undefined });
        return HttpResponse.json(
          { status: 200, message: '操作成功', data: [{ id: 3, action: 'toggle' }] },
          { headers: { 'Content-Range': 'audit 0-0/41' } },
        );
      }),
    );
    const result = await provider.getList('audit', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
      filter: { action: 'toggle' },
    });
    expect(result).toEqual({ data: [{ id: 3, action: 'toggle' }], total: 41 });
    const url = new URL(seen[0]?.url ?? '');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ action: 'toggle' });
    expect(seen[0]?.headers.get(HEADERS.console)).toBe('1');
    expect(seen[0]?.headers.get(HEADERS.xsrf)).toBe('token-from-cookie');
  });

  it('turns a REST refusal into an HttpError with the Chinese message', async () => {
    server.use(http.put('*/lianmeng/api/settings/site', () => failure(403, '您的角色没有权限执行此操作')));
    const attempt = provider.update('settings', { id: 'site', data: { hotline: '1' }, previousData: { id: 'site' } });
    await expect(attempt).rejects.toMatchObject({ message: '您的角色没有权限执行此操作', status: 403 });
  });
});
