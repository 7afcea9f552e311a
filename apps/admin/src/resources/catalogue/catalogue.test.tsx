import { api, type CatalogueItem } from '@lianmeng/core';
import { catalogueItemFixture, mockCall, mockList } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleServerForFile, openConsoleAs } from '../../testing/consoleScreen';
import { fillIn, pickOption, save } from '../../testing/form';

const server = consoleServerForFile();

const item = (overrides: Partial<CatalogueItem>) =>
  catalogueItemFixture({ id: 1, name: '机器人运动等级考试三级', ...overrides });
const ITEMS = [
  item({ id: 1 }),
  item({
    id: 2,
    code: 'MEET-C-PRV',
    name: '机器人运动会（创意类）',
    kind: 'sportsMeet',
    kindLabel: '运动会',
    level: '省级',
    defaultCredits: 3,
    maxCredits: 4,
    evidenceRequired: false,
  }),
  item({
    id: 3,
    code: 'EXCH-OLD',
    name: '旧交流活动',
    kind: 'exchange',
    kindLabel: '交流',
    level: '市级',
    status: 'retired',
  }),
];

type Filter = { q?: string; kind?: string; level?: string; status?: string };
const listing = (filters: Filter[] = []) =>
  mockList(api.consoleApi.catalogueList, ({ request }) => {
    const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as Filter;
    filters.push(filter);
    const rows = ITEMS.filter(
      (row) =>
        (!filter.q || row.name.includes(filter.q) || row.code.includes(filter.q)) &&
        (!filter.kind || row.kind === filter.kind) &&
        (!filter.level || row.level === filter.level) &&
        (!filter.status || row.status === filter.status),
    );
    return { rows };
  });

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('the catalogue screens (学分项目目录)', () => {
  it('list items with Chinese kinds, levels, credits and statuses, filtering by kind through the server', async () => {
    const filters: Filter[] = [];
    openConsoleAs(server, 'admin', '/catalogue', listing(filters));
    const meet = await rowOf('机器人运动会（创意类）');
    expect(within(meet).getByText('运动会')).toBeInTheDocument();
    expect(within(meet).getByText('省级')).toBeInTheDocument();
    expect(within(meet).getByText('4')).toBeInTheDocument();
    expect(within(meet).getByText('否')).toBeInTheDocument();
    expect(within(await rowOf('旧交流活动')).getByText('已停用')).toBeInTheDocument();
    expect(within(await rowOf('机器人运动等级考试三级')).getByText('启用')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /学分项目目录/ })).toBeInTheDocument();
    const user = userEvent.setup();
    await pickOption(user, '项目类型', '运动会');
    await waitFor(() => expect(screen.queryByText('机器人运动等级考试三级')).not.toBeInTheDocument());
    expect(filters).toContainEqual({ kind: 'sportsMeet' });
    // The console offers no delete: an item is retired so its records keep it.
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull();
  });

  it('create an item with what the administrator chose; the levels follow the kind', async () => {
    const created: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/catalogue/create',
      mockCall(api.consoleApi.catalogueCreate, async ({ request }) => {
        const body = (await request.json()) as Partial<CatalogueItem>;
        created.push(body);
        return item({ ...body, id: 9 });
      }),
      listing(),
    );
    const user = userEvent.setup();
    await fillIn(user, /项目代码/, 'bad code!');
    expect(await screen.findByText('应为 2 到 32 位字母、数字或连字符')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/项目代码/));
    await fillIn(user, /项目代码/, 'COMP-NAT-2');
    await fillIn(user, /项目名称/, '全国青少年机器人竞赛');
    await pickOption(user, /项目类型/, '竞赛');
    // A competition is graded by who holds it: no exam levels on offer.
    await user.click(await screen.findByRole('combobox', { name: /级别/ }));
    expect(screen.queryByRole('option', { name: '三级' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: '国家级' }));
    await fillIn(user, /默认学分/, '6');
    await fillIn(user, /最高学分/, '5');
    expect(await screen.findByText('最高学分不能小于默认学分')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/最高学分/));
    await fillIn(user, /最高学分/, '8');
    await user.click(screen.getByLabelText(/须上传证明材料/));
    await save(user);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      code: 'COMP-NAT-2',
      name: '全国青少年机器人竞赛',
      kind: 'competition',
      level: '国家级',
      defaultCredits: 6,
      maxCredits: 8,
      evidenceRequired: true,
    });
  });

  it('retire an item only after a confirmation that its records stay, and put it back in use', async () => {
    const updates: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/catalogue',
      listing(),
      mockCall(api.consoleApi.catalogueUpdate, async ({ request, params }) => {
        const body = (await request.json()) as Partial<CatalogueItem>;
        updates.push({ id: params.id, ...body });
        return item({ id: Number(params.id), status: body.status });
      }),
    );
    const user = userEvent.setup();
    await user.click(within(await rowOf('机器人运动等级考试三级')).getByRole('button', { name: '停用' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('不能再按该项目登记或导入学分');
    expect(dialog).toHaveTextContent('已登记的记录和持卡人的学分都不会改变');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(updates).toEqual([]);
    // The click did not open the row for editing.
    expect(window.location.pathname).toBe('/admin/catalogue');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(await rowOf('机器人运动等级考试三级')).getByRole('button', { name: '停用' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(updates).toEqual([{ id: '1', status: 'retired' }]));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(await rowOf('旧交流活动')).getByRole('button', { name: '启用' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '启用' }));
    await waitFor(() => expect(updates).toContainEqual({ id: '3', status: 'active' }));
  });

  it('is not in an editor’s console: no menu entry, and its address shows no access', async () => {
    openConsoleAs(server, 'editor', '/catalogue', listing());
    expect(await screen.findByText('没有访问权限')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /学分项目目录/ })).toBeNull();
    expect(screen.queryByText('机器人运动等级考试三级')).toBeNull();
  });
});
