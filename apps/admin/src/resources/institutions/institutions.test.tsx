import { api, type Institution, type InstitutionImportPreview } from '@lianmeng/core';
import { mockCall, mockList } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleServerForFile, openConsoleAs } from '../../testing/consoleScreen';
import { fillIn, pickOption, save } from '../../testing/form';

const server = consoleServerForFile();

const institution = (overrides: Partial<Institution>): Institution => ({
  id: 1,
  code: 'BJ-HD-001',
  name: '北京市海淀区实验小学',
  kind: 'memberSchool',
  province: '北京市',
  city: '北京市',
  county: '海淀区',
  status: 'active',
  accountCount: 2,
  createTime: '2026-11-01T08:00:00.000Z',
  updateTime: '2026-11-01T08:00:00.000Z',
  ...overrides,
});
const INSTITUTIONS = [
  institution({ id: 1 }),
  institution({ id: 2, code: 'SH-KD-01', name: '上海市考点一', kind: 'examSite', province: '上海市', city: '上海市' }),
  institution({
    id: 3,
    code: 'GD-LLB',
    name: '广东联络办',
    kind: 'liaisonOffice',
    province: '广东省',
    status: 'disabled',
  }),
];

type Filter = { q?: string; kind?: string; status?: string; province?: string };
const listing = (filters: Filter[] = []) =>
  mockList(api.consoleApi.institutionList, ({ request }) => {
    const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as Filter;
    filters.push(filter);
    const rows = INSTITUTIONS.filter(
      (row) =>
        (!filter.q || row.name.includes(filter.q) || row.code.includes(filter.q)) &&
        (!filter.kind || row.kind === filter.kind) &&
        (!filter.status || row.status === filter.status) &&
        (!filter.province || row.province === filter.province),
    );
    return { rows };
  });

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('the institutions screens', () => {
  it('list institutions with Chinese kinds and statuses, filtering by kind through the server', async () => {
    const filters: Filter[] = [];
    openConsoleAs(server, 'admin', '/institutions', listing(filters));
    const row = await rowOf('上海市考点一');
    expect(within(row).getByText('考点')).toBeInTheDocument();
    expect(within(await rowOf('广东联络办')).getByText('停用')).toBeInTheDocument();
    const user = userEvent.setup();
    await pickOption(user, '机构类型', '成员学校');
    await waitFor(() => expect(screen.queryByText('上海市考点一')).not.toBeInTheDocument());
    expect(filters).toContainEqual({ kind: 'memberSchool' });
    expect(screen.getByText('北京市海淀区实验小学')).toBeInTheDocument();
  });

  it('create an institution with what the administrator typed', async () => {
    const created: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/institutions/create',
      mockCall(api.consoleApi.institutionCreate, async ({ request }) => {
        const body = (await request.json()) as Partial<Institution>;
        created.push(body);
        return institution({ ...body, id: 9 });
      }),
      listing(),
    );
    const user = userEvent.setup();
    await fillIn(user, /机构代码/, 'bad code!');
    expect(await screen.findByText('应为 2 到 32 位字母、数字或连字符')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/机构代码/));
    await fillIn(user, /机构代码/, 'ZJ-HZ-007');
    await fillIn(user, /机构名称/, '杭州市青少年活动中心');
    await pickOption(user, /机构类型/, '赛事承办单位');
    await fillIn(user, /^省/, '浙江省');
    await fillIn(user, /^市/, '杭州市');
    await save(user);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      code: 'ZJ-HZ-007',
      name: '杭州市青少年活动中心',
      kind: 'eventOrganiser',
      province: '浙江省',
      city: '杭州市',
    });
  });

  it('disable an institution only after a confirmation that its accounts stop working and no record changes', async () => {
    const updates: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/institutions',
      listing(),
      mockCall(api.consoleApi.institutionUpdate, async ({ request, params }) => {
        const body = (await request.json()) as Partial<Institution>;
        updates.push({ id: params.id, status: body.status });
        return institution({ status: 'disabled' });
      }),
    );
    const user = userEvent.setup();
    const row = await rowOf('北京市海淀区实验小学');
    await user.click(within(row).getByRole('button', { name: '停用' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('2 个机构账号立即不能使用');
    expect(dialog).toHaveTextContent('人员、开卡批次和学分记录都不会改变');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(updates).toEqual([]);
    // The row was not opened for editing by the click.
    expect(window.location.pathname).toBe('/admin/institutions');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(await rowOf('北京市海淀区实验小学')).getByRole('button', { name: '停用' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(updates).toEqual([{ id: '1', status: 'disabled' }]));
  });

  it('import a spreadsheet: a refused row blocks the import, a clean preview imports', async () => {
    const commits: string[] = [];
    let refused = true;
    const preview = (): InstitutionImportPreview => ({
      previewId: 'b'.repeat(64),
      fileName: 'institutions.xlsx',
      total: 2,
      newCount: refused ? 1 : 2,
      refusedCount: refused ? 1 : 0,
      alreadyCommitted: false,
      rows: [
        {
          row: 2,
          code: 'A-1',
          name: '甲校',
          kind: '成员学校',
          province: '北京市',
          city: '',
          county: '',
          outcome: 'new',
          issues: [],
        },
        {
          row: 3,
          code: 'A-1',
          name: '乙校',
          kind: '学校',
          province: '北京市',
          city: '',
          county: '',
          outcome: refused ? 'refused' : 'new',
          issues: refused
            ? [{ row: 3, column: '机构类型', message: '应为 成员学校、联络办、考点、赛事承办单位 或 联盟机构' }]
            : [],
        },
      ],
    });
    openConsoleAs(
      server,
      'admin',
      '/institutions',
      listing(),
      mockCall(api.consoleApi.institutionImportPreview, () => preview()),
      mockCall(api.consoleApi.institutionImportCommit, async ({ request }) => {
        commits.push(String((await request.formData()).get('previewId')));
        return { created: 2, alreadyCommitted: false };
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '从表格导入' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('机构导入表'), new File(['x'], 'institutions.xlsx'));
    expect(
      await within(dialog).findByText('第 3 行「机构类型」：应为 成员学校、联络办、考点、赛事承办单位 或 联盟机构'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '导入' })).toBeDisabled();
    refused = false;
    await user.upload(within(dialog).getByLabelText('机构导入表'), new File(['y'], 'institutions.xlsx'));
    const commit = await within(dialog).findByRole('button', { name: '导入 2 个机构' });
    await user.click(commit);
    await waitFor(() => expect(commits).toEqual(['b'.repeat(64)]));
    expect(await screen.findByText('已导入 2 个机构')).toBeInTheDocument();
  });

  it('are not offered to an editor', async () => {
    openConsoleAs(
      server,
      'editor',
      '/articles',
      mockList(api.consoleApi.articleList, () => ({ rows: [] })),
    );
    // The menu is drawn once the editor's rights are known: its 文章 entry is there, 机构 not.
    await screen.findByRole('menuitem', { name: /文章/ });
    expect(screen.queryByRole('menuitem', { name: /机构/ })).not.toBeInTheDocument();
  });
});
