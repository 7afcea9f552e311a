import { api, type CatalogueItem, type ConsoleEvent, type Institution } from '@lianmeng/core';
import { catalogueItemFixture, consoleEventFixture, failure, mockCall, mockList } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleServerForFile, openConsoleAs } from '../../testing/consoleScreen';
import { fillIn, pickOption, replaceText, save } from '../../testing/form';

const server = consoleServerForFile();

const SCHOOL: Institution = {
  id: 2,
  code: 'BJ-001',
  name: '北京市第一中学',
  kind: 'eventOrganiser',
  province: '北京市',
  city: '北京市',
  county: '海淀区',
  status: 'active',
  accountCount: 1,
  createTime: '2026-11-01T08:00:00.000Z',
  updateTime: '2026-11-01T08:00:00.000Z',
};
const OTHER: Institution = { ...SCHOOL, id: 3, code: 'SH-002', name: '上海市实验学校' };

const CATALOGUE: CatalogueItem[] = [
  catalogueItemFixture({ id: 1 }),
  catalogueItemFixture({
    id: 5,
    code: 'MEET-R-PRV',
    name: '机器人运动会（常规类）',
    kind: 'sportsMeet',
    kindLabel: '运动会',
    level: '省级',
  }),
  catalogueItemFixture({
    id: 6,
    code: 'COMP-NAT',
    name: '全国青少年机器人竞赛',
    kind: 'competition',
    kindLabel: '竞赛',
    level: '国家级',
  }),
];

const EVENTS: ConsoleEvent[] = [
  consoleEventFixture(),
  consoleEventFixture({
    id: 8,
    name: '2027 年机器人运动会（市级·创意类）',
    type: 'creative',
    typeLabel: '创意类',
    level: '市级',
    organizerId: 3,
    organizerName: '上海市实验学校',
    registrationOpens: '2027-05-01T01:30:00.000Z',
    registrationCloses: '2027-05-20T09:00:00.000Z',
    phase: 'upcoming',
    phaseLabel: '即将报名',
    visible: false,
  }),
];

type Filter = { q?: string; type?: string; level?: string; season?: string; id?: number[]; status?: string };
const filterOf = (request: Request) => JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as Filter;

const eventListing = (filters: Filter[] = []) =>
  mockList(api.consoleApi.eventList, ({ request }) => {
    const filter = filterOf(request);
    filters.push(filter);
    return {
      rows: EVENTS.filter(
        (row) =>
          (!filter.type || row.type === filter.type) &&
          (!filter.level || row.level === filter.level) &&
          (!filter.season || row.season === filter.season),
      ),
    };
  });
/** What the form offers, as the server answers it: active institutions, sports-meeting and competition items. */
const choicesCall = mockCall(api.consoleApi.eventChoices, () => ({
  organizers: [SCHOOL, OTHER].map(({ id, name, code }) => ({ id, name, code })),
  catalogue: [
    ...CATALOGUE.filter((item) => item.kind !== 'exam').map(({ id, name, level }) => ({
      id,
      name,
      level,
      active: true,
    })),
    { id: 7, name: '已停用的旧项目', level: '省级', active: false },
  ],
}));

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

/** A `datetime-local` field takes its text whole: the browser offers a picker, not keys. */
const setDateTime = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the events screens (赛事)', () => {
  it('list events with Chinese types, the window in Beijing time, the phase and whether they are public', async () => {
    const filters: Filter[] = [];
    openConsoleAs(server, 'editor', '/events', eventListing(filters));
    const provincial = await rowOf('2027 年全国学校体育联盟机器人运动会（省级·常规类）');
    expect(within(provincial).getByText('常规类')).toBeInTheDocument();
    expect(within(provincial).getByText('省级')).toBeInTheDocument();
    expect(within(provincial).getByText('北京市第一中学')).toBeInTheDocument();
    // 00:00 and 10:00 UTC are 08:00 and 18:00 in Beijing.
    expect(within(provincial).getByText('2027-03-01 08:00 至 2027-03-31 18:00')).toBeInTheDocument();
    expect(within(provincial).getByText('报名中')).toBeInTheDocument();
    expect(within(provincial).getByText('是')).toBeInTheDocument();
    const city = await rowOf('2027 年机器人运动会（市级·创意类）');
    expect(within(city).getByText('2027-05-01 09:30 至 2027-05-20 17:00')).toBeInTheDocument();
    expect(within(city).getByText('否')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /赛事/ })).toBeInTheDocument();

    const user = userEvent.setup();
    await pickOption(user, '类别', '创意类');
    await waitFor(() => expect(screen.queryByText('北京市第一中学')).not.toBeInTheDocument());
    expect(filters).toContainEqual({ type: 'creative' });
    // Events are hidden, never deleted: results and certificates hang on them.
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/费|价格|支付/);
  });

  it('create an event with its items, the window entered in Beijing time and sent as that instant', async () => {
    const created: unknown[] = [];
    openConsoleAs(
      server,
      'editor',
      '/events/create',
      mockCall(api.consoleApi.eventCreate, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        created.push(body);
        return consoleEventFixture({ id: 9 });
      }),
      eventListing(),
      choicesCall,
    );
    const user = userEvent.setup();
    await fillIn(user, /赛事名称/, '2027 年机器人运动会（省级·常规类）');
    await fillIn(user, /赛季/, '2027');
    await pickOption(user, /^类别/, '常规类');
    await pickOption(user, /^级别/, '省级');
    // Typing narrows the institutions offered.
    await user.type(screen.getByRole('combobox', { name: /承办单位/ }), '北京');
    await user.click(await screen.findByRole('option', { name: '北京市第一中学（BJ-001）' }));
    await fillIn(user, /批准文号/, '教基司函〔2027〕1 号');
    await fillIn(user, /赛事简介/, '面向中小学生。');

    // The window's ends and the results date are marked as required, like every field the server needs.
    for (const label of [/报名开始/, /报名截止/, /成绩公布日期/]) {
      expect(screen.getByLabelText(label).closest('.MuiFormControl-root')?.textContent).toContain('*');
    }
    setDateTime(/报名开始/, '2027-03-01T08:00');
    setDateTime(/报名截止/, '2027-03-01T07:00');
    // The contract's rule, before anything is sent.
    expect(await screen.findByText('报名截止时间应晚于开始时间')).toBeInTheDocument();
    setDateTime(/报名截止/, '2027-03-31T18:00');
    await waitFor(() => expect(screen.queryByText('报名截止时间应晚于开始时间')).toBeNull());
    // Results before the close's Beijing date are refused.
    fireEvent.change(screen.getByLabelText(/成绩公布日期/), { target: { value: '2027-03-30' } });
    expect(await screen.findByText('成绩公布日期不能早于报名截止日期')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/成绩公布日期/), { target: { value: '2027-04-15' } });

    // A retired item is not offered for a new event.
    await user.click(screen.getByRole('combobox', { name: /学分项目/ }));
    expect(await screen.findByRole('option', { name: '全国青少年机器人竞赛（国家级）' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /已停用的旧项目/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: '机器人运动会（常规类）（省级）' }));

    const [firstName] = screen.getAllByLabelText(/项目名称/);
    await replaceText(user, firstName as HTMLElement, '机器人足球');
    const [firstMax] = screen.getAllByLabelText(/最多人数/);
    await replaceText(user, firstMax as HTMLElement, '4');
    const [firstMin] = screen.getAllByLabelText(/最少人数/);
    await replaceText(user, firstMin as HTMLElement, '2');
    const [firstReport] = screen.getAllByLabelText(/需设计报告/);
    await user.click(firstReport as HTMLElement);

    await user.click(screen.getByRole('button', { name: /添加/ }));
    await waitFor(() => expect(screen.getAllByLabelText(/项目名称/)).toHaveLength(2));
    await replaceText(user, screen.getAllByLabelText(/项目名称/)[1] as HTMLElement, '机器人足球');
    await save(user);
    expect(await screen.findByText('项目名称不能重复')).toBeInTheDocument();
    expect(created).toEqual([]);
    await replaceText(user, screen.getAllByLabelText(/项目名称/)[1] as HTMLElement, '轮式竞速');
    await user.click(screen.getAllByLabelText(/需照片/)[1] as HTMLElement);
    await user.click(screen.getAllByLabelText(/需视频/)[1] as HTMLElement);
    await user.click(screen.getByLabelText(/^公开/));
    await save(user);

    await waitFor(() => expect(created).toHaveLength(1));
    const body = created[0] as Record<string, string>;
    expect(body).toEqual({
      name: '2027 年机器人运动会（省级·常规类）',
      season: '2027',
      type: 'regular',
      level: '省级',
      organizerId: 2,
      approvalNo: '教基司函〔2027〕1 号',
      description: '面向中小学生。',
      registrationOpens: '2027-03-01T08:00:00+08:00',
      registrationCloses: '2027-03-31T18:00:00+08:00',
      resultsFrom: '2027-04-15',
      objectionDays: 5,
      catalogueId: 5,
      items: [
        { name: '机器人足球', minMembers: 2, maxMembers: 4, needsReport: true, needsPhotos: false, needsVideo: false },
        { name: '轮式竞速', minMembers: 1, maxMembers: 1, needsReport: false, needsPhotos: true, needsVideo: true },
      ],
      visible: true,
    });
    // 08:00 in Beijing is midnight UTC, whatever the browser's zone.
    expect(new Date(body.registrationOpens as string).toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(new Date(body.registrationCloses as string).toISOString()).toBe('2027-03-31T10:00:00.000Z');
  });

  it('edit an event keeping its items’ ids, and show a refusal of the server under the field it names', async () => {
    const updates: Record<string, unknown>[] = [];
    let refuse = true;
    openConsoleAs(
      server,
      'admin',
      '/events/7',
      // Before the one-event call: its pattern (`/events/:id`) would take `/events/choices` otherwise.
      choicesCall,
      mockCall(api.consoleApi.eventOne, () => consoleEventFixture()),
      mockCall(api.consoleApi.eventUpdate, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        updates.push(body);
        if (refuse) return failure(400, '请求内容有误：items.1.maxMembers最多 10 人');
        return consoleEventFixture(body as Partial<ConsoleEvent>);
      }),
      eventListing(),
    );
    const user = userEvent.setup();
    // Shown in Beijing time: 10:00 UTC is 18:00.
    await waitFor(() => expect(screen.getByLabelText(/报名截止/)).toHaveValue('2027-03-31T18:00'));
    await replaceText(user, screen.getByLabelText(/批准文号/), '教基司函〔2027〕2 号');
    await save(user);
    await waitFor(() => expect(updates).toHaveLength(1));
    const items = (updates[0]?.items ?? []) as { id?: number; name: string }[];
    expect(items.map((item) => [item.id, item.name])).toEqual([
      [11, '机器人足球'],
      [12, '轮式竞速'],
    ]);
    expect(updates[0]?.registrationCloses).toBe('2027-03-31T10:00:00.000Z');
    // The refusal stands under the second item's 最多人数, not only in a passing notice.
    const field = screen.getAllByLabelText(/最多人数/)[1]?.closest('.MuiFormControl-root') as HTMLElement;
    expect(await within(field).findByText(/最多 10 人/)).toBeInTheDocument();

    refuse = false;
    await replaceText(user, screen.getAllByLabelText(/最多人数/)[1] as HTMLElement, '3');
    await save(user);
    await waitFor(() => expect(updates).toHaveLength(2));
    const saved = updates[1]?.items as { maxMembers: number }[] | undefined;
    expect(saved?.[1]?.maxMembers).toBe(3);
  });

  it('is not in a staff member’s console', async () => {
    openConsoleAs(server, 'staff', '/events', eventListing());
    expect(await screen.findByText('没有访问权限')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /赛事/ })).toBeNull();
  });
});
