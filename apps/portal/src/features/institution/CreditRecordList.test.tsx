import { api } from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dialogButton, enter } from '../../testing/dialogs';
import { CreditRecordList } from './CreditRecordList';
import { ledgerRecord, renderForInstitution } from './creditFixtures';

const RECORDS = [
  ledgerRecord({ id: 101, state: 'posted', stateLabel: '已入账', reviewingUnit: '联盟认证中心' }),
  ledgerRecord({ id: 102, holderName: '学生2', cardNo: '10000102', state: 'returned', reason: '日期与证书不符' }),
  ledgerRecord({ id: 103, holderName: '学生3', cardNo: '10000103' }),
];

const queries: Record<string, string>[] = [];
const server = setupServer(
  mockCall(api.creditWorkbench.list, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    queries.push(query);
    const list = RECORDS.filter(
      (record) => (!query.state || record.state === query.state) && (!query.cardNo || record.cardNo === query.cardNo),
    );
    return { list, total: list.length };
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  queries.length = 0;
});
afterAll(() => server.close());

const search = (label: string, value: string) => {
  enter(label, value);
  // The key is let go too: the input takes no second Enter while one is held.
  fireEvent.keyDown(screen.getByLabelText(label), { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(screen.getByLabelText(label), { key: 'Enter', code: 'Enter', keyCode: 13 });
};

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('the institution’s records', () => {
  it('shows each state, the reason of a return, and filters by state and card number', async () => {
    renderForInstitution(<CreditRecordList version={0} />);
    await screen.findByText('学生2');
    expect(within(rowOf('学生1')).getByText('已入账')).toBeInTheDocument();
    expect(within(rowOf('学生2')).getByText('已退回')).toBeInTheDocument();
    expect(within(rowOf('学生2')).getByText('退回原因：日期与证书不符')).toBeInTheDocument();
    expect(within(rowOf('学生3')).getByText('待审核')).toBeInTheDocument();
    // Only a posted record can be reversed.
    expect(within(rowOf('学生2')).queryByText('申请冲正')).not.toBeInTheDocument();
    expect(within(rowOf('学生3')).queryByText('申请冲正')).not.toBeInTheDocument();

    search('按卡号查找', '123');
    expect(await screen.findByText('卡号应为 8 到 20 位数字')).toBeInTheDocument();
    expect(queries).toHaveLength(1);
    search('按卡号查找', '10000102');
    await waitFor(() => expect(queries.at(-1)).toEqual({ pageNum: '1', pageSize: '10', cardNo: '10000102' }));
    await userEvent.click(screen.getByLabelText('记录状态'));
    await userEvent.click(await screen.findByTitle('已退回'));
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ pageNum: '1', pageSize: '10', cardNo: '10000102', state: 'returned' }),
    );
  });

  it('submits a reversal of a posted record only with a reason, and shows a refusal in the dialog', async () => {
    const reasons: unknown[] = [];
    let refuse = true;
    server.use(
      mockCall(api.creditWorkbench.reverse, async ({ params, request }) => {
        reasons.push({ id: params.id, ...((await request.json()) as object) });
        if (refuse) return failure(409, '该记录已有待审核的冲正');
        return ledgerRecord({ id: 110, reversesId: 101, reason: '学生未参赛' });
      }),
    );
    renderForInstitution(<CreditRecordList version={0} />);
    await screen.findByText('学生1');
    await userEvent.click(within(rowOf('学生1')).getByText('申请冲正'));
    await userEvent.click(await dialogButton('提交冲正'));
    expect(await screen.findByText('请填写冲正原因')).toBeInTheDocument();
    expect(reasons).toEqual([]);

    enter('冲正原因', '学生未参赛');
    await userEvent.click(await dialogButton('提交冲正'));
    expect(await screen.findByTestId('reversal-refusal')).toHaveTextContent('该记录已有待审核的冲正');

    refuse = false;
    const asked = queries.length;
    await userEvent.click(await dialogButton('提交冲正'));
    expect(await screen.findByText('冲正已提交，待审核')).toBeInTheDocument();
    expect(reasons.at(-1)).toEqual({ id: '101', reason: '学生未参赛' });
    await waitFor(() => expect(queries.length).toBeGreaterThan(asked));
  });
});
