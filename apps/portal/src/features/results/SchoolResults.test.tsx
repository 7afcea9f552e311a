import { api, type MatchObjection, type PublicResults, type RegistrationEvent } from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dialogButton } from '../../testing/dialogs';
import { renderForInstitution } from '../institution/creditFixtures';
import { RegistrationCard } from '../registration/RegistrationCard';
import { registrationEvent } from '../registration/registrationFixtures';
import { matchObjection, publicResults } from './resultFixtures';

const PUBLISHED = registrationEvent({ phase: 'publicizing', phaseLabel: '成绩公示中', open: false, teamCount: 1 });
let events: RegistrationEvent[] = [PUBLISHED];
let results: PublicResults = publicResults();
let mine: MatchObjection[] = [];
const mineQueries: Record<string, string>[] = [];

const server = setupServer(
  mockCall(api.matchRegistration.events, () => ({ list: events, total: events.length })),
  mockCall(api.matchPublicResults.results, ({ params }) =>
    String(params.id) === String(PUBLISHED.id) ? results : failure(404, '赛事不存在'),
  ),
  mockCall(api.matchObjections.mine, ({ request }) => {
    mineQueries.push(Object.fromEntries(new URL(request.url).searchParams));
    return { list: mine, total: mine.length };
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  events = [PUBLISHED];
  results = publicResults();
  mine = [];
  mineQueries.length = 0;
});
afterAll(() => server.close());

const openResultsTab = async () => {
  renderForInstitution(<RegistrationCard />);
  await userEvent.click(await screen.findByText('成绩公示与异议'));
  return screen.findByTestId(`school-results-${PUBLISHED.id}`);
};

describe('成绩公示与异议 in the school’s 赛事报名 card', () => {
  it('is not offered while no event of the institution has published results', async () => {
    events = [registrationEvent()];
    renderForInstitution(<RegistrationCard />);
    expect(await screen.findByTestId(`registration-event-${events[0]?.id}`)).toBeInTheDocument();
    expect(screen.queryByText('成绩公示与异议')).not.toBeInTheDocument();
  });

  it('shows the published list, and sends an objection with its reason within the period', async () => {
    const sent: { teamId: number; reason: string }[] = [];
    server.use(
      mockCall(api.matchObjections.object, async ({ request }) => {
        const body = (await request.clone().json()) as { teamId: number; reason: string };
        sent.push(body);
        const objection = matchObjection({ reason: body.reason, institutionName: '北京市第一实验小学' });
        mine = [objection];
        return objection;
      }),
    );
    const block = await openResultsTab();
    expect(block).toHaveTextContent('第 1 名 · 一等奖 · 闪电队');
    expect(block).toHaveTextContent('北京市第二实验小学 · 队员：王*');
    expect(within(block).getByTestId('objection-countdown')).toHaveTextContent(/^距异议截止还有 (3|2) 天/);
    expect(await within(block).findByText('本机构未对本赛事成绩提出异议。')).toBeInTheDocument();
    expect(mineQueries[0]).toMatchObject({ eventId: String(PUBLISHED.id) });

    await userEvent.click(within(block).getByLabelText('提出异议：雷霆队'));
    fireEvent.change(await screen.findByLabelText('异议理由'), { target: { value: '短' } });
    await userEvent.click(await dialogButton('提交异议'));
    expect(await screen.findByTestId('objection-refusal')).toHaveTextContent('请填写异议理由（至少 2 个字）');
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('异议理由'), { target: { value: '雷霆队的决赛成绩计时有误' } });
    await userEvent.click(await dialogButton('提交异议'));
    await waitFor(() => expect(sent).toEqual([{ teamId: 10, reason: '雷霆队的决赛成绩计时有误' }]));
    const list = await within(block).findByTestId('my-objections');
    expect(list).toHaveTextContent('机器人足球 · 雷霆队');
    expect(list).toHaveTextContent('理由：雷霆队的决赛成绩计时有误');
    expect(list).toHaveTextContent('尚未答复');
  });

  it('keeps each member’s masked name whole: one unbreakable name each, joined by 、', async () => {
    const block = await openResultsTab();
    const line = within(block).getByText(
      (_, element) => element?.tagName === 'P' && /队员：张\*明/.test(element.textContent ?? ''),
    );
    expect(line).toHaveTextContent('北京市第一实验小学 · 队员：张*明、李*');
    // results.css keeps a .results-name on one line; the 、 between them stays outside, where a line may break.
    expect([...line.querySelectorAll('.results-name')].map((name) => name.textContent)).toEqual(['张*明', '李*']);
  });

  it('shows the server’s refusal of an objection in the dialog', async () => {
    server.use(mockCall(api.matchObjections.object, () => failure(409, '已对该队伍提出异议，请等待答复')));
    const block = await openResultsTab();
    await userEvent.click(within(block).getByLabelText('提出异议：闪电队'));
    fireEvent.change(await screen.findByLabelText('异议理由'), { target: { value: '队员资格存疑' } });
    await userEvent.click(await dialogButton('提交异议'));
    expect(await screen.findByTestId('objection-refusal')).toHaveTextContent('已对该队伍提出异议，请等待答复');
  });

  it('offers no objection once the period is over on the server’s clock, and shows the answers', async () => {
    results = publicResults({ serverTime: '2026-12-16T00:00:00.000Z' });
    mine = [
      matchObjection({
        answeredDate: '2026-12-13',
        answeredTime: '2026-12-13T04:00:00.000Z',
        answer: '经复核计时无误，维持原成绩。',
      }),
    ];
    const block = await openResultsTab();
    expect(within(block).getByTestId('objection-countdown')).toHaveTextContent('异议期已结束');
    expect(within(block).queryByText('提出异议')).not.toBeInTheDocument();
    expect(await within(block).findByTestId('my-objections')).toHaveTextContent(
      '答复（2026年12月13日 12:00）：经复核计时无误，维持原成绩。',
    );
  });
});
