import { api, type Objection } from '@lianmeng/core';
import { mockCall } from '@lianmeng/core/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dialogButton, enter } from '../../testing/dialogs';
import { objection, renderForInstitution } from './creditFixtures';
import { ObjectionList } from './ObjectionList';

let objections: Objection[] = [];
const server = setupServer(
  mockCall(api.creditWorkbench.objections, () => ({ list: objections, total: objections.length })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('answering objections', () => {
  it('keeps a record with an explanation, which then shows as the answer', async () => {
    objections = [
      objection(),
      objection({
        id: 4,
        recordId: 99,
        holderName: '学生2',
        state: 'kept',
        answer: '证书与记录一致',
        answerTime: '2026-11-21T02:00:00.000Z',
      }),
    ];
    const answers: unknown[] = [];
    let answered = 0;
    server.use(
      mockCall(api.creditWorkbench.answerObjection, async ({ params, request }) => {
        const body = (await request.json()) as { decision: 'keep' | 'reverse'; explanation: string };
        answers.push({ id: params.id, ...body });
        const done = objection({
          state: body.decision === 'keep' ? 'kept' : 'reversal',
          answer: body.explanation,
          answerTime: '2026-11-22T02:00:00.000Z',
        });
        objections = [done, ...objections.slice(1)];
        return done;
      }),
    );
    renderForInstitution(<ObjectionList onAnswered={() => (answered += 1)} />);
    expect(await screen.findByTestId('objection-answer-4')).toHaveTextContent('已答复：维持证书与记录一致');
    await userEvent.click(await screen.findByText('答 复'));
    expect(await screen.findByText('我没有参加这次比赛', { selector: 'blockquote' })).toBeInTheDocument();

    // The decision and the explanation are both required.
    await userEvent.click(await dialogButton('提交答复'));
    expect(await screen.findByText('请选择维持或冲正')).toBeInTheDocument();
    expect(await screen.findByText('请填写说明')).toBeInTheDocument();
    expect(answers).toEqual([]);

    await userEvent.click(screen.getByLabelText('维持原记录'));
    enter('答复说明（持卡人可见）', '比赛名单中有该生，成绩有效');
    await userEvent.click(await dialogButton('提交答复'));
    expect(await screen.findByText('已答复，原记录维持')).toBeInTheDocument();
    expect(answers).toEqual([{ id: '5', decision: 'keep', explanation: '比赛名单中有该生，成绩有效' }]);
    expect(await screen.findByTestId('objection-answer-5')).toHaveTextContent('比赛名单中有该生，成绩有效');
    expect(answered).toBe(1);
  });

  it('answers with a reversal, whose reason the holder reads', async () => {
    objections = [objection()];
    const answers: unknown[] = [];
    server.use(
      mockCall(api.creditWorkbench.answerObjection, async ({ request }) => {
        const body = (await request.json()) as { decision: 'keep' | 'reverse'; explanation: string };
        answers.push(body);
        const done = objection({ state: 'reversal', answer: body.explanation, answerTime: '2026-11-22T02:00:00.000Z' });
        objections = [done];
        return done;
      }),
    );
    renderForInstitution(<ObjectionList onAnswered={() => undefined} />);
    await userEvent.click(await screen.findByText('答 复'));
    await userEvent.click(await screen.findByLabelText('冲正该记录'));
    enter('冲正原因（持卡人可见）', '登记有误，已冲正');
    await userEvent.click(await dialogButton('提交答复'));
    expect(await screen.findByTestId('objection-answer-5')).toHaveTextContent('已答复：提交冲正登记有误，已冲正');
    expect(answers).toEqual([{ decision: 'reverse', explanation: '登记有误，已冲正' }]);
  });
});
