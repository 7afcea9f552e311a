import { api, type CreditRecord, type Objection } from '@lianmeng/core';
import { failure, holderRecordFixture, mockCall } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileSaver } from '../../shared/download';
import { HOLDER, logInAs, loginResult, renderAt, SECOND_HOLDER } from '../account/testing';
import { CreditBankInfoPage } from './CreditBankInfoPage';

const record = holderRecordFixture;

const objection = (overrides: Partial<Objection>): Objection => ({
  id: 1,
  recordId: 1,
  cardNo: HOLDER.cardNo,
  holderName: '',
  itemName: '活动 1',
  date: '2026-02-15',
  credits: 2,
  reason: '我没有参加这次活动',
  createTime: '2026-11-20T02:00:00.000Z',
  state: 'open',
  answer: '',
  answerTime: null,
  ...overrides,
});

/** Kinds by key, as the filter sends them, and the label the records carry. */
const KIND_KEYS: Record<string, string> = { competition: '竞赛', training: '培训' };

let records: CreditRecord[] = [];
const queries: Record<string, string>[] = [];
const server = setupServer(
  // The page's 获奖证书 card is tested with the certificates; here the card has none.
  mockCall(api.matchCertificates.mine, () => []),
  mockCall(api.creditBank.info, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    queries.push(query);
    const matching = records.filter(
      (item) =>
        (!query.kind || item.kind === KIND_KEYS[query.kind]) &&
        (!query.level || item.level === query.level) &&
        (!query.from || item.date >= query.from) &&
        (!query.to || item.date <= query.to),
    );
    const pageNum = Number(query.pageNum);
    const pageSize = Number(query.pageSize);
    return {
      cardNo: query.cardNo ?? '',
      name: HOLDER.name,
      school: HOLDER.school,
      totalCredits: 48,
      categories: ['培训研修', '竞赛获奖'],
      list: matching.slice((pageNum - 1) * pageSize, pageNum * pageSize),
      total: matching.length,
    };
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  queries.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const twentyFour = () => Array.from({ length: 24 }, (_, index) => record(index + 1));
const open = () => renderAt('/creditBank/info', [{ path: '/creditBank/info', element: <CreditBankInfoPage /> }]);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('CreditBankInfoPage', () => {
  it('shows the holder, school, card number, total and the first page of records', async () => {
    records = twentyFour();
    logInAs();
    open();
    expect(await screen.findByText('活动 1')).toBeInTheDocument();
    expect(screen.getByTestId('total-credits')).toHaveTextContent('48');
    expect(screen.getByText(HOLDER.school)).toBeInTheDocument();
    expect(screen.getByText(HOLDER.cardNo)).toBeInTheDocument();
    expect(screen.getByText('共 24 条')).toBeInTheDocument();
    expect(queries[0]).toEqual({ cardNo: HOLDER.cardNo, pageNum: '1', pageSize: '10' });
    expect(screen.getByRole('link', { name: '开具证明' })).toHaveAttribute('href', '/creditBank/proofs');
  });

  it('is framed like every page (title, 当前位置, one heading, no second <main>) and its pager speaks Chinese', async () => {
    records = twentyFour();
    logInAs();
    open();
    await screen.findByText('活动 1');
    expect(screen.getByRole('heading', { level: 1, name: '学分银行' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: '当前位置' })).getByText('学分银行')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^学分银行 - /));
    expect(document.querySelector('main')).toBeNull();
    expect(document.body.textContent).toContain('条/页');
    expect(document.body.textContent).not.toMatch(/\/ page|items/);
  });

  it('shows where each record came from and its state: posted, reversed, or under objection with the answer', async () => {
    records = [
      record(1, {
        itemName: '机器人运动等级考试三级',
        kind: '等级考试',
        level: '三级',
        institutionName: '北京市海淀区实验小学',
        postedDate: '2026-11-20',
        reviewingUnit: '联盟认证中心',
        certificateNo: 'KS-2026-003',
      }),
      record(2, {
        itemName: '市级机器人竞赛',
        state: 'reversed',
        stateLabel: '已冲正',
        reversal: { reason: '成绩录入错误', postedDate: '2026-11-22' },
      }),
      record(3, {
        itemName: '省级运动会',
        state: 'objecting',
        stateLabel: '异议处理中',
        objection: objection({ recordId: 3, reason: '学分少记了 1 分' }),
      }),
      record(4, {
        itemName: '交流活动',
        objection: objection({ recordId: 4, reason: '日期不对', state: 'kept', answer: '以活动签到表为准' }),
      }),
    ];
    logInAs();
    open();
    const exam = await rowOf('机器人运动等级考试三级');
    expect(exam).toHaveTextContent('等级考试 · 三级');
    expect(exam).toHaveTextContent('证书编号 KS-2026-003');
    expect(exam).toHaveTextContent('登记：北京市海淀区实验小学');
    expect(exam).toHaveTextContent('入账：2026-11-20 联盟认证中心');
    expect(within(exam).getByText('已入账')).toBeInTheDocument();

    const reversed = await rowOf('市级机器人竞赛');
    expect(within(reversed).getByText('已冲正')).toBeInTheDocument();
    expect(reversed).toHaveTextContent('2026-11-22 冲正：成绩录入错误');

    const objecting = await rowOf('省级运动会');
    expect(within(objecting).getByText('异议处理中')).toBeInTheDocument();
    expect(objecting).toHaveTextContent('异议：学分少记了 1 分');
    expect(objecting).toHaveTextContent('答复：等待登记机构答复');

    const answered = await rowOf('交流活动');
    expect(within(answered).getByText('已入账')).toBeInTheDocument();
    expect(answered).toHaveTextContent('答复：维持原记录，以活动签到表为准');
  });

  it('pages, and filters by kind, level and date through the server; the levels follow the kind', async () => {
    records = twentyFour();
    logInAs();
    open();
    await screen.findByText('活动 1');
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('活动 11')).toBeInTheDocument();
    expect(queries.at(-1)).toMatchObject({ pageNum: '2' });

    await userEvent.click(screen.getByLabelText('类型'));
    await userEvent.click(await screen.findByTitle('竞赛'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ kind: 'competition', pageNum: '1' }));
    expect(await screen.findByText('共 12 条')).toBeInTheDocument();
    const recordRows = screen.getAllByRole('row').filter((row) => within(row).queryByText(/^活动 \d+$/));
    expect(recordRows.length).toBeGreaterThan(0);
    expect(recordRows.every((row) => row.textContent?.includes('竞赛 · 省级'))).toBe(true);

    // A competition is graded by who held it: the exam levels are not offered.
    await userEvent.click(screen.getByLabelText('级别'));
    expect(screen.queryByTitle('三级')).toBeNull();
    await userEvent.click(await screen.findByTitle('省级'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ kind: 'competition', level: '省级' }));

    // Choosing 等级考试 drops 省级, which no exam has.
    await userEvent.click(screen.getByLabelText('类型'));
    await userEvent.click(await screen.findByTitle('等级考试'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ kind: 'exam' }));
    expect(queries.at(-1)?.level).toBeUndefined();
    expect(await screen.findByText('暂无学分记录')).toBeInTheDocument();
  });

  it('filters by a date range', async () => {
    records = twentyFour();
    logInAs();
    open();
    await screen.findByText('活动 1');
    const user = userEvent.setup();
    const [start, end] = screen.getAllByPlaceholderText(/日期$/);
    if (!start || !end) throw new Error('the range picker has two inputs');
    await user.click(start);
    await user.type(start, '2026-03-01');
    await user.click(end);
    await user.type(end, '2026-04-30{Enter}');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ from: '2026-03-01', to: '2026-04-30', pageNum: '1' }));
    const dates = [...document.querySelectorAll('tr[data-row-key]')].map(
      (row) => row.querySelector('td')?.textContent ?? '',
    );
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((date) => date >= '2026-03-01' && date <= '2026-04-30')).toBe(true);
  });

  it('opens a record’s evidence through the holder’s evidence call', async () => {
    const asked: { id: string; cardNo: string | null }[] = [];
    server.use(
      mockCall(api.creditHolder.evidence, ({ request, params }) => {
        asked.push({ id: String(params.id), cardNo: new URL(request.url).searchParams.get('cardNo') });
        return { fileName: '证书.pdf', mimeType: 'application/pdf', base64: btoa('%PDF-1.4') };
      }),
    );
    const saved: { name: string; type: string; text: string }[] = [];
    vi.spyOn(fileSaver, 'save').mockImplementation((blob, name) => {
      void blob.text().then((text) => saved.push({ name, type: blob.type, text }));
    });
    records = [record(5, { itemName: '有证明的活动', hasEvidence: true }), record(6, { itemName: '无证明的活动' })];
    logInAs();
    open();
    expect(within(await rowOf('无证明的活动')).queryByRole('button', { name: /查看/ })).toBeNull();
    await userEvent.click(within(await rowOf('有证明的活动')).getByRole('button', { name: /查看/ }));
    await waitFor(() => expect(saved).toEqual([{ name: '证书.pdf', type: 'application/pdf', text: '%PDF-1.4' }]));
    expect(asked).toEqual([{ id: '5', cardNo: HOLDER.cardNo }]);
  });

  it('objects to a record with a required reason; the record then shows 异议处理中', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockCall(api.creditHolder.object, async ({ request, params }) => {
        const body = (await request.json()) as { reason: string };
        bodies.push({ id: String(params.id), ...body });
        records = records.map((item) =>
          item.id === Number(params.id)
            ? {
                ...item,
                state: 'objecting',
                stateLabel: '异议处理中',
                canObject: false,
                objection: objection({ recordId: item.id, reason: body.reason }),
              }
            : item,
        );
        return objection({ recordId: Number(params.id), reason: body.reason });
      }),
    );
    records = [record(7, { itemName: '新入账的竞赛', canObject: true }), record(8, { itemName: '早已入账的培训' })];
    logInAs();
    open();
    // Past the objection period, or already objected: no action.
    expect(within(await rowOf('早已入账的培训')).queryByRole('button', { name: /提出异议/ })).toBeNull();
    await userEvent.click(within(await rowOf('新入账的竞赛')).getByRole('button', { name: /提出异议/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('入账后 15 天内可提出');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交异议' }));
    expect(await within(dialog).findByText('请填写原因')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('异议原因'), '我没有参加这次比赛');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交异议' }));
    await waitFor(() => expect(bodies).toEqual([{ id: '7', cardNo: HOLDER.cardNo, reason: '我没有参加这次比赛' }]));
    expect(await screen.findByText('异议已提交，等待登记机构答复')).toBeInTheDocument();
    const row = await rowOf('新入账的竞赛');
    await waitFor(() => expect(within(row).getByText('异议处理中')).toBeInTheDocument());
    expect(row).toHaveTextContent('异议：我没有参加这次比赛');
    expect(within(row).queryByRole('button', { name: /提出异议/ })).toBeNull();
  });

  it('keeps the dialog open with the server’s refusal (a late objection changes nothing)', async () => {
    server.use(mockCall(api.creditHolder.object, () => failure(400, '已超过入账后 15 天，不能再提出异议')));
    records = [record(9, { itemName: '刚过期的竞赛', canObject: true })];
    logInAs();
    open();
    await userEvent.click(within(await rowOf('刚过期的竞赛')).getByRole('button', { name: /提出异议/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('异议原因'), '学分记错了');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交异议' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '提交异议' })).toBeEnabled());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(await rowOf('刚过期的竞赛')).getByText('已入账')).toBeInTheDocument();
  });

  it('on a phone, shows each record as a card with its provenance, and no table', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('max-width: 767px'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as typeof window.matchMedia;
    try {
      records = [record(11, { itemName: '手机上看的竞赛', canObject: true })];
      logInAs();
      open();
      const card = (await screen.findAllByTestId('credit-card'))[0] as HTMLElement;
      expect(card).toHaveTextContent('手机上看的竞赛');
      expect(card).toHaveTextContent('登记机构北京市第一中学');
      expect(card).toHaveTextContent('竞赛 · 省级');
      expect(within(card).getByText('已入账')).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: /提出异议/ })).toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: '获得日期' })).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });

  it('after a phone log-in with two cards, asks for the chosen card', async () => {
    records = twentyFour();
    logInAs(loginResult({ cardNoOfData: ['10000001', '10000002'] }), 'phone');
    localStorage.setItem('cardNo', '10000002');
    open();
    await screen.findByText('活动 1');
    expect(queries[0]?.cardNo).toBe('10000002');
    expect(screen.getByLabelText('切换卡号')).toBeInTheDocument();
  });

  it('switching the card binds the token to it first, then asks for its records', async () => {
    const chosen: string[] = [];
    server.use(
      mockCall(api.uc.chooseCard, async ({ request }) => {
        chosen.push(new URLSearchParams(await request.text()).get('cardNo') ?? '');
        return SECOND_HOLDER;
      }),
    );
    records = twentyFour();
    logInAs(loginResult({ cardNoOfData: ['10000001', '10000002'] }), 'phone');
    open();
    await screen.findByText('活动 1');
    await userEvent.click(screen.getByLabelText('切换卡号'));
    await userEvent.click(await screen.findByTitle('10000002'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ cardNo: '10000002', pageNum: '1' }));
    expect(chosen).toEqual(['10000002']);
    expect(localStorage.getItem('cardNo')).toBe('10000002');
  });
});
