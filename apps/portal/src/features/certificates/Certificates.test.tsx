import { api, type FinalEvent } from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { quietHttp } from '../../app/api';
import { fileSaver } from '../../shared/download';
import { dialogButton } from '../../testing/dialogs';
import { RequireAccountFlag } from '../account/RequireAccountFlag';
import { HOLDER, logInAs, loginResult, renderAt } from '../account/testing';
import { renderForInstitution } from '../institution/creditFixtures';
import { certificate, finalEvent } from './certificateFixtures';
import { EventCertificates } from './EventCertificates';
import { FinalPanel } from './FinalPanel';
import { MyCertificates } from './MyCertificates';

let events: FinalEvent[] = [];
const finalised: string[] = [];

const server = setupServer(
  mockCall(api.matchFinal.events, () => ({ list: events, total: events.length })),
  mockCall(api.matchCertificates.mine, () => [certificate()]),
  mockCall(api.matchCertificates.institution, () => ({
    list: [
      certificate(),
      certificate({ id: 6, certificateNo: 'JQR-2026-0003-0002', holderName: '王*明', printable: false }),
    ],
    total: 2,
  })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  events = [];
  finalised.length = 0;
});
afterAll(() => server.close());

const renderForOperator = () => {
  logInAs(loginResult({ ucUserInfo: { ...HOLDER, operator: true } }));
  return renderAt('/creditBank/review', [
    {
      path: '/creditBank/review',
      element: (
        <RequireAccountFlag flag="operator">
          <FinalPanel />
        </RequireAccountFlag>
      ),
    },
  ]);
};

/** Stands in for the client's download (jsdom's Blob cannot carry a body through msw); records what was asked. */
const downloads = () => {
  const saved: string[] = [];
  const asked: { path: string; params: unknown; query: unknown }[] = [];
  vi.spyOn(fileSaver, 'save').mockImplementation((_blob, name) => {
    saved.push(name);
  });
  vi.spyOn(quietHttp, 'download').mockImplementation(async (definition, input) => {
    asked.push({ path: definition.path, params: input?.params, query: input?.query });
    return { ok: true, status: 200, data: new Blob(['%PDF-1.7']), headers: {} };
  });
  return { saved, asked };
};

describe('成绩生效 in the review workbench', () => {
  it('offers 确认生效 only when the event is ready, and finalises after a confirmation naming what it issues', async () => {
    events = [
      finalEvent(),
      finalEvent({ eventId: 4, eventName: '异议期中的赛事', state: 'objectionPeriod', stateLabel: '异议期中' }),
      finalEvent({
        eventId: 5,
        eventName: '已生效的赛事',
        state: 'final',
        stateLabel: '已生效',
        finalTime: '2026-12-16T02:00:00.000Z',
        certificateCount: 6,
      }),
    ];
    server.use(
      mockCall(api.matchFinal.finalise, ({ params }) => {
        finalised.push(String(params.eventId));
        const done = finalEvent({ state: 'final', stateLabel: '已生效', certificateCount: 6 });
        events = [done, ...events.slice(1)];
        return done;
      }),
    );
    renderForOperator();
    const waiting = await screen.findByTestId('final-event-4');
    expect(within(waiting).getByRole('button', { name: '确认生效：异议期中的赛事' })).toBeDisabled();
    expect(within(screen.getByTestId('final-event-5')).getByText(/发放证书 6 张/)).toBeInTheDocument();
    expect(within(screen.getByTestId('final-event-5')).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: `确认生效：${events[0]?.eventName}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('将为 6 名获奖队员各发放证书一张，并各记入“市级机器人运动会”2 学分');
    expect(dialog).toHaveTextContent('生效后不能撤回');
    expect(finalised).toEqual([]);
    await userEvent.click(await dialogButton('确认生效'));
    expect(await screen.findByTestId('final-notice')).toHaveTextContent('成绩已生效，发放证书 6 张');
    expect(finalised).toEqual(['3']);
    await waitFor(() => expect(within(screen.getByTestId('final-event-3')).getByText('已生效')).toBeInTheDocument());
  });

  it('shows a refusal in the server’s words and asks for the list again', async () => {
    events = [finalEvent()];
    server.use(
      mockCall(api.matchFinal.finalise, () => {
        events = [finalEvent({ state: 'final', stateLabel: '已生效', certificateCount: 6 })];
        return failure(409, '成绩已经生效，不能重复确认');
      }),
    );
    renderForOperator();
    await userEvent.click(await screen.findByRole('button', { name: `确认生效：${events[0]?.eventName}` }));
    await userEvent.click(await dialogButton('确认生效'));
    expect(await screen.findByTestId('final-notice')).toHaveTextContent('成绩已经生效，不能重复确认');
    await waitFor(() =>
      expect(within(screen.getByTestId('final-event-3')).queryByRole('button')).not.toBeInTheDocument(),
    );
  });
});

describe('certificates', () => {
  it('lists the holder’s own and saves one as its PDF under its number, for the chosen card', async () => {
    const { saved, asked } = downloads();
    logInAs(loginResult());
    renderAt('/creditBank/info', [{ path: '/creditBank/info', element: <MyCertificates cardNo="10000001" /> }]);
    const list = await screen.findByTestId('my-certificates');
    expect(list).toHaveTextContent('一等奖（第 1 名）');
    expect(list).toHaveTextContent('JQR-2026-0003-0001');
    expect(list).toHaveTextContent('记入 2 学分');
    await userEvent.click(within(list).getByRole('button', { name: '下载证书 JQR-2026-0003-0001' }));
    await waitFor(() => expect(saved).toEqual(['获奖证书-JQR-2026-0003-0001.pdf']));
    expect(asked).toEqual([
      { path: api.matchCertificates.minePdf.path, params: { id: '5' }, query: { cardNo: '10000001' } },
    ]);
  });

  it('shows nothing for a card without certificates', async () => {
    let asked = 0;
    server.use(
      mockCall(api.matchCertificates.mine, () => {
        asked += 1;
        return [];
      }),
    );
    logInAs(loginResult());
    renderAt('/creditBank/info', [{ path: '/creditBank/info', element: <MyCertificates cardNo="10000001" /> }]);
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByTestId('my-certificates')).not.toBeInTheDocument();
    expect(screen.queryByText('获奖证书')).not.toBeInTheDocument();
  });

  it('lets a school print its own pupils’ certificates only', async () => {
    const { saved } = downloads();
    renderForInstitution(<EventCertificates eventId={3} />);
    const list = await screen.findByTestId('event-certificates-3');
    const own = within(list).getByTestId('certificate-JQR-2026-0003-0001');
    const other = within(list).getByTestId('certificate-JQR-2026-0003-0002');
    expect(other).toHaveTextContent('王*明');
    expect(within(other).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(own).getByRole('button', { name: '下载证书 JQR-2026-0003-0001' }));
    await waitFor(() => expect(saved).toEqual(['获奖证书-JQR-2026-0003-0001.pdf']));
  });
});
