import { api, type CardAccount, type Institution } from '@lianmeng/core';
import { mockCall, mockList } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleServerForFile, openConsoleAs } from '../../testing/consoleScreen';
import { enterText, save } from '../../testing/form';

const server = consoleServerForFile();

const card = (overrides: Partial<CardAccount>): CardAccount => ({
  id: '10000001',
  cardNo: '10000001',
  name: '李明',
  school: '北京市第一中学',
  phone: '138****0000',
  activated: true,
  institution: false,
  institutionId: null,
  institutionName: '',
  operator: false,
  updateTime: '2026-11-01T08:00:00.000Z',
  ...overrides,
});
const CARDS = [
  card({}),
  card({
    id: '10000002',
    cardNo: '10000002',
    name: '王老师',
    institution: true,
    institutionId: 1,
    institutionName: '海淀实验小学',
  }),
  card({ id: '10000003', cardNo: '10000003', name: '赵审核', operator: true }),
];
const SCHOOL: Institution = {
  id: 1,
  code: 'BJ-HD-001',
  name: '海淀实验小学',
  kind: 'memberSchool',
  province: '北京市',
  city: '北京市',
  county: '海淀区',
  status: 'active',
  accountCount: 1,
  createTime: '2026-11-01T08:00:00.000Z',
  updateTime: '2026-11-01T08:00:00.000Z',
};
const SITE = { ...SCHOOL, id: 2, code: 'SH-KD-01', name: '上海考点一', kind: 'examSite' as const };

type Filter = { q?: string; role?: string; id?: number[] };
const cardListing = (filters: Filter[] = []) =>
  mockList(api.consoleApi.cardAccountList, ({ request }) => {
    const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as Filter;
    filters.push(filter);
    const rows = CARDS.filter(
      (row) =>
        (!filter.q || row.cardNo.startsWith(filter.q) || row.name.includes(filter.q)) &&
        (!filter.role || (filter.role === 'operator' ? row.operator : row.institution)),
    );
    return { rows };
  });
const institutionListing = (filters: Filter[] = []) =>
  mockList(api.consoleApi.institutionList, ({ request }) => {
    const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as Filter;
    filters.push(filter);
    const all = [SCHOOL, SITE];
    return {
      rows: all.filter(
        (row) => (!filter.q || row.name.includes(filter.q)) && (!filter.id || filter.id.includes(row.id)),
      ),
    };
  });

describe('the card accounts screens', () => {
  it('find card accounts by card number or name and show their roles', async () => {
    const filters: Filter[] = [];
    openConsoleAs(server, 'admin', '/cardAccounts', cardListing(filters));
    const row = (await screen.findByText('王老师')).closest('tr') as HTMLElement;
    expect(within(row).getByText('海淀实验小学')).toBeInTheDocument();
    const user = userEvent.setup();
    await enterText(user, screen.getByLabelText('搜索卡号或姓名'), '赵');
    await waitFor(() => expect(screen.queryByText('王老师')).not.toBeInTheDocument());
    expect(screen.getByText('赵审核')).toBeInTheDocument();
    expect(filters).toContainEqual({ q: '赵' });
  });

  it('grant an institution account: the institution must be chosen, and only the grants are sent', async () => {
    const updates: unknown[] = [];
    const institutionFilters: Filter[] = [];
    openConsoleAs(
      server,
      'admin',
      '/cardAccounts/10000001',
      mockCall(api.consoleApi.cardAccountOne, () => CARDS[0] as CardAccount),
      mockCall(api.consoleApi.cardAccountUpdate, async ({ request, params }) => {
        const body = await request.json();
        updates.push({ id: params.id, body });
        return card({ institution: true, institutionId: 2, institutionName: SITE.name });
      }),
      institutionListing(institutionFilters),
      cardListing(),
    );
    const user = userEvent.setup();
    await screen.findByText('北京市第一中学');
    await user.click(screen.getByLabelText(/机构账号/));
    await screen.findByRole('combobox', { name: /所属机构/ });
    await save(user);
    expect(await screen.findByText('请选择所属机构')).toBeInTheDocument();
    expect(updates).toEqual([]);
    // Typing searches the institutions through the server.
    await user.type(screen.getByRole('combobox', { name: /所属机构/ }), '上海');
    // Only enabled institutions are offered.
    await waitFor(() => expect(institutionFilters).toContainEqual({ status: 'active', q: '上海' }));
    await user.click(await screen.findByRole('option', { name: '上海考点一（SH-KD-01）' }));
    await save(user);
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toEqual({
      id: '10000001',
      body: { institution: true, institutionId: 2, operator: false },
    });
  });

  it('withdraw the operator role', async () => {
    const updates: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/cardAccounts/10000003',
      mockCall(api.consoleApi.cardAccountOne, () => CARDS[2] as CardAccount),
      mockCall(api.consoleApi.cardAccountUpdate, async ({ request }) => {
        updates.push(await request.json());
        return card({ id: '10000003', cardNo: '10000003', name: '赵审核' });
      }),
      cardListing(),
    );
    const user = userEvent.setup();
    const operator = await screen.findByLabelText(/审核员/);
    await waitFor(() => expect(operator).toBeChecked());
    await user.click(operator);
    await save(user);
    await waitFor(() => expect(updates).toEqual([{ institution: false, institutionId: null, operator: false }]));
  });

  it('are in the administrator’s menu beside the institutions', async () => {
    openConsoleAs(server, 'admin', '/cardAccounts', cardListing());
    expect(await screen.findByRole('menuitem', { name: /机构账号与审核员/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /^机构$/ })).toBeInTheDocument();
  });
});
