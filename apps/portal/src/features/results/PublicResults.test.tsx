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

  it('says the results are final, with no countdown, once an operator made them so', async () => {
    published(publicResults({ finalTime: '2026-12-16T02:00:00.000Z' }));
    renderApp(`/match/event/${PUBLISHED_EVENT.id}`);
    const section = await screen.findByTestId('public-results');
    expect(within(section).getByTestId('public-results-final')).toHaveTextContent(
      '成绩已于 2026年12月16日 10:00 确认生效。获奖证书可凭证书编号和获奖者姓名在证明查验页查验。',
    );
    expect(within(section).getByRole('link', { name: '证明查验' })).toHaveAttribute('href', '/verify');
    expect(within(section).queryByTestId('objection-countdown')).not.toBeInTheDocument();
  });

  it('gives a phone each result as a card with every field labelled, beside the tables for wider screens', async () => {
    const fixture = publicResults();
    const unranked = {
      teamId: 11,
      itemName: '轮式竞速',
      rank: null,
      awardLabel: '优秀奖',
      teamName: '疾风队',
      institutionName: '北京市第三实验小学',
      members: ['赵*'],
    };
    published(publicResults({ results: [...fixture.results, unranked] }));
    renderApp(`/match/event/${PUBLISHED_EVENT.id}`);
    const section = await screen.findByTestId('public-results');
    const cards = within(section)
      .getAllByRole('listitem')
      .filter((item) => item.closest('.results-cards'));
    expect(within(section).getByRole('list', { name: '获奖队伍' })).toHaveClass('results-cards');
    expect(cards.map((card) => card.textContent)).toEqual([
      '项目机器人足球名次/奖项第 1 名 · 一等奖队名闪电队学校北京市第一实验小学队员张*明、李*',
      '项目机器人足球名次/奖项第 2 名 · 二等奖队名雷霆队学校北京市第二实验小学队员王*',
      '项目轮式竞速名次/奖项优秀奖队名疾风队学校北京市第三实验小学队员赵*',
    ]);
    for (const card of cards) {
      expect(
        within(card)
          .getAllByRole('term')
          .map((term) => term.textContent),
      ).toEqual(['项目', '名次/奖项', '队名', '学校', '队员']);
    }
    // results.css shows the cards or the tables by the screen's width: the tables are all inside the wide block.
    const wide = section.querySelector('.results-wide');
    expect(wide).toContainElement(within(section).getByRole('region', { name: '机器人足球成绩' }));
    expect(wide).toContainElement(within(section).getByRole('region', { name: '轮式竞速成绩' }));
    expect(within(section).getByRole('region', { name: '轮式竞速成绩' })).toHaveTextContent('—优秀奖疾风队');
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
    // The phone's cards are in the server's HTML too, so a phone shows them before any script runs.
    expect(html).toContain('<dt>名次/奖项</dt><dd>第 1 名 · 一等奖</dd>');
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
