import { api, type MatchObjection, type OrganiserResults, type ResultEntry } from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileSaver } from '../../shared/download';
import { dialogButton } from '../../testing/dialogs';
import { renderForInstitution } from '../institution/creditFixtures';
import { OrganiserCard } from '../registration/OrganiserCard';
import { organisedEvent } from '../registration/registrationFixtures';
import { matchObjection, organiserResults, resultRow } from './resultFixtures';

const CLOSED = organisedEvent({ phaseLabel: '比赛进行中' });
const OPEN = organisedEvent({ id: 4, name: '2027 年机器人运动会（报名中）', phaseLabel: '报名中' });
const PUBLISHED = organiserResults({
  publishedTime: '2026-12-10T02:00:00.000Z',
  objectionDeadline: '2026-12-15T02:00:00.000Z',
  publishable: false,
  notPublishableReason: '成绩已公示',
  rows: [resultRow({ rank: 1, award: 'first', awardLabel: '一等奖' })],
});

/** The save call's body schema: the server reads a sent body through it. */
const SAVE_BODY = (() => {
  const schema = api.matchResults.save.body;
  if (!schema) throw new Error('the save call takes a body');
  return schema;
})();

let results: OrganiserResults = organiserResults();
let objections: MatchObjection[] = [];
const asked: string[] = [];

const server = setupServer(
  mockCall(api.matchOrganiser.events, () => ({ list: [CLOSED, OPEN], total: 2 })),
  mockCall(api.matchResults.results, ({ params }) => {
    asked.push(String(params.eventId));
    return results;
  }),
  mockCall(api.matchResults.objections, () => ({ list: objections, total: objections.length })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.useRealTimers();
  results = organiserResults();
  objections = [];
  asked.length = 0;
});
afterAll(() => server.close());

/** The workbench's 赛事审核 card, opened on the closed event's 成绩录入. */
const openResults = async () => {
  renderForInstitution(<OrganiserCard />);
  await screen.findByTestId('review-event-3');
  // An event whose window is still open offers no results yet.
  expect(screen.queryByLabelText(`成绩录入：${OPEN.name}`)).not.toBeInTheDocument();
  await userEvent.click(screen.getByLabelText(`成绩录入：${CLOSED.name}`));
  return screen.findByTestId('results-panel');
};

const chooseFile = async (name: string) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, new File([name], name), { applyAccept: false });
};

describe('成绩录入 by the organiser', () => {
  it('sends only the changed entries, shows a refusal naming the team, then saves', async () => {
    const sent: ResultEntry[][] = [];
    server.use(
      mockCall(api.matchResults.save, async ({ request }) => {
        // Read as the server reads it: what the portal's client leaves out is null.
        const body = SAVE_BODY.parse(await request.clone().json());
        sent.push(body.entries);
        if (sent.length === 1) return failure(400, '队伍“雷霆队”（编号 10）未通过审核，不能录入成绩');
        results = organiserResults({
          rows: results.rows.map((row) =>
            row.teamId === 9 ? { ...row, rank: 1, award: 'first', awardLabel: '一等奖' } : row,
          ),
        });
        return results;
      }),
    );
    const panel = await openResults();
    expect(asked).toEqual(['3']);
    // Per item its admitted teams, members masked as the server sent them.
    const football = within(panel).getByTestId('results-item-机器人足球');
    expect(football).toHaveTextContent('闪电队北京市第一实验小学张*明、李*');
    expect(within(panel).getByTestId('results-item-轮式竞速')).toHaveTextContent('疾风队');

    fireEvent.change(screen.getByLabelText('名次 闪电队'), { target: { value: '1' } });
    await userEvent.selectOptions(screen.getByLabelText('奖项 闪电队'), '一等奖');
    await userEvent.selectOptions(screen.getByLabelText('奖项 雷霆队'), '二等奖');
    // A change undone is no change.
    await userEvent.selectOptions(screen.getByLabelText('奖项 疾风队'), '三等奖');
    await userEvent.selectOptions(screen.getByLabelText('奖项 疾风队'), '无');
    expect(screen.getByTestId('results-publish')).toBeDisabled();
    await userEvent.click(screen.getByText('保存成绩'));
    expect(await screen.findByText('队伍“雷霆队”（编号 10）未通过审核，不能录入成绩')).toBeInTheDocument();
    expect(sent).toEqual([
      [
        { teamId: 9, rank: 1, award: 'first' },
        { teamId: 10, rank: null, award: 'second' },
      ],
    ]);
    // Refused: what was typed is still there.
    expect(screen.getByLabelText('名次 闪电队')).toHaveValue(1);

    await userEvent.selectOptions(screen.getByLabelText('奖项 雷霆队'), '无');
    await userEvent.click(screen.getByText('保存成绩'));
    expect(await screen.findByText('已保存 1 支队伍的成绩')).toBeInTheDocument();
    expect(sent[1]).toEqual([{ teamId: 9, rank: 1, award: 'first' }]);
    expect(screen.getByLabelText('奖项 闪电队')).toHaveValue('first');
    expect(screen.getByTestId('results-publish')).toBeEnabled();
  });

  it('refuses a rank that is no whole number without sending it', async () => {
    let saves = 0;
    server.use(
      mockCall(api.matchResults.save, () => {
        saves += 1;
        return results;
      }),
    );
    await openResults();
    fireEvent.change(screen.getByLabelText('名次 闪电队'), { target: { value: '1.5' } });
    await userEvent.click(screen.getByText('保存成绩'));
    expect(await screen.findByText('“闪电队”的名次应为 1–10000 的整数')).toBeInTheDocument();
    expect(saves).toBe(0);
  });

  it('downloads the template, previews a sheet with its row issues, and commits the same file', async () => {
    const saved: string[] = [];
    vi.spyOn(fileSaver, 'save').mockImplementation((_blob, name) => saved.push(name));
    let mended = false;
    const commits: { eventId: string; file: boolean; previewId: string }[] = [];
    server.use(
      mockCall(api.matchResults.template, ({ params }) => ({
        fileName: `成绩表模板-${String(params.eventId)}.xlsx`,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        base64: btoa('xlsx'),
      })),
      mockCall(api.matchResults.importPreview, () => ({
        previewId: 'c'.repeat(64),
        fileName: 'results.xlsx',
        total: 2,
        acceptedCount: mended ? 2 : 1,
        refusedCount: mended ? 0 : 1,
        rows: [
          {
            row: 2,
            teamId: 9,
            teamName: '闪电队',
            itemName: '机器人足球',
            rank: 1,
            award: 'first' as const,
            outcome: 'accepted' as const,
            issues: [],
          },
          {
            row: 3,
            teamId: 10,
            teamName: '雷霆队',
            itemName: '机器人足球',
            rank: 1,
            award: 'second' as const,
            outcome: mended ? ('accepted' as const) : ('refused' as const),
            issues: mended ? [] : [{ column: '名次', message: '第 3 行「名次」：与第 2 行名次重复（同一项目）' }],
          },
        ],
      })),
      mockCall(api.matchResults.importCommit, async ({ request, params }) => {
        const form = await request.formData();
        commits.push({
          eventId: String(params.eventId),
          file: form.has('file'),
          previewId: String(form.get('previewId')),
        });
        results = organiserResults({
          rows: [
            resultRow({ rank: 1, award: 'first', awardLabel: '一等奖' }),
            resultRow({ teamId: 10, teamName: '雷霆队', rank: 2, award: 'second', awardLabel: '二等奖' }),
          ],
        });
        return results;
      }),
    );
    await openResults();
    await userEvent.click(screen.getByTestId('result-import-template'));
    await waitFor(() => expect(saved).toEqual(['成绩表模板-3.xlsx']));

    await chooseFile('results.xlsx');
    const preview = await screen.findByTestId('result-import-preview');
    expect(preview).toHaveTextContent('共 2 行：可导入 1 行，未通过 1 行');
    expect(within(preview).getByText('第 3 行「名次」：与第 2 行名次重复（同一项目）')).toBeInTheDocument();
    expect(screen.getByTestId('result-import-commit')).toBeDisabled();

    mended = true;
    await chooseFile('results-fixed.xlsx');
    await waitFor(() =>
      expect(screen.getByTestId('result-import-preview')).toHaveTextContent('共 2 行：可导入 2 行，未通过 0 行'),
    );
    await userEvent.click(screen.getByTestId('result-import-commit'));
    expect(await screen.findByText('成绩表已导入')).toBeInTheDocument();
    expect(commits).toEqual([{ eventId: '3', file: true, previewId: 'c'.repeat(64) }]);
    // The list shows what the server now holds.
    expect(screen.getByLabelText('名次 雷霆队')).toHaveValue(2);
    expect(screen.getByLabelText('奖项 雷霆队')).toHaveValue('second');
  });

  it('publishes only after a confirmation saying results are then fixed, and turns read-only', async () => {
    let publishes = 0;
    server.use(
      mockCall(api.matchResults.publish, () => {
        publishes += 1;
        results = PUBLISHED;
        return results;
      }),
    );
    await openResults();
    await userEvent.click(screen.getByTestId('results-publish'));
    const confirm = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-modal-confirm');
      if (!found) throw new Error('no confirmation');
      return found;
    });
    expect(confirm).toHaveTextContent('公示后成绩不能再修改');
    await userEvent.click(await dialogButton('取 消', '.ant-modal-confirm'));
    expect(publishes).toBe(0);
    expect(screen.getByLabelText('名次 闪电队')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('results-publish'));
    await userEvent.click(await dialogButton('确认公示', '.ant-modal-confirm'));
    expect(await screen.findByText('成绩已公示')).toBeInTheDocument();
    expect(publishes).toBe(1);
    const published = screen.getByTestId('results-published');
    expect(published).toHaveTextContent('已于 2026年12月10日 10:00 公示，成绩不能再修改');
    expect(published).toHaveTextContent('异议截止：2026年12月15日 10:00（北京时间）');
    // Counted from the server's clock (21:00 on the 12th), not the browser's.
    expect(await screen.findByTestId('objection-countdown')).toHaveTextContent(
      /^距异议截止还有 2 天 (5 小时 0 分 0 秒|4 小时 59 分 5\d 秒)$/,
    );
    expect(screen.queryByLabelText('名次 闪电队')).not.toBeInTheDocument();
    expect(screen.queryByText('保存成绩')).not.toBeInTheDocument();
    expect(screen.queryByTestId('result-import')).not.toBeInTheDocument();
    expect(screen.getByTestId('results-item-机器人足球')).toHaveTextContent(
      '闪电队北京市第一实验小学张*明、李*1一等奖',
    );
  });

  it('shows a refusal to publish in the server’s words', async () => {
    server.use(mockCall(api.matchResults.publish, () => failure(409, '成绩已公示，不能重复公示')));
    await openResults();
    await userEvent.click(screen.getByTestId('results-publish'));
    await userEvent.click(await dialogButton('确认公示', '.ant-modal-confirm'));
    expect(await screen.findByText('成绩已公示，不能重复公示')).toBeInTheDocument();
  });

  it('answers an objection once published, and shows the answer with its date', async () => {
    results = PUBLISHED;
    objections = [
      matchObjection(),
      matchObjection({
        id: 42,
        teamName: '闪电队',
        reason: '队员资格存疑',
        answeredDate: '2026-12-12',
        answeredTime: '2026-12-12T03:00:00.000Z',
        answer: '已核实队员学籍，资格无误。',
      }),
    ];
    const answers: { id: string; answer: string }[] = [];
    server.use(
      mockCall(api.matchResults.answer, async ({ params, request }) => {
        const { answer } = (await request.clone().json()) as { answer: string };
        answers.push({ id: String(params.id), answer });
        const answered = matchObjection({
          answer,
          answeredDate: '2026-12-13',
          answeredTime: '2026-12-13T04:00:00.000Z',
        });
        objections = [answered, ...objections.slice(1)];
        return answered;
      }),
    );
    await openResults();
    const list = await screen.findByTestId('organiser-objections');
    const first = within(list).getByTestId('objection-41');
    expect(first).toHaveTextContent('提出机构：北京市第三实验小学');
    expect(first).toHaveTextContent('理由：雷霆队的决赛成绩计时有误');
    expect(within(list).getByTestId('objection-42')).toHaveTextContent(
      '答复（2026年12月12日 11:00）：已核实队员学籍，资格无误。',
    );
    // The answered one has no form.
    expect(within(within(list).getByTestId('objection-42')).queryByText('发送答复')).not.toBeInTheDocument();

    fireEvent.change(within(first).getByLabelText('答复（公开在公示页，只能答复一次）'), { target: { value: '好' } });
    await userEvent.click(within(first).getByText('发送答复'));
    expect(await within(first).findByText('请填写答复（至少 2 个字）')).toBeInTheDocument();
    expect(answers).toEqual([]);

    fireEvent.change(within(first).getByLabelText('答复（公开在公示页，只能答复一次）'), {
      target: { value: '  经复核计时无误，维持原成绩。 ' },
    });
    await userEvent.click(within(first).getByText('发送答复'));
    await waitFor(() =>
      expect(screen.getByTestId('objection-41')).toHaveTextContent(
        '答复（2026年12月13日 12:00）：经复核计时无误，维持原成绩。',
      ),
    );
    expect(answers).toEqual([{ id: '41', answer: '经复核计时无误，维持原成绩。' }]);
  });
});
