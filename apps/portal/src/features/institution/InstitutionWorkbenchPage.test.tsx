import { api, type FileDownload, type RosterPreview, type RosterPreviewRow } from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileSaver } from '../../shared/download';
import { dialogButton } from '../../testing/dialogs';
import { RequireAccountFlag } from '../account/RequireAccountFlag';
import { HOLDER, logInAs, loginResult, renderAt } from '../account/testing';
import { oneBatchHandler, person } from './creditFixtures';
import { InstitutionWorkbenchPage } from './InstitutionWorkbenchPage';
import { issueText } from './sheetImport';

const PEOPLE = Array.from({ length: 25 }, (_, index) =>
  person(index + 1, { gender: (index + 1) % 2 ? '男' : '女', state: (index + 1) % 3 ? 'pending' : 'active' }),
);

const previewRow = (row: number, overrides: Partial<RosterPreviewRow> = {}): RosterPreviewRow => ({
  row,
  name: `新生${row}`,
  gender: '男',
  birthDate: '2016-05-01',
  grade: '三年级1班',
  phone: '',
  guardianPhone: '139****0002',
  outcome: 'new',
  linkCardNo: null,
  issues: [],
  ...overrides,
});
const previewOf = (rows: RosterPreviewRow[]): RosterPreview => ({
  previewId: 'a'.repeat(64),
  fileName: 'roster.xlsx',
  total: rows.length,
  newCount: rows.filter((row) => row.outcome === 'new').length,
  linkCount: rows.filter((row) => row.outcome === 'link').length,
  refusedCount: rows.filter((row) => row.outcome === 'refused').length,
  rows,
  committedBatchId: null,
});
const CODES: FileDownload = {
  fileName: '激活码-批次7.xlsx',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  base64: btoa('PK-codes'),
};

const peopleQueries: Record<string, string>[] = [];
const server = setupServer(
  mockCall(api.institutionWorkbench.mine, () => ({
    id: 1,
    code: 'BJ-001',
    name: '北京市第一实验小学',
    kind: 'memberSchool' as const,
    kindLabel: '成员学校',
    province: '北京市',
    city: '北京市',
    county: '海淀区',
  })),
  mockCall(api.institutionWorkbench.people, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    peopleQueries.push(query);
    const matching = PEOPLE.filter(
      (entry) =>
        (!query.keyword || entry.name.includes(query.keyword) || entry.cardNo === query.keyword) &&
        (!query.state || entry.state === query.state),
    );
    const pageNum = Number(query.pageNum);
    const pageSize = Number(query.pageSize);
    return { list: matching.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: matching.length };
  }),
  oneBatchHandler(),
  // The credits card opens on its recording form, which asks for the catalogue.
  mockCall(api.creditWorkbench.catalogue, () => []),
  // The match cards: no event to register for, none organised (the review card stays away).
  mockCall(api.matchRegistration.events, () => ({ list: [], total: 0 })),
  mockCall(api.matchOrganiser.events, () => ({ list: [], total: 0 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  peopleQueries.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

let saved: { name: string; type: string; text: string }[] = [];
beforeEach(() => {
  saved = [];
  vi.spyOn(fileSaver, 'save').mockImplementation((blob, name) => {
    void blob.text().then((text) => saved.push({ name, type: blob.type, text }));
  });
});

const INSTITUTION_ACCOUNT = loginResult({ ucUserInfo: { ...HOLDER, institution: true } });
const open = () => {
  logInAs(INSTITUTION_ACCOUNT);
  return renderAt('/creditBank/institution', [
    {
      path: '/creditBank/institution',
      element: (
        <RequireAccountFlag flag="institution">
          <InstitutionWorkbenchPage />
        </RequireAccountFlag>
      ),
    },
  ]);
};

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const rowButton = (name: string, text: string) =>
  within(rowOf(name)).getByText(text).closest('button') as HTMLButtonElement;

/** Role queries skip the costly visibility check (`hidden`): the tabs are on screen. */
const openTab = async (name: string) => {
  const tab = await waitFor(() => {
    const found = screen.getAllByRole('tab', { hidden: true }).find((entry) => entry.textContent === name);
    if (!found) throw new Error(`no tab ${name}`);
    return found;
  });
  await userEvent.click(tab);
};

const chooseFile = async (name: string, content = 'x') => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, new File([content], name), { applyAccept: false });
};

describe('the institution workbench', () => {
  it('names the institution and lists its people with masked phones, paged through the server', async () => {
    open();
    expect(await screen.findByTestId('institution-name')).toHaveTextContent('北京市第一实验小学');
    expect(screen.getByText('成员学校')).toBeInTheDocument();
    expect(await screen.findByText('学生1')).toBeInTheDocument();
    expect(within(rowOf('学生1')).getByText('139****0001')).toBeInTheDocument();
    expect(within(rowOf('学生1')).getByText('未激活')).toBeInTheDocument();
    expect(within(rowOf('学生3')).getByText('已激活')).toBeInTheDocument();
    expect(screen.getByText('共 25 人')).toBeInTheDocument();
    expect(peopleQueries[0]).toEqual({ pageNum: '1', pageSize: '10' });
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('学生11')).toBeInTheDocument();
    expect(peopleQueries.at(-1)).toMatchObject({ pageNum: '2' });
  });

  it('searches by name or card number and filters by activation state', async () => {
    open();
    await screen.findByText('学生1');
    await userEvent.type(screen.getByLabelText('搜索姓名或卡号'), '10000105{Enter}');
    await waitFor(() => expect(peopleQueries.at(-1)).toEqual({ pageNum: '1', pageSize: '10', keyword: '10000105' }));
    expect(await screen.findByText('共 1 人')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('搜索姓名或卡号'));
    await userEvent.type(screen.getByLabelText('搜索姓名或卡号'), '{Enter}');
    await userEvent.click(screen.getByLabelText('激活状态'));
    await userEvent.click(await screen.findByTitle('已激活'));
    await waitFor(() => expect(peopleQueries.at(-1)).toEqual({ pageNum: '1', pageSize: '10', state: 'active' }));
    expect(await screen.findByText('共 8 人')).toBeInTheDocument();
  });

  it('re-issues a code only after a confirmation that the old one dies, and shows the new one', async () => {
    const reissued: string[] = [];
    server.use(
      mockCall(api.institutionWorkbench.reissueCode, ({ params }) => {
        reissued.push(String(params.cardNo));
        return {
          cardNo: String(params.cardNo),
          name: '学生1',
          code: 'QWER2345',
          expiresTime: '2026-12-20T02:00:00.000Z',
        };
      }),
    );
    open();
    await screen.findByText('学生1');
    expect(within(rowOf('学生3')).queryByText('重新生成激活码')).not.toBeInTheDocument();
    await userEvent.click(rowButton('学生1', '重新生成激活码'));
    expect(await screen.findByText(/之前发放的激活码立即作废/)).toBeInTheDocument();
    await userEvent.click(await dialogButton('取 消', '.ant-modal-confirm'));
    expect(reissued).toEqual([]);
    await userEvent.click(rowButton('学生1', '重新生成激活码'));
    await userEvent.click(await dialogButton('重新生成', '.ant-modal-confirm'));
    const shown = await screen.findByTestId('reissued-code');
    expect(shown).toHaveTextContent('QWER2345');
    expect(shown).toHaveTextContent('/creditBank/activate#cardNo=10000101&code=QWER2345');
    expect(reissued).toEqual(['10000101']);
  });

  it('removes a link after a confirmation that the card and its records stay with the holder', async () => {
    const removed: string[] = [];
    server.use(
      mockCall(api.institutionWorkbench.removeLink, ({ params }) => {
        removed.push(String(params.cardNo));
        return {};
      }),
    );
    open();
    await screen.findByText('学生2');
    const asked = peopleQueries.length;
    await userEvent.click(rowButton('学生2', '解除关联'));
    expect(await screen.findByText(/该卡及其学分记录仍归持卡人所有/)).toBeInTheDocument();
    await userEvent.click(await dialogButton('解除关联', '.ant-modal-confirm'));
    await waitFor(() => expect(removed).toEqual(['10000102']));
    // The list is asked for again.
    await waitFor(() => expect(peopleQueries.length).toBeGreaterThan(asked));
  });

  it('imports a roster: a refused row blocks the commit; the mended file commits and its codes download', async () => {
    const previews: string[] = [];
    const commits: { file: boolean; previewId: string }[] = [];
    let mended = false;
    server.use(
      mockCall(api.institutionWorkbench.rosterTemplate, () => ({ ...CODES, fileName: '名单模板.xlsx' })),
      mockCall(api.institutionWorkbench.rosterPreview, async ({ request }) => {
        previews.push((await request.formData()).has('file') ? 'file' : 'none');
        return previewOf([
          previewRow(2),
          previewRow(3, { outcome: 'link', linkCardNo: '10000002' }),
          mended
            ? previewRow(4)
            : previewRow(4, {
                outcome: 'refused',
                birthDate: '2016-02-30',
                issues: [
                  { row: 4, column: '出生日期', message: '第 4 行「出生日期」：应为 YYYY-MM-DD 格式的真实日期' },
                ],
              }),
        ]);
      }),
      mockCall(api.institutionWorkbench.rosterCommit, async ({ request }) => {
        const form = await request.formData();
        commits.push({ file: form.has('file'), previewId: String(form.get('previewId')) });
        return { batchId: 7, opened: 2, linked: 1, alreadyCommitted: false, codesFile: CODES };
      }),
    );
    open();
    await openTab('导入名单开卡');
    await userEvent.click(screen.getByTestId('roster-template'));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['名单模板.xlsx']));

    await chooseFile('roster.xlsx');
    const preview = await screen.findByTestId('roster-preview');
    expect(preview).toHaveTextContent('共 3 行：可开卡 1 行，将关联已有卡 1 行，未通过 1 行');
    // Only the refused rows at first, each with its row, column and reason.
    expect(within(preview).getByText('第 4 行「出生日期」：应为 YYYY-MM-DD 格式的真实日期')).toBeInTheDocument();
    expect(within(preview).queryByText('新生2')).not.toBeInTheDocument();
    expect(screen.getByTestId('roster-commit')).toBeDisabled();
    await userEvent.click(within(preview).getByText('全部 3'));
    expect(await within(preview).findByText('将关联已有卡 10000002')).toBeInTheDocument();

    mended = true;
    await chooseFile('roster-fixed.xlsx');
    await waitFor(() => expect(screen.getByTestId('roster-preview')).toHaveTextContent('未通过 0 行'));
    expect(screen.getByTestId('roster-commit')).toBeEnabled();
    await userEvent.click(screen.getByTestId('roster-commit'));
    expect(await screen.findByText('开卡完成')).toBeInTheDocument();
    expect(screen.getByText(/新开卡 2 张，关联已有卡 1 张/)).toBeInTheDocument();
    // jsdom's XMLHttpRequest sends a file part without its name or bytes: the browser test checks those.
    expect(previews).toEqual(['file', 'file']);
    expect(commits).toEqual([{ file: true, previewId: 'a'.repeat(64) }]);
    await userEvent.click(screen.getByTestId('download-codes'));
    await waitFor(() => expect(saved.at(-1)).toEqual({ name: CODES.fileName, type: CODES.mimeType, text: 'PK-codes' }));
  });

  it('refuses a file that is not a spreadsheet before sending it, and shows a whole-file refusal of the server', async () => {
    const previews: string[] = [];
    server.use(
      mockCall(api.institutionWorkbench.rosterPreview, async ({ request }) => {
        previews.push((await request.formData()).has('file') ? 'file' : 'none');
        return failure(400, '表头应为：姓名、性别、出生日期、年级/班级、本人手机、监护人手机');
      }),
    );
    open();
    await openTab('导入名单开卡');
    await chooseFile('photo.png');
    expect(await screen.findByTestId('roster-refusal')).toHaveTextContent('请选择 .xlsx 或 .csv 格式的名单文件');
    expect(previews).toEqual([]);
    await chooseFile('roster.csv', '名字,性别\n');
    expect(await screen.findByTestId('roster-refusal')).toHaveTextContent('表头应为：姓名、性别');
    expect(previews).toEqual(['file']);
  });

  it('re-downloads a batch’s codes only after a confirmation that the old codes die', async () => {
    const asked: string[] = [];
    server.use(
      mockCall(api.institutionWorkbench.batchCodes, ({ params }) => {
        asked.push(String(params.batchId));
        return CODES;
      }),
    );
    open();
    await openTab('开卡批次');
    await userEvent.click(await screen.findByText('重新下载激活码'));
    expect(await screen.findByText(/20 张尚未激活的卡重新生成激活码/)).toBeInTheDocument();
    await userEvent.click(await dialogButton('重新生成并下载', '.ant-modal-confirm'));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual([CODES.fileName]));
    expect(asked).toEqual(['7']);
  });

  it('is refused to a card account that is not an institution account, without asking the server', () => {
    logInAs();
    renderAt('/creditBank/institution', [
      {
        path: '/creditBank/institution',
        element: (
          <RequireAccountFlag flag="institution">
            <InstitutionWorkbenchPage />
          </RequireAccountFlag>
        ),
      },
    ]);
    expect(screen.getByText('该页面仅供机构账号使用。如需开通，请联系联盟管理员。')).toBeInTheDocument();
    expect(peopleQueries).toEqual([]);
  });
});

describe('issueText', () => {
  it('names the row and the column once, whatever the server put in the message', () => {
    expect(
      issueText({ row: 5, column: '出生日期', message: '第 5 行「出生日期」：应为 YYYY-MM-DD 格式的真实日期' }),
    ).toBe('第 5 行「出生日期」：应为 YYYY-MM-DD 格式的真实日期');
    expect(issueText({ row: 6, column: '姓名', message: '「姓名」不能为空' })).toBe('第 6 行「姓名」：不能为空');
    expect(issueText({ row: 7, column: '', message: '本人手机和监护人手机至少填一个' })).toBe(
      '第 7 行：本人手机和监护人手机至少填一个',
    );
  });
});
