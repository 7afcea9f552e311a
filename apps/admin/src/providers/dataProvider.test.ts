import { api, DEFAULT_CERTIFICATION_URL, HEADERS, IMAGE_SORT, type ImageMessage } from '@lianmeng/core';
import { NETWORK_ERROR_MESSAGE } from '@lianmeng/core/http';
import { failure, imageFixture, mockCall, mockList } from '@lianmeng/core/testing';
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
const seen: { url: string; method: string; headers: Headers; body: unknown }[] = [];
const remember = async (request: Request) => {
  const body =
    request.method === 'GET'
      ? undefined
      : await request
          .clone()
          .json()
          .catch(() => undefined);
  seen.push({ url: request.url, method: request.method, headers: request.headers, body });
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

  it('opens many at once with updateMany, in one imageMsgOpenMany call', async () => {
    server.use(
      mockCall(api.img.openMany, async ({ request }) => {
        await remember(request);
        return { ids: [1, 2], changed: 2 };
      }),
    );
    const result = await provider.updateMany('partners', { ids: [1, 2], data: { isOpen: 1 } });
    expect(result.data).toEqual([1, 2]);
    expect(seen.map((request) => request.body)).toEqual([{ belongSortid: 3, ids: [1, 2], isOpen: 1 }]);
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

const ARTICLE = {
  id: 11,
  typeId: 1,
  title: '联盟年会',
  summary: '',
  body: '<p>正文</p>',
  publishTime: '2026-11-01',
  source: '',
  author: '',
  coverImage: '',
  attachments: [],
  published: false,
  createTime: '2026-11-01T08:00:00.000Z',
  updateTime: '2026-11-01T08:00:00.000Z',
};
const { body: _body, ...ARTICLE_ROW } = ARTICLE;
const SETTINGS = {
  hotline: '400-000-0000',
  copyright: '版权',
  icpNumber: '',
  icpLink: '',
  publicSecurityNumber: '',
  publicSecurityLink: '',
  sponsor: '主办',
  certificationUrl: DEFAULT_CERTIFICATION_URL,
  logoImage: '',
};

describe('the console API resources', () => {
  it('lists with the JSON sort, range and filter, reading the total from Content-Range', async () => {
    server.use(
      mockList(api.consoleApi.auditList, async ({ request }) => {
        await remember(request);
        return {
          rows: [
            {
              id: 3,
              userId: 1,
              username: 'admin',
              action: 'toggle',
              targetType: 'image',
              targetId: '4',
              detail: '{}',
              createTime: '2026-11-01T08:00:00.000Z',
            },
          ],
          total: 41,
        };
      }),
    );
    const result = await provider.getList('audit', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
      filter: { action: 'toggle' },
    });
    expect(result.total).toBe(41);
    expect(result.data.map((row) => row.id)).toEqual([3]);
    const url = new URL(seen[0]?.url ?? '');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ action: 'toggle' });
    expect(JSON.parse(url.searchParams.get('range') ?? '')).toEqual([25, 49]);
    expect(JSON.parse(url.searchParams.get('sort') ?? '')).toEqual(['id', 'DESC']);
    expect(seen[0]?.headers.get(HEADERS.console)).toBe('1');
    // A list changes nothing: the contract asks no anti-forgery header of it.
    expect(seen[0]?.headers.get(HEADERS.xsrf)).toBeNull();
  });

  it('refuses a list without Content-Range rather than guessing its total', async () => {
    server.use(mockCall(api.consoleApi.accountList, () => []));
    await expect(
      provider.getList('accounts', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' } }),
    ).rejects.toMatchObject({ message: expect.stringContaining('Content-Range') });
  });

  it('reads the single settings record as a list of one', async () => {
    server.use(
      mockList(api.consoleApi.settingsList, () => ({
        rows: [{ id: 'site' as const, ...SETTINGS }],
      })),
    );
    const result = await provider.getList('settings', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(result).toMatchObject({ total: 1, data: [{ id: 'site' }] });
  });

  it('fetches many articles in one request filtered by id, asking for as many rows as ids', async () => {
    server.use(
      mockList(api.consoleApi.articleList, async ({ request }) => {
        await remember(request);
        return { rows: Array.from({ length: 12 }, (_, index) => ({ ...ARTICLE_ROW, id: index + 1 })) };
      }),
    );
    const ids = Array.from({ length: 12 }, (_, index) => index + 1);
    const result = await provider.getMany('articles', { ids });
    expect(result.data.map((row) => row.id)).toEqual(ids);
    expect(seen).toHaveLength(1);
    const url = new URL(seen[0]?.url ?? '');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ id: ids });
    // The server pages every list, ten rows unless asked: twelve ids need a range of twelve.
    expect(JSON.parse(url.searchParams.get('range') ?? '')).toEqual([0, 11]);
  });

  it('creates, updates and deletes an article with the anti-forgery header, sending the form as the body', async () => {
    server.use(
      mockCall(api.consoleApi.articleCreate, async ({ request }) => {
        await remember(request);
        return ARTICLE;
      }),
      mockCall(api.consoleApi.articleUpdate, async ({ request }) => {
        await remember(request);
        return { ...ARTICLE, title: '改后的标题' };
      }),
      mockCall(api.consoleApi.articleDelete, async ({ request }) => {
        await remember(request);
        return { id: Number(request.url.split('/').pop()) };
      }),
    );
    const created = await provider.create('articles', {
      data: { typeId: 1, title: '联盟年会', publishTime: '2026-11-01', body: '<p>正文</p>' },
    });
    expect(created.data).toEqual(ARTICLE);
    const updated = await provider.update('articles', {
      id: 11,
      data: { ...ARTICLE, title: '改后的标题' },
      previousData: ARTICLE,
    });
    expect(updated.data.title).toBe('改后的标题');
    expect((await provider.delete('articles', { id: 11, previousData: ARTICLE })).data).toEqual({ id: 11 });
    expect((await provider.deleteMany('articles', { ids: [12, 13] })).data).toEqual([12, 13]);
    expect(seen.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /lianmeng/api/articles',
      'PUT /lianmeng/api/articles/11',
      'DELETE /lianmeng/api/articles/11',
      'DELETE /lianmeng/api/articles/12',
      'DELETE /lianmeng/api/articles/13',
    ]);
    expect(seen[0]?.body).toEqual({ typeId: 1, title: '联盟年会', publishTime: '2026-11-01', body: '<p>正文</p>' });
    expect(seen[0]?.headers.get('content-type')).toContain('application/json');
    expect(seen.every((request) => request.headers.get(HEADERS.xsrf) === 'token-from-cookie')).toBe(true);
    expect(seen.every((request) => request.headers.get(HEADERS.console) === '1')).toBe(true);
  });

  it('turns a refusal into an HttpError with the Chinese message and status', async () => {
    server.use(mockCall(api.consoleApi.settingsUpdate, () => failure(403, '您的角色没有权限执行此操作')));
    const attempt = provider.update('settings', {
      id: 'site',
      data: SETTINGS,
      previousData: { id: 'site' },
    });
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({ message: '您的角色没有权限执行此操作', status: 403 });
  });

  it('puts a refusal that names a field on that field of the form', async () => {
    server.use(mockCall(api.consoleApi.accountCreate, () => failure(400, '请求内容有误：用户名（username）已被使用')));
    await expect(
      provider.create('accounts', {
        data: { username: 'editor', displayName: '编辑', role: 'editor', password: 'a-long-password-1' },
      }),
    ).rejects.toMatchObject({ status: 400, body: { errors: { username: expect.stringContaining('已被使用') } } });
  });

  it('turns a network failure into an HttpError with the Chinese message', async () => {
    server.use(http.get('*/lianmeng/api/audit/3', () => HttpResponse.error()));
    const attempt = provider.getOne('audit', { id: 3 });
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE });
  });
});
