import { COLUMN_BY_KEY } from '@lianmeng/core';
import { createHttpClient } from '@lianmeng/core/http';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { createMemoryRouter, createStaticHandler, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ARTICLES, setupPortalServer } from '../testing/portalServer';
import { AppShell } from './App';
import { detailLoader } from './loaders';
import { routes } from './routes';

const server = setupPortalServer();
afterEach(() => server.events.removeAllListeners());

/** Every request msw sees from now on. */
const recordRequests = () => {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(new URL(request.url).pathname);
  });
  return seen;
};

const client = () => createHttpClient({ cleanParameters: true });

describe('route loaders', () => {
  it('fetch what the page shows, so a page drawn from their data makes no call of its own', async () => {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://portal.test/index'), {
      requestContext: { http: client() },
    });
    if (context instanceof Response) throw new Error('unexpected redirect');
    const seen = recordRequests();
    const router = createMemoryRouter(routes, {
      initialEntries: ['/index'],
      hydrationData: { loaderData: context.loaderData },
    });
    render(
      <AppShell>
        <RouterProvider router={router} />
      </AppShell>,
    );
    const news = ARTICLES.find((article) => article.typeId === COLUMN_BY_KEY.news.typeId);
    expect(await screen.findByRole('link', { name: news?.title })).toBeInTheDocument();
    expect(screen.getByTestId('site-footer')).toHaveTextContent('京ICP备00000000号-1');
    expect(seen).toEqual([]);
  });

  it('a detail route without an id loads the newest article of its column, then that article, and names the page after it', async () => {
    const seen = recordRequests();
    const data = await detailLoader(COLUMN_BY_KEY.matchNotices.typeId)({
      params: {},
      request: new Request('http://portal.test/match/detail'),
      context: { http: client() },
    } as never);
    const newest = ARTICLES.find((article) => article.typeId === COLUMN_BY_KEY.matchNotices.typeId);
    expect(seen).toEqual(['/api/content/articles', `/api/content/articles/${newest?.id}`]);
    expect(data.meta?.title).toBe(newest?.title);
    expect(data.status).toBeUndefined();
    expect(data.article).toMatchObject({ ok: true, data: { id: newest?.id } });
    expect(data.latest).toBe(true);
  });

  it('an unknown article makes the page a 404; a failing API makes it a 500', async () => {
    const missing = await detailLoader(COLUMN_BY_KEY.news.typeId)({
      params: { id: '999999' },
      request: new Request('http://portal.test/news/detail/999999'),
      context: { http: client() },
    } as never);
    expect(missing.status).toBe(404);
    expect(missing.meta?.title).toBe('文章不存在');

    server.use(
      mswHttp.get('*/api/content/articles/:id', () =>
        HttpResponse.json({ status: 500, message: '服务器内部错误' }, { status: 500 }),
      ),
    );
    const failing = await detailLoader(COLUMN_BY_KEY.news.typeId)({
      params: { id: '101' },
      request: new Request('http://portal.test/news/detail/101'),
      context: { http: client() },
    } as never);
    expect(failing.status).toBe(500);
  });
});
