import { api, type CreditImportPreview } from '@lianmeng/core';
import { mockCall } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CreditImport } from './CreditImport';
import { renderForInstitution } from './creditFixtures';

type Row = CreditImportPreview['rows'][number];

const row = (number: number, overrides: Partial<Row> = {}): Row => ({
  row: number,
  cardNo: '10000101',
  name: '学生1',
  itemCode: 'COMP-CIT',
  itemName: '机器人运动竞赛市级获奖',
  date: `2026-09-${String(number).padStart(2, '0')}`,
  credits: 3,
  certificateNo: '',
  outcome: 'ok',
  issues: [],
  ...overrides,
});

const previewOf = (rows: Row[]): CreditImportPreview => ({
  previewId: 'b'.repeat(64),
  fileName: 'credits.xlsx',
  total: rows.length,
  okCount: rows.filter((entry) => entry.outcome === 'ok').length,
  duplicateCount: rows.filter((entry) => entry.outcome === 'duplicate').length,
  refusedCount: rows.filter((entry) => entry.outcome === 'refused').length,
  rows,
  committedBatchId: null,
});

const DUPLICATE = row(5, {
  outcome: 'duplicate',
  date: '2026-09-02',
  issues: [{ row: 5, column: '项目代码', message: '第 5 行：与第 2 行重复（同一持卡人、项目、日期），不会重复登记' }],
});

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const chooseFile = async (name: string) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, new File(['x'], name), { applyAccept: false });
};

describe('recording credits from a spreadsheet', () => {
  it('previews refused rows and a duplicate, blocks the commit until the file is mended, then commits', async () => {
    let mended = false;
    const commits: string[] = [];
    let committed = 0;
    server.use(
      mockCall(api.creditWorkbench.importPreview, () =>
        previewOf([
          row(2),
          row(
            3,
            mended
              ? {}
              : {
                  outcome: 'refused',
                  date: '2099-01-01',
                  issues: [{ row: 3, column: '获得日期', message: '第 3 行「获得日期」：日期不能晚于今天' }],
                },
          ),
          row(
            4,
            mended
              ? {}
              : {
                  outcome: 'refused',
                  cardNo: '10000002',
                  issues: [
                    { row: 4, column: '卡号', message: '第 4 行「卡号」：该卡不在本机构人员名单中，请先通过名单关联' },
                  ],
                },
          ),
          DUPLICATE,
        ]),
      ),
      mockCall(api.creditWorkbench.importCommit, async ({ request }) => {
        commits.push(String((await request.formData()).get('previewId')));
        return { batchId: 12, recorded: 3, duplicates: 1, alreadyCommitted: false };
      }),
    );
    renderForInstitution(<CreditImport onCommitted={() => (committed += 1)} />);
    await chooseFile('credits.xlsx');
    const preview = await screen.findByTestId('credit-import-preview');
    expect(preview).toHaveTextContent('共 4 行：可登记 1 行，重复 1 行，未通过 2 行');
    // The refused rows first, each with its row, column and reason.
    expect(within(preview).getByText('第 3 行「获得日期」：日期不能晚于今天')).toBeInTheDocument();
    expect(
      within(preview).getByText('第 4 行「卡号」：该卡不在本机构人员名单中，请先通过名单关联'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('credit-import-commit')).toBeDisabled();
    await userEvent.click(within(preview).getByText('重复 1'));
    expect(
      await within(preview).findByText('第 5 行：与第 2 行重复（同一持卡人、项目、日期），不会重复登记'),
    ).toBeInTheDocument();
    expect(within(preview).getByText('重复，不登记')).toBeInTheDocument();

    mended = true;
    await chooseFile('credits-fixed.xlsx');
    await waitFor(() =>
      expect(screen.getByTestId('credit-import-preview')).toHaveTextContent(
        '共 4 行：可登记 3 行，重复 1 行，未通过 0 行',
      ),
    );
    expect(screen.getByTestId('credit-import-commit')).toBeEnabled();
    await userEvent.click(screen.getByTestId('credit-import-commit'));
    expect(await screen.findByTestId('credit-import-done')).toHaveTextContent('登记 3 条，跳过重复 1 条（批次 12）');
    expect(commits).toEqual(['b'.repeat(64)]);
    expect(committed).toBe(1);
  });

  it('refuses a file that is not a spreadsheet without sending it', async () => {
    renderForInstitution(<CreditImport onCommitted={() => undefined} />);
    await chooseFile('evidence.pdf');
    expect(await screen.findByTestId('credit-import-refusal')).toHaveTextContent(
      '请选择 .xlsx 或 .csv 格式的学分表文件',
    );
  });
});
