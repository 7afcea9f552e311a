import { api, type ProofSummary } from '@lianmeng/core';
import { holderRecordFixture, mockCall } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileSaver } from '../../shared/download';
import { HOLDER, logInAs, renderAt } from '../account/testing';
import { ProofsPage } from './ProofsPage';

const record = holderRecordFixture;

const proof = (overrides: Partial<ProofSummary> = {}): ProofSummary => ({
  id: 7,
  code: 'ABCDEFGHJKLMNPQR',
  cardNo: HOLDER.cardNo,
  issueTime: '2026-11-20T02:00:00.000Z',
  validUntil: '2027-05-18',
  recordCount: 2,
  totalCredits: 4,
  state: 'valid',
  stateLabel: '有效',
  revokeTime: null,
  checkCount: 2,
  recentChecks: ['2026-11-22T03:00:00.000Z', '2026-11-21T03:00:00.000Z'],
  ...overrides,
});

let proofs: ProofSummary[] = [];
const issued: unknown[] = [];
const revoked: string[] = [];
const saved: string[] = [];
const server = setupServer(
  mockCall(api.creditBank.info, () => ({
    cardNo: HOLDER.cardNo,
    name: HOLDER.name,
    school: HOLDER.school,
    totalCredits: 4,
    categories: ['竞赛获奖'],
    list: [record(1), record(2), record(3, { state: 'reversed', stateLabel: '已冲正' })],
    total: 3,
  })),
  mockCall(api.proofs.list, () => proofs),
  mockCall(api.proofs.issue, async ({ request }) => {
    const body = await request.json();
    issued.push(body);
    proofs = [proof({ id: 8, code: 'QRSTUVWXYZ234567', checkCount: 0, recentChecks: [] }), ...proofs];
    return {
      proof: proofs[0] as ProofSummary,
      file: { fileName: '学习成果证明.pdf', mimeType: 'application/pdf', base64: 'JVBERg==' },
    };
  }),
  mockCall(api.proofs.revoke, ({ params }) => {
    revoked.push(String(params.id));
    proofs = proofs.map((item) =>
      String(item.id) === String(params.id) ? { ...item, state: 'revoked', stateLabel: '已撤销' } : item,
    );
    return proofs.find((item) => String(item.id) === String(params.id)) as ProofSummary;
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  issued.length = 0;
  revoked.length = 0;
  saved.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const open = () => {
  vi.spyOn(fileSaver, 'save').mockImplementation((_blob, name) => {
    saved.push(name);
  });
  logInAs();
  renderAt('/creditBank/proofs', [{ path: '/creditBank/proofs', element: <ProofsPage /> }]);
};

describe('ProofsPage', () => {
  it('lists the proofs with how often and when each was checked, never by whom', async () => {
    proofs = [proof()];
    open();
    expect(await screen.findByText('ABCD EFGH JKLM NPQR')).toBeInTheDocument();
    expect(screen.getByTestId('checks-7')).toHaveTextContent('共 2 次');
    expect(screen.getByRole('heading', { level: 1, name: '我的证明' })).toBeInTheDocument();
  });

  it('issues a proof of every posted record, downloads it, and shows it in the list', async () => {
    proofs = [];
    open();
    expect(await screen.findByText('全部已入账记录（2 条）')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('issue-proof'));
    await waitFor(() => expect(saved).toEqual(['学习成果证明.pdf']));
    expect(issued).toEqual([{ cardNo: HOLDER.cardNo, all: true, validDays: 180 }]);
    expect(await screen.findByText('QRST UVWX YZ23 4567')).toBeInTheDocument();
  });

  it('issues a proof of the chosen records only; a reversed one cannot be chosen', async () => {
    proofs = [];
    open();
    await userEvent.click(await screen.findByRole('radio', { name: '选择记录' }));
    expect(await screen.findByRole('checkbox', { name: /选择 2026-04-15/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /选择 2026-03-15/ }));
    await userEvent.click(screen.getByTestId('issue-proof'));
    await waitFor(() => expect(issued).toEqual([{ cardNo: HOLDER.cardNo, recordIds: [2], validDays: 180 }]));
  });

  it('revokes a proof after a confirmation', async () => {
    proofs = [proof()];
    open();
    const row = (await screen.findByText('ABCD EFGH JKLM NPQR')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /撤\s*销/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('立即查验为“已撤销”');
    await userEvent.click(within(dialog).getByRole('button', { name: /撤\s*销/ }));
    await waitFor(() => expect(revoked).toEqual(['7']));
    expect(await screen.findByText('已撤销')).toBeInTheDocument();
  });
});
