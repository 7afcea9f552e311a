import {
  api,
  type LadderTarget,
  type LadderTeam,
  type RegistrationEvent,
  type TeamDetail,
  type TeamSummary,
} from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderForInstitution } from '../institution/creditFixtures';
import { RegistrationCard } from './RegistrationCard';
import { registrationEvent, teamDetail, teamSummary } from './registrationFixtures';

/** The 县级 event open now, with the item the 校级 team won in. */
const TARGET = registrationEvent({ id: 5, name: '2026 年海淀区青少年机器人运动会', level: '县级' });
const CARRIED_FROM = { eventName: '2026 年第一实验小学机器人节', teamName: '闪电队', awardLabel: '一等奖' };

/** The list's entry for TARGET, not carried yet. */
const TARGET_ENTRY: LadderTarget = {
  id: 5,
  name: TARGET.name,
  level: '县级',
  registrationCloses: '2026-12-01T10:00:00.000Z',
  itemId: 31,
  carriedTeamId: null,
};

const ladderTeam = (overrides: Partial<LadderTeam> = {}): LadderTeam => ({
  teamId: 9,
  teamName: '闪电队',
  memberCount: 2,
  eventId: 2,
  eventName: CARRIED_FROM.eventName,
  type: 'regular',
  level: '校级',
  itemName: '机器人足球',
  award: 'first',
  awardLabel: '一等奖',
  targets: [TARGET_ENTRY],
  ...overrides,
});

let ladder: LadderTeam[] = [];
let events: RegistrationEvent[] = [];
let teams: TeamSummary[] = [];
let detail: TeamDetail = teamDetail();
let ladderAsked = 0;

const server = setupServer(
  mockCall(api.matchRegistration.events, () => ({ list: events, total: events.length })),
  mockCall(api.matchRegistration.teams, () => ({ list: teams, total: teams.length })),
  mockCall(api.matchRegistration.team, () => detail),
  mockCall(api.matchLadder.teams, () => {
    ladderAsked += 1;
    return { list: ladder, total: ladder.length };
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  ladder = [ladderTeam()];
  events = [TARGET];
  teams = [];
  detail = teamDetail();
  ladderAsked = 0;
});
afterAll(() => server.close());
ladder = [ladderTeam()];
events = [TARGET];

const openLadder = async () => {
  renderForInstitution(<RegistrationCard />);
  await userEvent.click(await screen.findByRole('tab', { name: '晋级报名' }));
  return screen.findByTestId('ladder-team-9');
};

const drawer = async () => {
  const found = await waitFor(() => {
    const element = document.querySelector<HTMLElement>('.ant-drawer-open .ant-drawer-section');
    if (!element) throw new Error('no drawer open');
    return element;
  });
  return within(found);
};

describe('晋级报名', () => {
  it('lists an awarded team with its next-level event and carries it into a draft opened in the editor', async () => {
    const bodies: { id: unknown; body: unknown }[] = [];
    const carried = teamDetail({
      id: 40,
      eventId: 5,
      eventName: TARGET.name,
      carriedFrom: CARRIED_FROM,
      missing: ['缺少设计报告（PDF）', '照片应为 2–5 张，现有 0 张', '缺少视频'],
    });
    server.use(
      mockCall(api.matchLadder.carry, async ({ request, params }) => {
        bodies.push({ id: params.id, body: await request.json() });
        // From now on the list names the carried team, and the team is the school's.
        ladder = [ladderTeam({ targets: [{ ...TARGET_ENTRY, carriedTeamId: 40 }] })];
        teams = [teamSummary({ id: 40, eventId: 5, eventName: TARGET.name, carriedFrom: CARRIED_FROM })];
        detail = carried;
        return carried;
      }),
    );
    const card = await openLadder();
    expect(card).toHaveTextContent('闪电队');
    expect(card).toHaveTextContent(`${CARRIED_FROM.eventName}（校级）· 机器人足球 · 一等奖`);
    expect(card).toHaveTextContent('县级 · 报名截止 2026年12月01日 18:00（北京时间）');

    await userEvent.click(within(card).getByRole('button', { name: `带入报名 闪电队 ${TARGET.name}` }));
    await waitFor(() => expect(bodies).toEqual([{ id: '9', body: { eventId: 5 } }]));

    // The draft opens in the team editor: where it came from, and what the next level still asks for.
    const editor = await drawer();
    expect(await editor.findByTestId('editor-carried-from')).toHaveTextContent(
      `${CARRIED_FROM.eventName} · 闪电队（一等奖）`,
    );
    expect(editor.getByTestId('team-missing')).toHaveTextContent('缺少设计报告（PDF）');
    expect(editor.getByLabelText('已选队员')).toHaveTextContent('学生1（10000101）');

    // The list was asked again: the target now offers the carried team instead.
    await waitFor(() =>
      expect(
        within(screen.getByTestId('ladder-team-9')).getByRole('button', {
          name: `查看已带入 ${TARGET.name} 的 闪电队`,
        }),
      ).toBeInTheDocument(),
    );

    // Closed, the editor leaves the school on 我的队伍, where the draft says where it came from.
    await userEvent.click(editor.getByRole('button', { name: '关闭' }));
    expect(await screen.findByTestId('carried-from-40')).toHaveTextContent(
      `晋级自 ${CARRIED_FROM.eventName} · 闪电队（一等奖）`,
    );
  });

  it('shows the server’s refusal and asks for the list again', async () => {
    server.use(
      mockCall(api.matchLadder.carry, () =>
        failure(400, '钱小刚（卡号 10****03）已不是本机构人员，不能带入报名，请新建队伍'),
      ),
    );
    const card = await openLadder();
    const asked = ladderAsked;
    await userEvent.click(within(card).getByRole('button', { name: `带入报名 闪电队 ${TARGET.name}` }));
    expect(await screen.findByTestId('ladder-refusal')).toHaveTextContent('已不是本机构人员，不能带入报名');
    await waitFor(() => expect(ladderAsked).toBeGreaterThan(asked));
    expect(document.querySelector('.ant-drawer-open')).toBeNull();
  });

  it('says when a team has no event to go to', async () => {
    ladder = [ladderTeam({ targets: [] })];
    const card = await openLadder();
    expect(card).toHaveTextContent('目前没有正在报名、设有“机器人足球”项目的上一级赛事');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('says so when no team has won a place', async () => {
    ladder = [];
    renderForInstitution(<RegistrationCard />);
    await userEvent.click(await screen.findByRole('tab', { name: '晋级报名' }));
    expect(await screen.findByText('暂无可晋级的队伍')).toBeInTheDocument();
  });
});
