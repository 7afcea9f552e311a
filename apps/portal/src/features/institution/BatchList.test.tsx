import { api } from '@lianmeng/core';
import { mockCall } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileSaver } from '../../shared/download';
import { HOLDER, logInAs, loginResult, renderAt } from '../account/testing';
import { BatchList } from './BatchList';
import { oneBatchHandler } from './creditFixtures';

const SLIPS = { fileName: '激活单-批次7.pdf', mimeType: 'application/pdf', base64: btoa('%PDF-slips') };
const asked: string[] = [];
const server = setupServer(
  oneBatchHandler(),
  mockCall(api.proofs.slips, ({ params }) => {
    asked.push(String(params.batchId));
    return SLIPS;
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe('BatchList', () => {
  it('prints a batch’s activation slips only after a confirmation that the old codes die', async () => {
    const saved: { name: string; type: string }[] = [];
    vi.spyOn(fileSaver, 'save').mockImplementation((blob, name) => {
      saved.push({ name, type: blob.type });
    });
    logInAs(loginResult({ ucUserInfo: { ...HOLDER, institution: true } }));
    renderAt('/creditBank/institution', [{ path: '/creditBank/institution', element: <BatchList version={0} /> }]);
    await userEvent.click(await screen.findByRole('button', { name: '打印激活单' }));
    const dialog = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].at(-1);
      if (!found) throw new Error('no confirmation open');
      return found;
    });
    expect(dialog).toHaveTextContent('20 张尚未激活的卡重新生成激活码，生成每人一张的激活单');
    expect(asked).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: '重新生成并下载激活单' }));
    await waitFor(() => expect(saved).toEqual([{ name: SLIPS.fileName, type: 'application/pdf' }]));
    expect(asked).toEqual(['7']);
  });
});
