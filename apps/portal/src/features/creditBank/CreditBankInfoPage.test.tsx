import { api, type CreditRecord } from '@lianmeng/core';
import { mockCall } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOLDER, logInAs, loginResult, renderAt, SECOND_HOLDER } from '../account/testing';
import { CreditBankInfoPage } from './CreditBankInfoPage';

const record = (id: number, category: string): CreditRecord => ({
  id,
  date: `2026-0${(id % 9) + 1}-15`,
  activity: `活动 ${id}`,
  category,
  credits: 2,
  issuer: '联盟秘书处',
  certificateNo: `LM${id}`,
  kind: '竞赛',
  level: '省级',
  itemName: `活动 ${id}`,
  institutionName: '北京市第一中学',
  postedDate: `2026-0${(id % 9) + 1}-16`,
  reviewingUnit: '联盟认证中心',
  hasEvidence: false,
  state: 'posted',
  stateLabel: '已入账',
  reversal: null,
  objection: null,
  canObject: false,
});

const queries: Record<string, string>[] = [];
const server = setupServer(
  mockCall(api.creditBank.info, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    queries.push(query);
    const all = Array.from({ length: 24 }, (_, index) => record(index + 1, index % 2 ? '竞赛获奖' : '培训研修'));
    const matching = all.filter((item) => !query.category || item.category === query.category);
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
});
afterAll(() => server.close());

describe('CreditBankInfoPage', () => {
  it('shows the holder, school, card number, total and the first page of records', async () => {
    logInAs();
    renderAt('/creditBank/info', [{ path: '/creditBank/info', element: <CreditBankInfoPage /> }]);
    expect(await screen.findByText('活动 1')).toBeInTheDocument();
    expect(screen.getByTestId('total-credits')).toHaveTextContent('48');
    expect(screen.getByText(HOLDER.school)).toBeInTheDocument();
    expect(screen.getByText(HOLDER.cardNo)).toBeInTheDocument();
    expect(screen.getByText('共 24 条')).toBeInTheDocument();
    expect(queries[0]).toEqual({ cardNo: HOLDER.cardNo, pageNum: '1', pageSize: '10' });
  });

  it('is framed like every page (title, 当前位置, one heading, no second <main>) and its pager speaks Chinese', async () => {
    logInAs();
    renderAt('/creditBank/info', [{ path: '/creditBank/info', element: <CreditBankInfoPage /> }]);
    await screen.findByText('活动 1');
    expect(screen.getByRole('heading', { level: 1, name: '学分银行' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: '当前位置' })).getByText('学分银行')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^学分银行 - /));
    expect(document.querySelector('main')).toBeNull();
    expect(document.body.textContent).toContain('条/页');
    expect(document.body.textContent).not.toMatch(/\/ page|items/);
  });

  it('pages and filters by category through the server', async () => {
    logInAs();
    renderAt('/creditBank/info', [{ path: '/creditBank/info', element: <CreditBankInfoPage /> }]);
    await screen.findByText('活动 1');
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('活动 11')).toBeInTheDocument();
    expect(queries.at(-1)).toMatchObject({ pageNum: '2' });
    await userEvent.click(screen.getByLabelText('类别'));
    const option = await screen.findByTitle('竞赛获奖');
    await userEvent.click(option);
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ category: '竞赛获奖', pageNum: '1' }));
    expect(await screen.findByText('共 12 条')).toBeInTheDocument();
    const recordRows = screen.getAllByRole('row').filter((row) => within(row).queryByText(/^活动 \d+$/));
    expect(recordRows.length).toBeGreaterThan(0);
    expect(recordRows.every((row) => row.textContent?.includes('竞赛获奖'))).toBe(true);
  });

  it('after a phone log-in with two cards, asks for the chosen card', async () => {
    logInAs(loginResult({ cardNoOfData: ['10000001', '10000002'] }), 'phone');
    localStorage.setItem('cardNo', '10000002');
    renderAt('/creditBank/info', [{ path: '/creditBank/info', element: <CreditBankInfoPage /> }]);
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
    logInAs(loginResult({ cardNoOfData: ['10000001', '10000002'] }), 'phone');
    renderAt('/creditBank/info', [{ path: '/creditBank/info', element: <CreditBankInfoPage /> }]);
    await screen.findByText('活动 1');
    await userEvent.click(screen.getByLabelText('切换卡号'));
    await userEvent.click(await screen.findByTitle('10000002'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ cardNo: '10000002', pageNum: '1' }));
    expect(chosen).toEqual(['10000002']);
    expect(localStorage.getItem('cardNo')).toBe('10000002');
  });
});
