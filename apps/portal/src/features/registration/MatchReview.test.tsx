import { api, type OrganisedEvent, type TeamSummary } from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dialogButton } from '../../testing/dialogs';
import { renderForInstitution } from '../institution/creditFixtures';
import { MatchReviewPanel } from './MatchReviewPanel';
import { OrganiserCard } from './OrganiserCard';
import { organisedEvent, teamDetail, teamFile, teamSummary } from './registrationFixtures';

const WAITING = teamSummary({
  id: 9,
  state: 'submitted',
  stateLabel: '待审核',
  institutionName: '北京市第一实验小学',
  submittedTime: '2026-11-21T02:00:00.000Z',
});
const MASKED = teamDetail({
  ...WAITING,
  members: [
    { cardNo: '10000101', name: '张*明', grade: '四年级2班' },
    { cardNo: '10000102', name: '李*', grade: '四年级2班' },
  ],
  files: [
    teamFile(),
    teamFile({
      id: 72,
      kind: 'video',
      fileName: '比赛.mp4',
      contentType: 'video/mp4',
      size: 52_428_800,
      durationSeconds: 170,
    }),
  ],
});

let events: OrganisedEvent[] = [];
let teams: TeamSummary[] = [];
const teamQueries: Record<string, string>[] = [];
const eventAsks: string[] = [];

/** The review calls of one set (the organiser's or the operators'), answering from the lists above. */
const reviewHandlers = (calls: typeof api.matchOrganiser | typeof api.matchReview) => [
  mockCall(calls.events, () => {
    eventAsks.push(calls.events.path);
    return { list: events, total: events.length };
  }),
  mockCall(calls.teams, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    teamQueries.push(query);
    const list = teams.filter((team) => !query.state || team.state === query.state);
    return { list, total: list.length };
  }),
  mockCall(calls.team, () => MASKED),
];

const server = setupServer(...reviewHandlers(api.matchOrganiser), ...reviewHandlers(api.matchReview));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  events = [organisedEvent()];
  teams = [WAITING, teamSummary({ id: 10, name: '雷霆队', state: 'approved', stateLabel: '已通过' })];
  teamQueries.length = 0;
  eventAsks.length = 0;
});
afterAll(() => server.close());
events = [organisedEvent()];
teams = [WAITING, teamSummary({ id: 10, name: '雷霆队', state: 'approved', stateLabel: '已通过' })];

/** From the events to the waiting team's detail. */
const openWaitingTeam = async () => {
  expect(await screen.findByTestId('review-counts-3')).toHaveTextContent('待审核 2 · 已退回 1 · 已通过 4');
  await userEvent.click(screen.getByLabelText(/^查看报名队伍：2026 年全国青少年机器人运动会/));
  // The table opens on the teams waiting for review.
  await waitFor(() => expect(teamQueries.at(-1)).toMatchObject({ state: 'submitted' }));
  expect(await screen.findByText('闪电队')).toBeInTheDocument();
  expect(screen.queryByText('雷霆队')).not.toBeInTheDocument();
  await userEvent.click(screen.getByLabelText('审核 闪电队'));
  return screen.findByTestId('review-members');
};

describe('the organiser’s card in the institution workbench', () => {
  it('is not there for an institution that organises no event', async () => {
    events = [];
    renderForInstitution(
      <>
        <OrganiserCard />
        <p>其余卡片</p>
      </>,
    );
    await waitFor(() => expect(eventAsks).toEqual([api.matchOrganiser.events.path]));
    // The answer has been handled once the page has settled; the card stays away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('其余卡片')).toBeInTheDocument();
    expect(screen.queryByText('赛事审核')).not.toBeInTheDocument();
  });

  it('shows the organised events, and approves a waiting team through the organiser’s calls', async () => {
    const approved: string[] = [];
    server.use(
      mockCall(api.matchOrganiser.approve, ({ params }) => {
        approved.push(String(params.id));
        return { ...MASKED, state: 'approved' as const, stateLabel: '已通过' };
      }),
    );
    renderForInstitution(<OrganiserCard />);
    expect(await screen.findByText('赛事审核')).toBeInTheDocument();
    const members = await openWaitingTeam();
    // Members as the server sends them (masked), and the attachments with a video's duration.
    expect(members).toHaveTextContent('张*明（四年级2班）');
    expect(screen.getByTestId('review-kind-video')).toHaveTextContent('比赛.mp4');
    expect(screen.getByTestId('review-kind-video')).toHaveTextContent('时长 2:50');
    expect(screen.getByTestId('review-kind-report')).toHaveTextContent('设计报告.pdf');

    const asked = teamQueries.length;
    teams = [{ ...WAITING, state: 'approved', stateLabel: '已通过' }];
    await userEvent.click(screen.getByTestId('review-approve'));
    expect(await screen.findByText('已通过“闪电队”的报名')).toBeInTheDocument();
    expect(approved).toEqual(['9']);
    // The list is asked for again: the approved team has left the waiting ones.
    await waitFor(() => expect(teamQueries.length).toBeGreaterThan(asked));
    expect(await screen.findByText('没有待审核的队伍')).toBeInTheDocument();
  });
});

describe('the operators’ review', () => {
  it('returns a team with the reason, through the operators’ calls', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockCall(api.matchReview.return, async ({ request, params }) => {
        bodies.push({ id: params.id, ...(await request.json()) });
        return { ...MASKED, state: 'returned' as const, stateLabel: '已退回', returnReason: '视频不清晰' };
      }),
    );
    renderForInstitution(<MatchReviewPanel calls={api.matchReview} />);
    await openWaitingTeam();
    expect(eventAsks.every((path) => path === api.matchReview.events.path)).toBe(true);
    await userEvent.click(screen.getByTestId('review-return'));
    // The reason is required.
    await userEvent.click(await dialogButton('确认退回'));
    expect(await screen.findByText('请填写退回原因')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    fireEvent.change(screen.getByLabelText('退回原因'), { target: { value: '  视频不清晰  ' } });
    await userEvent.click(await dialogButton('确认退回'));
    expect(await screen.findByText('已退回“闪电队”，学校将看到退回原因')).toBeInTheDocument();
    expect(bodies).toEqual([{ id: '9', reason: '视频不清晰' }]);
  });

  it('tells the server’s 409 when someone else decided first, and asks for the list again', async () => {
    server.use(mockCall(api.matchReview.approve, () => failure(409, '该队伍已由他人审核（已通过），请刷新后查看')));
    renderForInstitution(<MatchReviewPanel calls={api.matchReview} />);
    await openWaitingTeam();
    const asked = teamQueries.length;
    await userEvent.click(screen.getByTestId('review-approve'));
    const notice = await screen.findByTestId('match-review-notice');
    await waitFor(() => expect(notice).toHaveTextContent('该队伍已由他人审核（已通过），请刷新后查看'));
    expect(notice).toHaveTextContent('该队伍已被他人处理，列表已刷新');
    await waitFor(() => expect(teamQueries.length).toBeGreaterThan(asked));
  });

  it('narrows the teams by state', async () => {
    renderForInstitution(<MatchReviewPanel calls={api.matchReview} />);
    await userEvent.click(await screen.findByLabelText(/^查看报名队伍：2026 年全国青少年机器人运动会/));
    expect(await screen.findByText('闪电队')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('状态'));
    await userEvent.click(await screen.findByTitle('全部状态'));
    await waitFor(() => expect(teamQueries.at(-1)).not.toHaveProperty('state'));
    expect(await screen.findByText('雷霆队')).toBeInTheDocument();
  });
});
