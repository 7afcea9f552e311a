import { api, type PublicResults } from '@lianmeng/core';
import { createHttpClient } from '@lianmeng/core/http';
import { eventDetailFixture, mockCall } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEventLoader } from '../../app/loaders';
import { eventHandlers, setupPortalServer } from '../../testing/portalServer';
import { renderApp } from '../../testing/renderApp';
import { MatchEventPage } from '../match/MatchPages';
import { publicResults } from './resultFixtures';

const server = setupPortalServer();
afterEach(() => {
  vi.useRealTimers();
  server.events.removeAllListeners();
});

const PUBLISHED_EVENT = eventDetailFixture({ phase: 'publicizing', phaseLabel: '成绩公示中' });
const client = () => createHttpClient({ cleanParameters: true });

/** Every API path msw sees from now on. */
const recordRequests = () => {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(new URL(request.url).pathname);
  });
  return seen;
};

/** The event published, its 公示 answered with `results`. */
const published = (results: PublicResults = publicResults(), event = PUBLISHED_EVENT) =>
  server.use(
    ...eventHandlers([event]),
    mockCall(api.matchPublicResults.results, ({ params }) =>
      String(params.id) === String(event.id) ? results : Response.json({ status: 404, message: '赛事不存在' }),
    ),
  );

/** A visitor whose clock is years off: the countdown may not come from it. */
const wrongVisitorClock = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-01-01T00:00:00.000Z'));
};

describe('成绩公示 on an event’s public page', () => {
  it('shows each item’s results with masked members, the deadline counting down, and the answers', async () => {
    wrongVisitorClock();
    published();
    renderApp(`/match/event/${PUBLISHED_EVENT.id}`);
    const section = await screen.findByTestId('public-results');
    expect(within(section).getByRole('heading', { level: 2, name: '成绩公示' })).toBeInTheDocument();
    expect(section).toHaveTextContent('公示时间2026年12月10日 10:00（北京时间）');
    expect(section).toHaveTextContent('异议截止2026年12月15日 10:00（北京时间）');
    const table = within(section).getByRole('region', { name: '机器人足球成绩' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '名次奖项队伍学校队员',
      '1一等奖闪电队北京市第一实验小学张*明、李*',
      '2二等奖雷霆队北京市第二实验小学王*',
    ]);
    // serverTime 2026-12-12 02:00 UTC, deadline 2026-12-15 02:00 UTC; the visitor's clock says 2031.
    const countdown = within(section).getByTestId('objection-countdown');
    expect(countdown).toHaveAttribute('aria-live', 'off');
    await waitFor(() =>
      expect(countdown.textContent).toMatch(/^距异议截止还有 (3 天 0 小时 0 分 0 秒|2 天 23 小时 59 分 5\d 秒)$/),
    );
    await waitFor(() => expect(countdown.textContent).toMatch(/^距异议截止还有 2 天 23 小时 59 分 5\d 秒$/), {
      timeout: 3000,
    });
    const answers = within(section).getByTestId('public-objections');
    expect(answers).toHaveTextContent('机器人足球 · 雷霆队');
    expect(answers).toHaveTextContent('收到：2026-12-11 · 答复：2026-12-12');
    expect(answers).toHaveTextContent('答复：经复核计时无误，维持原成绩。');
  });

  it('never shows who objected or why, even if such words were in the answer’s neighbourhood', async () => {
    published(
      publicResults({
        objections: [
          {
            id: 43,
            teamName: '闪电队',
            itemName: '机器人足球',
            receivedDate: '2026-12-12',
            answeredDate: null,
            answer: '',
          },
        ],
      }),
    );
    renderApp(`/match/event/${PUBLISHED_EVENT.id}`);
    const answers = await screen.findByTestId('public-objections');
    expect(answers).toHaveTextContent('收到：2026-12-12 · 尚未答复');
    expect(answers).not.toHaveTextContent('理由');
    expect(answers).not.toHaveTextContent('机构');
  });

  it('is written into the server’s HTML with the countdown in days and hours', async () => {
    wrongVisitorClock();
    published();
    const routes = [{ path: '/match/event/:id', element: <MatchEventPage />, loader: matchEventLoader }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(`http://portal.test/match/event/${PUBLISHED_EVENT.id}`), {
      requestContext: { http: client() },
    });
    if (context instanceof Response) throw new Error('unexpected redirect');
    const html = renderToString(
      <StaticRouterProvider router={createStaticRouter(routes, context)} context={context} />,
    );
    expect(html).toContain('成绩公示');
    expect(html).toContain('张*明、李*');
    expect(html).toContain('距异议截止还有 3 天 0 小时</p>');
    expect(html).toContain('经复核计时无误，维持原成绩。');
  });

  it('shows nothing about results before publication, and does not ask for them', async () => {
    const seen = recordRequests();
    server.use(...eventHandlers([eventDetailFixture({ phase: 'underway', phaseLabel: '比赛进行中' })]));
    renderApp(`/match/event/${PUBLISHED_EVENT.id}`);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('public-results')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent(/成绩公示|异议/);
    expect(seen).not.toContain(api.matchPublicResults.results.path.replace(':id', String(PUBLISHED_EVENT.id)));
  });

  it('shows nothing when the server says nothing is published yet', async () => {
    published(publicResults({ publishedTime: null, objectionDeadline: null, results: [], objections: [] }));
    renderApp(`/match/event/${PUBLISHED_EVENT.id}`);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('public-results')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent('异议');
  });
});
