import { api } from '@lianmeng/core';
import { createHttpClient } from '@lianmeng/core/http';
import { eventDetailFixture } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEventLoader, matchListLoader } from '../../app/loaders';
import { eventHandlers, setupPortalServer } from '../../testing/portalServer';
import { renderApp } from '../../testing/renderApp';
import { MatchEventPage } from './MatchPages';

const server = setupPortalServer();
afterEach(() => {
  vi.useRealTimers();
  server.events.removeAllListeners();
});

const client = () => createHttpClient({ cleanParameters: true });
const loaderArgs = (path: string, params: Record<string, string>) =>
  ({ params, request: new Request(`http://portal.test${path}`), context: { http: client() } }) as never;

/** Every API path msw sees from now on. */
const recordRequests = () => {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(new URL(request.url).pathname);
  });
  return seen;
};

/** A visitor whose clock is years off: nothing the page counts may come from it. */
const wrongVisitorClock = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-01-01T00:00:00.000Z'));
};

/** Words of a price, a fee or a payment, which no event page may carry. */
const FEE_WORDS = /费|价格|支付|缴|￥|¥/;

describe('the match area’s list (/match)', () => {
  it('shows the events, in the server’s order, above the notices, each linking to its page', async () => {
    renderApp('/match');
    const cards = await screen.findByTestId('event-cards');
    const items = within(cards).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([
      '2027 年全国学校体育联盟机器人运动会（省级·常规类）',
      '2027 年机器人运动会（市级·创意类）',
    ]);
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/match/event/7');
    expect(first).toHaveTextContent('报名中');
    expect(first).toHaveTextContent('常规类·省级');
    expect(first).toHaveTextContent('北京市第一中学');
    // 00:00 and 10:00 UTC, read in Beijing time.
    expect(first).toHaveTextContent('2027年03月01日 08:00 至 2027年03月31日 18:00（北京时间）');
    expect(items[1]).toHaveTextContent('即将报名');

    // The notices follow, under their own heading after the page's.
    const notice = await screen.findByRole('link', { name: '赛事通知测试文章1' });
    expect(cards.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const headings = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(headings[0]).toBe(1);
    expect(screen.getByRole('heading', { level: 2, name: /^赛事通知/ })).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent(FEE_WORDS);
  });

  it('loads the events with the notices, and the page says it is 赛事活动', async () => {
    const seen = recordRequests();
    const data = await matchListLoader(loaderArgs('/match', {}));
    expect(seen.sort()).toEqual([api.content.articles.path, api.matchEvents.list.path].sort());
    expect(data.events).toMatchObject({ ok: true, data: { total: 2 } });
    expect(data.meta?.title).toBe('赛事活动');
    expect(data.status).toBeUndefined();
  });

  it('still lists the notices when no event is public', async () => {
    server.use(...eventHandlers([]));
    renderApp('/match');
    expect(await screen.findByText('暂无赛事')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '赛事通知测试文章1' })).toBeInTheDocument();
  });
});

describe('an event’s page (/match/event/<id>)', () => {
  it('shows the event, its items and materials, and counts down from the server’s clock', async () => {
    wrongVisitorClock();
    renderApp('/match/event/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: '2027 年全国学校体育联盟机器人运动会（省级·常规类）' }),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('批准文号教基司函〔2027〕1 号');
    expect(main).toHaveTextContent('类别常规类级别省级赛季2027承办单位北京市第一中学');
    expect(main).toHaveTextContent('2027年03月01日 08:00 至 2027年03月31日 18:00（北京时间）');
    // serverTime 2027-03-28 06:00 UTC, the close 2027-03-31 10:00 UTC; the visitor's clock says 2031.
    const countdown = screen.getByTestId('event-countdown');
    expect(countdown).toHaveAttribute('aria-live', 'off');
    expect(countdown.textContent).toMatch(/^距报名截止还有 3 天 (4 小时 0 分 0 秒|3 小时 59 分 5\d 秒)$/);
    // It ticks each second, on from the server's time by the time elapsed since, never from the visitor's clock.
    await waitFor(() => expect(countdown.textContent).toMatch(/^距报名截止还有 3 天 3 小时 59 分 5\d 秒$/), {
      timeout: 3000,
    });
    const items = within(screen.getByTestId('event-items')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('机器人足球每队人数2–4 人所需材料设计报告（PDF）');
    expect(items[1]).toHaveTextContent('轮式竞速每队人数1–2 人所需材料照片 2–5 张');
    expect(main).toHaveTextContent('本赛事不收取任何费用');
    expect(main.textContent?.replace('本赛事不收取任何费用', '')).not.toMatch(FEE_WORDS);
    expect(document.title).toContain('2027 年全国学校体育联盟机器人运动会（省级·常规类）');
  });

  it('counts down to the opening before the window', async () => {
    wrongVisitorClock();
    renderApp('/match/event/8');
    // serverTime 2027-03-28 06:00 UTC, the opening 2027-05-01 01:30 UTC.
    expect((await screen.findByTestId('event-countdown')).textContent).toMatch(
      /^距报名开始还有 33 天 19 小时 (30 分 0 秒|29 分 5\d 秒)$/,
    );
  });

  it('is written on the server with the countdown in days and hours, from the server’s time', async () => {
    wrongVisitorClock();
    const routes = [{ path: '/match/event/:id', element: <MatchEventPage />, loader: matchEventLoader }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://portal.test/match/event/7'), {
      requestContext: { http: client() },
    });
    if (context instanceof Response) throw new Error('unexpected redirect');
    const html = renderToString(
      <StaticRouterProvider router={createStaticRouter(routes, context)} context={context} />,
    );
    expect(html).toContain('aria-live="off"');
    expect(html).toContain('距报名截止还有 3 天 4 小时</p>');
  });

  it('shows its description as text, never as markup', async () => {
    server.use(
      ...eventHandlers([eventDetailFixture({ description: '第一行<b>加粗</b>\n<img src=x onerror=alert(1)>' })]),
    );
    renderApp('/match/event/7');
    const description = await screen.findByTestId('event-description');
    expect(description.textContent).toBe('第一行<b>加粗</b>\n<img src=x onerror=alert(1)>');
    expect(description.querySelector('b, img')).toBeNull();
  });

  it('is a 404 inside the layout for an unknown event, and for an id that is no number without asking', async () => {
    const unknown = await matchEventLoader(loaderArgs('/match/event/999', { id: '999' }));
    expect(unknown.status).toBe(404);
    expect(unknown.meta?.title).toBe('赛事不存在');
    const seen = recordRequests();
    const notANumber = await matchEventLoader(loaderArgs('/match/event/abc', { id: 'abc' }));
    expect(notANumber.status).toBe(404);
    expect(seen).toEqual([]);

    renderApp('/match/event/999');
    expect(await screen.findByRole('heading', { level: 1, name: '赛事不存在' })).toBeInTheDocument();
    expect(screen.getByText('未找到这个赛事，它可能尚未公开')).toBeInTheDocument();
    expect(screen.getByTestId('site-footer')).toBeInTheDocument();
  });
});
