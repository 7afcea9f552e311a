import { api, type LedgerRecord, type ReviewQueueItem } from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorBus } from '../../app/errorBus';
import { dialogButton } from '../../testing/dialogs';
import { AccountHeaderEntry } from '../account/AccountHeaderEntry';
import { RequireAccountFlag } from '../account/RequireAccountFlag';
import { HOLDER, logInAs, loginResult, renderAt } from '../account/testing';
import { evidenceTab } from './openEvidence';
import { ReviewWorkbenchPage } from './ReviewWorkbenchPage';

const queueItem = (overrides: Partial<ReviewQueueItem> = {}): ReviewQueueItem => ({
  key: 'batch:7',
  type: 'batch',
  batchId: 7,
  recordId: null,
  institutionId: 1,
  institutionName: '北京市第一中学',
  fileName: '本月活动学分.csv',
  submittedBy: '10000003',
  submittedTime: '2026-11-20T02:00:00.000Z',
  count: 3,
  credits: 7,
  reviewable: true,
  ...overrides,
});
const QUEUE: ReviewQueueItem[] = [
  queueItem(),
  queueItem({
    key: 'record:40',
    type: 'record',
    batchId: null,
    recordId: 40,
    institutionId: 2,
    institutionName: '上海市实验学校',
    fileName: '',
    submittedBy: '10000004',
    submittedTime: '2026-11-22T02:00:00.000Z',
    count: 1,
    credits: 2,
  }),
  queueItem({
    key: 'batch:9',
    batchId: 9,
    institutionId: 3,
    institutionName: '审核中心附属学校',
    fileName: '本机构.csv',
    reviewable: false,
  }),
];

const record = (id: number, overrides: Partial<LedgerRecord> = {}): LedgerRecord => ({
  id,
  cardNo: `1000010${id % 10}`,
  holderName: `张*${id}`,
  institutionId: 1,
  institutionName: '北京市第一中学',
  itemId: 3,
  itemName: `机器人竞赛${id}`,
  kind: '竞赛',
  level: '市级',
  date: '2026-11-10',
  credits: 2,
  certificateNo: `JS-${id}`,
  hasEvidence: id === 11,
  state: 'submitted',
  stateLabel: '待审核',
  reversesId: null,
  batchId: 7,
  reason: '',
  submittedBy: '10000003',
  submittedTime: '2026-11-20T02:00:00.000Z',
  reviewedBy: '',
  reviewingUnit: '',
  decidedTime: null,
  objectionOpen: false,
  ...overrides,
});
const BATCH_RECORDS = [record(11), record(12), record(13, { credits: 3 })];
const SINGLE = record(40, { institutionId: 2, institutionName: '上海市实验学校', batchId: null });

const queueQueries: Record<string, string>[] = [];
const recordQueries: Record<string, string>[] = [];
const server = setupServer(
  mockCall(api.creditReview.queue, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    queueQueries.push(query);
    const matching = QUEUE.filter((item) => !query.institutionId || item.institutionId === Number(query.institutionId));
    const pageNum = Number(query.pageNum);
    const pageSize = Number(query.pageSize);
    return { list: matching.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: matching.length };
  }),
  mockCall(api.creditReview.records, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    recordQueries.push(query);
    const list = query.batchId ? BATCH_RECORDS : [record(41, { batchId: 5 }), SINGLE];
    return { list, total: list.length };
  }),
  // The header's unread count, asked for by the header's entry for a logged-in holder.
  mockCall(api.creditHolder.unreadCount, () => ({ unread: 0 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  queueQueries.length = 0;
  recordQueries.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const reviewRoute = {
  path: '/creditBank/review',
  element: (
    <RequireAccountFlag flag="operator">
      <ReviewWorkbenchPage />
    </RequireAccountFlag>
  ),
};
const asOperator = () => logInAs(loginResult({ ucUserInfo: { ...HOLDER, operator: true } }));
const open = () => {
  asOperator();
  return renderAt('/creditBank/review', [reviewRoute]);
};

/** The queue item of an institution, once the queue has arrived. */
const queueEntry = async (institution: string) =>
  (await screen.findByRole('heading', { level: 3, name: institution })).closest('li') as HTMLElement;

const openItem = async (institution: string) => {
  await userEvent.click(within(await queueEntry(institution)).getByText('查看并审核'));
  return screen.findByRole('heading', { level: 2, name: new RegExp(institution) });
};

describe('the review workbench', () => {
  it('lists the queue by institution and date, filters and pages it through the server', async () => {
    open();
    expect(screen.getByRole('heading', { level: 1, name: '审核工作台' })).toBeInTheDocument();
    const batch = await queueEntry('北京市第一中学');
    expect(batch).toHaveTextContent('批量导入批次 7「本月活动学分.csv」');
    expect(batch).toHaveTextContent('待审核 3 条，共 7 学分');
    expect(batch).toHaveTextContent('提交：10000003 · 2026年11月20日 10:00');
    expect(await queueEntry('上海市实验学校')).toHaveTextContent('单条登记记录 #40');
    // The operator's own institution's batch is shown but not offered.
    const own = await queueEntry('审核中心附属学校');
    expect(within(own).queryByText('查看并审核')).not.toBeInTheDocument();
    expect(own).toHaveTextContent('本机构提交，不能由本账号审核');
    expect(screen.getByText('共 3 项待审核')).toBeInTheDocument();
    expect(queueQueries).toContainEqual({ pageNum: '1', pageSize: '10' });

    await userEvent.click(screen.getByLabelText('机构'));
    await userEvent.click(await screen.findByTitle('上海市实验学校'));
    await waitFor(() => expect(queueQueries.at(-1)).toEqual({ pageNum: '1', pageSize: '10', institutionId: '2' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '北京市第一中学' })).not.toBeInTheDocument());

    await userEvent.type(screen.getByLabelText('提交日期起'), '2026-11-01{Enter}');
    await waitFor(() =>
      expect(queueQueries.at(-1)).toEqual({ pageNum: '1', pageSize: '10', institutionId: '2', from: '2026-11-01' }),
    );
  });

  it('pages a long queue through the server', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      queueItem({ key: `batch:${index + 1}`, batchId: index + 1, institutionName: `学校${index + 1}` }),
    );
    server.use(
      mockCall(api.creditReview.queue, ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        queueQueries.push(query);
        const start = (Number(query.pageNum) - 1) * Number(query.pageSize);
        return { list: many.slice(start, start + Number(query.pageSize)), total: many.length };
      }),
    );
    open();
    await queueEntry('学校1');
    expect(screen.getByText('共 25 项待审核')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    await queueEntry('学校11');
    expect(queueQueries.at(-1)).toEqual({ pageNum: '2', pageSize: '10' });
  });

  it('sends an ended session to the log-in, as every other call does', async () => {
    const heard: number[] = [];
    const stop = errorBus.subscribe((failure) => heard.push(failure.status));
    server.use(mockCall(api.creditReview.approveRecords, () => failure(401, '登录已过期，请重新登录')));
    open();
    await openItem('上海市实验学校');
    await screen.findByTestId('review-record-40');
    await userEvent.click(screen.getByText('通 过'));
    await waitFor(() => expect(heard).toEqual([401]));
    stop();
  });

  it('says so when nothing waits', async () => {
    server.use(mockCall(api.creditReview.queue, () => ({ list: [], total: 0 })));
    open();
    expect(await screen.findByText('暂无待审核的记录')).toBeInTheDocument();
  });

  it('opens a batch with its records and approves it whole only after a confirmation that names the count', async () => {
    const approved: string[] = [];
    server.use(
      mockCall(api.creditReview.approveBatch, ({ params }) => {
        approved.push(String(params.batchId));
        return { posted: 3 };
      }),
    );
    open();
    const heading = await openItem('北京市第一中学');
    expect(heading).toHaveFocus();
    const first = await screen.findByTestId('review-record-11');
    for (const text of ['张*11', '10000101', '机器人竞赛11', '竞赛 · 市级', '2026-11-10', 'JS-11', '2 学分']) {
      expect(first).toHaveTextContent(text);
    }
    expect(recordQueries.at(-1)).toEqual({ batchId: '7', pageNum: '1', pageSize: '20' });

    await userEvent.click(screen.getByText('通过整批（3 条）'));
    expect(await screen.findByText(/中全部 3 条待审核记录，通过后立即入账/)).toBeInTheDocument();
    await userEvent.click(await dialogButton('取 消'));
    expect(approved).toEqual([]);

    await userEvent.click(screen.getByText('通过整批（3 条）'));
    await userEvent.click(await dialogButton('确认通过 3 条'));
    const notice = await screen.findByTestId('review-notice');
    await waitFor(() => expect(notice).toHaveTextContent('已通过批次 7「本月活动学分.csv」，3 条记录已入账'));
    expect(approved).toEqual(['7']);
    // Back on the queue, asked for again, the focus on what happened.
    expect(notice).toHaveFocus();
    await queueEntry('北京市第一中学');
  });

  it('returns selected records only with a reason', async () => {
    const returned: unknown[] = [];
    server.use(
      mockCall(api.creditReview.returnRecords, async ({ request }) => {
        returned.push(await request.json());
        return { returned: 1 };
      }),
    );
    open();
    await openItem('北京市第一中学');
    await userEvent.click(await screen.findByLabelText('选择 张*12 机器人竞赛12 2026-11-10'));
    expect(screen.getByText('已选 1 条')).toBeInTheDocument();
    await userEvent.click(screen.getByText('退回所选'));
    expect(await screen.findByText(/将退回 1 条记录/)).toBeInTheDocument();
    await userEvent.click(await dialogButton('确认退回'));
    expect(await screen.findByText('请填写退回原因')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('退回原因'), '缺');
    await userEvent.click(await dialogButton('确认退回'));
    expect(await screen.findByText('请填写原因（至少 2 个字）')).toBeInTheDocument();
    expect(returned).toEqual([]);

    await userEvent.type(screen.getByLabelText('退回原因'), '少证书');
    await userEvent.click(await dialogButton('确认退回'));
    await waitFor(() => expect(returned).toEqual([{ ids: [12], reason: '缺少证书' }]));
    // Part of the batch still waits: the workbench stays on it and says what was done.
    expect(await screen.findByTestId('review-detail-notice')).toHaveTextContent('已退回 1 条记录，机构将看到退回原因');
    expect(screen.getByTestId('review-detail-notice')).toHaveFocus();
    expect(screen.getByText('已选 0 条')).toBeInTheDocument();
  });

  it('approves the selected records, and goes back to the queue once none of the item waits', async () => {
    const approved: unknown[] = [];
    server.use(
      mockCall(api.creditReview.approveRecords, async ({ request }) => {
        const body = (await request.json()) as { ids: number[] };
        approved.push(body);
        return { posted: body.ids.length };
      }),
    );
    open();
    await openItem('北京市第一中学');
    await userEvent.click(await screen.findByLabelText('选择 张*11 机器人竞赛11 2026-11-10'));
    await userEvent.click(screen.getByLabelText('选择 张*13 机器人竞赛13 2026-11-10'));
    const asked = recordQueries.length;
    await userEvent.click(screen.getByText('通过所选'));
    await waitFor(() => expect(approved).toEqual([{ ids: [11, 13] }]));
    expect(await screen.findByTestId('review-detail-notice')).toHaveTextContent('已通过 2 条记录，已入账');
    await waitFor(() => expect(recordQueries.length).toBeGreaterThan(asked));

    // Choosing the whole page and approving it leaves nothing waiting in the batch.
    await userEvent.click(screen.getByText('全选本页'));
    await userEvent.click(screen.getByText('通过所选'));
    await waitFor(() => expect(approved.at(-1)).toEqual({ ids: [11, 12, 13] }));
    expect(await screen.findByTestId('review-notice')).toHaveTextContent('已通过 3 条记录，已入账');
  });

  it('says clearly that another operator decided first (409), and refreshes the queue', async () => {
    server.use(mockCall(api.creditReview.approveBatch, () => failure(409, '该批次已被处理')));
    open();
    await openItem('北京市第一中学');
    await screen.findByTestId('review-record-11');
    const asked = queueQueries.length;
    await userEvent.click(screen.getByText('通过整批（3 条）'));
    await userEvent.click(await dialogButton('确认通过 3 条'));
    const notice = await screen.findByTestId('review-notice');
    await waitFor(() => expect(notice).toHaveTextContent('已被其他审核员处理'));
    expect(notice).toHaveTextContent('本次操作未做任何改动。待审核队列已刷新');
    expect(within(notice).getByRole('alert')).toBeInTheDocument();
    expect(notice).toHaveFocus();
    await waitFor(() => expect(queueQueries.length).toBeGreaterThan(asked));
    // No error dialog that would take the operator off the page.
    expect(screen.queryByText('提示信息')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of its own institution’s record, staying on the record', async () => {
    server.use(mockCall(api.creditReview.approveRecords, () => failure(403, '不能审核本机构提交的记录')));
    open();
    await openItem('上海市实验学校');
    // The single record is found among its institution's waiting records.
    expect(await screen.findByTestId('review-record-40')).toHaveTextContent('机器人竞赛40');
    expect(screen.queryByTestId('review-record-41')).not.toBeInTheDocument();
    expect(recordQueries.at(-1)).toEqual({ institutionId: '2', pageNum: '1', pageSize: '999' });
    await userEvent.click(screen.getByText('通 过'));
    const notice = await screen.findByTestId('review-detail-notice');
    await waitFor(() => expect(notice).toHaveTextContent('不能审核本机构提交的记录'));
    expect(screen.getByTestId('review-record-40')).toBeInTheDocument();
  });

  it('returns a single record with its reason, and goes back to the queue', async () => {
    const returned: unknown[] = [];
    server.use(
      mockCall(api.creditReview.returnRecords, async ({ request }) => {
        returned.push(await request.json());
        return { returned: 1 };
      }),
    );
    open();
    await openItem('上海市实验学校');
    await screen.findByTestId('review-record-40');
    await userEvent.click(screen.getByText('退 回'));
    await userEvent.type(await screen.findByLabelText('退回原因'), '日期与证书不符');
    await userEvent.click(await dialogButton('确认退回'));
    await waitFor(() => expect(returned).toEqual([{ ids: [40], reason: '日期与证书不符' }]));
    expect(await screen.findByTestId('review-notice')).toHaveTextContent('已退回 1 条记录');
  });

  it('opens a record’s evidence in a new tab through the evidence call', async () => {
    const tab = {} as Window;
    const opened = vi.spyOn(evidenceTab, 'open').mockReturnValue(tab);
    const shown: { tab: Window; type: string; text: string }[] = [];
    vi.spyOn(evidenceTab, 'show').mockImplementation((target, blob) => {
      void blob.text().then((text) => shown.push({ tab: target, type: blob.type, text }));
    });
    const asked: string[] = [];
    server.use(
      mockCall(api.creditReview.evidence, ({ params }) => {
        asked.push(String(params.id));
        return { fileName: '证书.pdf', mimeType: 'application/pdf', base64: btoa('%PDF-1.7') };
      }),
    );
    open();
    await openItem('北京市第一中学');
    const first = await screen.findByTestId('review-record-11');
    expect(within(screen.getByTestId('review-record-12')).getByText('无证明材料')).toBeInTheDocument();
    await userEvent.click(within(first).getByText('查看证明材料'));
    await waitFor(() => expect(shown).toEqual([{ tab, type: 'application/pdf', text: '%PDF-1.7' }]));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(asked).toEqual(['11']);
  });

  it('goes back to the queue with the focus on its heading', async () => {
    open();
    await openItem('北京市第一中学');
    await userEvent.click(screen.getByText('返回待审核队列'));
    expect(await screen.findByRole('heading', { level: 2, name: '待审核队列' })).toHaveFocus();
  });

  it('is refused to an account without the operator flag', () => {
    logInAs();
    renderAt('/creditBank/review', [reviewRoute]);
    expect(screen.getByText('该页面仅供联盟审核员使用。')).toBeInTheDocument();
    expect(queueQueries).toEqual([]);
  });
});

describe('the credit bank menu', () => {
  it('shows the workbench entries only to accounts with the flags', async () => {
    open();
    const menu = screen.getByRole('navigation', { name: '学分银行菜单' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['我的学分', '审核工作台']);
    expect(within(menu).getByRole('link', { name: '审核工作台' })).toHaveAttribute('aria-current', 'page');
    await queueEntry('北京市第一中学');
  });

  it('shows an institution account its workbench in the header and in the menu', () => {
    logInAs(loginResult({ ucUserInfo: { ...HOLDER, institution: true } }));
    renderAt('/index', [{ path: '/index', element: <AccountHeaderEntry /> }]);
    expect(screen.getByRole('link', { name: '机构工作台' })).toHaveAttribute('href', '/creditBank/institution');
    expect(screen.queryByRole('link', { name: '审核工作台' })).not.toBeInTheDocument();
  });

  it('shows an ordinary holder no workbench at all', () => {
    logInAs();
    renderAt('/index', [{ path: '/index', element: <AccountHeaderEntry /> }]);
    expect(screen.queryByRole('link', { name: /工作台/ })).not.toBeInTheDocument();
  });
});
