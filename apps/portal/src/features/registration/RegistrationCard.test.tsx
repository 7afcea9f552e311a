import { api, type RegistrationEvent, type TeamDetail, type TeamSummary } from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { quietHttp } from '../../app/api';
import { fileSaver } from '../../shared/download';
import { dialogButton } from '../../testing/dialogs';
import { person, renderForInstitution } from '../institution/creditFixtures';
import { RegistrationCard } from './RegistrationCard';
import { registrationEvent, teamDetail, teamFile, teamSummary } from './registrationFixtures';

const PEOPLE = [1, 2, 3, 4].map((index) => person(index));
const UPLOAD_ID = 'a'.repeat(32);
let events: RegistrationEvent[] = [];
let teams: TeamSummary[] = [];
let detail: TeamDetail = teamDetail();
const keywords: (string | null)[] = [];

const server = setupServer(
  mockCall(api.matchRegistration.events, () => ({ list: events, total: events.length })),
  mockCall(api.matchRegistration.teams, () => ({ list: teams, total: teams.length })),
  mockCall(api.matchRegistration.team, () => detail),
  mockCall(api.institutionWorkbench.people, ({ request }) => {
    const keyword = new URL(request.url).searchParams.get('keyword');
    keywords.push(keyword);
    const list = PEOPLE.filter((entry) => !keyword || entry.name.includes(keyword));
    return { list, total: list.length };
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  keywords.length = 0;
  events = [registrationEvent()];
  teams = [];
  detail = teamDetail();
});
afterAll(() => server.close());
events = [registrationEvent()];

const open = () => renderForInstitution(<RegistrationCard />);

/** The open drawer: its queries stay inside it (the card behind it has buttons of the same names). */
const drawer = async () => {
  const found = await waitFor(() => {
    const element = document.querySelector<HTMLElement>('.ant-drawer-open .ant-drawer-section');
    if (!element) throw new Error('no drawer open');
    return element;
  });
  return within(found);
};

const pickerLabel = '添加队员（按姓名或卡号搜索本机构人员）';

/** Finds a person by part of the name through the people list, and adds them to the team. */
const addMember = async (name: string) => {
  const input = screen.getByLabelText(pickerLabel);
  await userEvent.click(input);
  fireEvent.change(input, { target: { value: name } });
  await waitFor(() => expect(keywords).toContain(name));
  await userEvent.click(
    await screen.findByTitle(`${name}（${PEOPLE.find((p) => p.name === name)?.cardNo}） 四年级2班`),
  );
  // The picker is empty again: a kept choice would look like a second, unsaved member.
  await waitFor(() =>
    expect(screen.getByLabelText(pickerLabel).closest('.ant-select')?.textContent).not.toContain(name),
  );
  keywords.length = 0;
};

/** Opens the team `detail` from 我的队伍. */
const openTeam = async (label: string) => {
  await userEvent.click(screen.getByText('我的队伍'));
  await userEvent.click(await screen.findByLabelText(label));
  return drawer();
};

describe('可报名赛事', () => {
  it('lists the events with their items, team sizes and attachments, offering 报名 only while open', async () => {
    events = [
      registrationEvent(),
      registrationEvent({ id: 4, name: '2026 年创意赛', open: false, phase: 'underway', phaseLabel: '比赛进行中' }),
    ];
    open();
    const first = await screen.findByTestId('registration-event-3');
    expect(first).toHaveTextContent('北京市青少年科技活动中心');
    // The window in Beijing time.
    expect(first).toHaveTextContent('2026年11月01日 08:00 至 2026年12月01日 18:00（北京时间）');
    expect(first).toHaveTextContent('每队 2–3 人');
    expect(first).toHaveTextContent('设计报告 PDF、照片 2–5 张、视频 3 分钟 200 MB 以内');
    expect(within(first).getAllByRole('button', { name: /^报名/ })).toHaveLength(2);
    const closed = screen.getByTestId('registration-event-4');
    expect(within(closed).queryByRole('button', { name: /^报名/ })).not.toBeInTheDocument();
    expect(closed).toHaveTextContent('当前不在报名时间内');
    expect(document.body).not.toHaveTextContent(/费用|收费|缴费/);
  });
});

describe('the team editor', () => {
  it('creates a team with its name, coach and chosen members, then asks for the item’s attachments', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockCall(api.matchRegistration.create, async ({ request }) => {
        bodies.push(await request.json());
        return teamDetail({ id: 12, missing: ['还需上传设计报告', '还需上传照片 2–5 张', '还需上传视频'] });
      }),
    );
    open();
    await userEvent.click(await screen.findByLabelText('报名 机器人足球'));
    const editor = await drawer();
    fireEvent.change(editor.getByLabelText('队名'), { target: { value: ' 闪电队 ' } });
    fireEvent.change(editor.getByLabelText('指导教师'), { target: { value: '王老师' } });
    await addMember('学生1');
    await addMember('学生2');
    expect(editor.getByLabelText('已选队员')).toHaveTextContent('学生1（10000101）');
    // A chosen member can be removed again.
    await addMember('学生3');
    await userEvent.click(editor.getByLabelText('移除队员 学生3'));
    expect(editor.getByLabelText('已选队员')).not.toHaveTextContent('学生3');
    await userEvent.click(editor.getByTestId('team-save'));

    await waitFor(() =>
      expect(bodies).toEqual([{ itemId: 31, name: '闪电队', coach: '王老师', members: ['10000101', '10000102'] }]),
    );
    expect(await editor.findByTestId('team-done')).toHaveTextContent('队伍已保存');
    // The item asks for all three kinds; what is still missing is what the server said.
    expect(editor.getByTestId('kind-report')).toHaveTextContent('PDF，20 MB 以内');
    expect(editor.getByTestId('kind-photo')).toHaveTextContent('JPEG 或 PNG，2–5 张');
    expect(editor.getByTestId('kind-video')).toHaveTextContent('3 分钟、200 MB 以内');
    expect(editor.getByTestId('team-missing')).toHaveTextContent('还需上传视频');
    expect(editor.getByTestId('team-submit')).toBeDisabled();
  });

  it('shows the member count against the item’s limits and refuses one member too many', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockCall(api.matchRegistration.create, async ({ request }) => {
        bodies.push(await request.json());
        return teamDetail();
      }),
    );
    open();
    await userEvent.click(await screen.findByLabelText('报名 机器人足球'));
    const editor = await drawer();
    expect(editor.getByTestId('member-count')).toHaveTextContent('已选 0 人（本项目每队 2–3 人，还需至少 2 人）');
    await addMember('学生1');
    expect(editor.getByTestId('member-count')).toHaveTextContent('已选 1 人（本项目每队 2–3 人，还需至少 1 人）');
    await addMember('学生2');
    await addMember('学生3');
    expect(editor.getByTestId('member-count')).toHaveTextContent('已选 3 人（本项目每队 2–3 人）');
    await addMember('学生4');
    expect(editor.getByTestId('member-error')).toHaveTextContent('本项目每队最多 3 人');
    expect(editor.getByLabelText('已选队员')).not.toHaveTextContent('学生4');

    // Without members nothing is sent.
    for (const name of ['学生1', '学生2', '学生3']) {
      await userEvent.click(editor.getByLabelText(`移除队员 ${name}`));
    }
    fireEvent.change(editor.getByLabelText('队名'), { target: { value: '闪电队' } });
    fireEvent.change(editor.getByLabelText('指导教师'), { target: { value: '王老师' } });
    await userEvent.click(editor.getByTestId('team-save'));
    expect(await editor.findByTestId('member-error')).toHaveTextContent('请选择队员');
    expect(bodies).toEqual([]);
  });

  it('sends a file in pieces at the server’s offsets, shows the progress, then the server’s refusal', async () => {
    teams = [teamSummary()];
    detail = teamDetail({ missing: ['还需上传视频'] });
    let release: (response: Response) => void = () => undefined;
    const started: unknown[] = [];
    const pieces: { offset: string | null; bytes: string }[] = [];
    let received = 0;
    let refuseOnce = true;
    server.use(
      mockCall(api.matchRegistration.uploadStart, async ({ request }) => {
        started.push(await request.json());
        return { uploadId: UPLOAD_ID, chunkBytes: 4, received: 0 };
      }),
      mockCall(api.matchRegistration.uploadChunk, async ({ request }) => {
        const offset = new URL(request.url).searchParams.get('offset');
        const bytes = await request.text();
        pieces.push({ offset, bytes });
        // The second piece first meets a server that already has it (a retry after a lost answer): 409.
        if (offset === '4' && refuseOnce) {
          refuseOnce = false;
          received = 8;
          return failure(409, '上传位置有误：服务器已收到 8 字节');
        }
        received = Number(offset) + bytes.length;
        return { kind: 'video' as const, size: 10, received, chunkBytes: 4 };
      }),
      mockCall(api.matchRegistration.uploadStatus, () => ({
        kind: 'video' as const,
        size: 10,
        received,
        chunkBytes: 4,
      })),
      mockCall(
        api.matchRegistration.uploadFinish,
        () =>
          new Promise<Response>((resolve) => {
            release = resolve;
          }),
      ),
    );
    open();
    const editor = await openTeam('编辑 闪电队');
    const input = (await editor.findByTestId('kind-video')).querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['0123456789'], '比赛.mp4', { type: 'video/mp4' }), {
      applyAccept: false,
    });
    // Every byte is with the server; the finish (its check of the bytes) is still running.
    expect(await editor.findByTestId('progress-video')).toHaveTextContent('正在检查文件…');
    expect(editor.getByTestId('progress-video').querySelector('[aria-valuenow]')).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(editor.getByTestId('upload-video')).toBeDisabled();
    expect(started).toEqual([{ kind: 'video', fileName: '比赛.mp4', size: 10 }]);
    // The refused piece is not sent again: the upload goes on from what the server says it has.
    expect(pieces).toEqual([
      { offset: '0', bytes: '0123' },
      { offset: '4', bytes: '4567' },
      { offset: '8', bytes: '89' },
    ]);
    release(failure(400, '视频时长 3 分 20 秒，超过 3 分钟，请剪辑后重新上传'));
    expect(await editor.findByTestId('refusal-video')).toHaveTextContent(
      '视频时长 3 分 20 秒，超过 3 分钟，请剪辑后重新上传',
    );
    expect(editor.queryByTestId('progress-video')).not.toBeInTheDocument();
  });

  it('refuses a file too large for its kind before sending it', async () => {
    teams = [teamSummary()];
    const uploads: unknown[] = [];
    server.use(
      mockCall(api.matchRegistration.uploadStart, () => {
        uploads.push(1);
        return { uploadId: UPLOAD_ID, chunkBytes: 4, received: 0 };
      }),
    );
    open();
    const editor = await openTeam('编辑 闪电队');
    const big = new File(['%PDF-1.4'], '报告.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    const input = (await editor.findByTestId('kind-report')).querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, big, { applyAccept: false });
    expect(await editor.findByTestId('refusal-report')).toHaveTextContent('设计报告不能超过 20 MB');
    expect(uploads).toEqual([]);
  });

  it('lists the uploaded files with a video’s duration, and removes one', async () => {
    teams = [teamSummary()];
    detail = teamDetail({
      files: [
        teamFile(),
        teamFile({
          id: 72,
          kind: 'video',
          fileName: '比赛.mp4',
          contentType: 'video/mp4',
          size: 52_428_800,
          durationSeconds: 125,
        }),
      ],
    });
    const removed: string[] = [];
    server.use(
      mockCall(api.matchRegistration.removeFile, ({ params }) => {
        removed.push(String(params.fileId));
        return teamDetail({ files: [teamFile()], missing: ['还需上传视频'] });
      }),
    );
    open();
    const editor = await openTeam('编辑 闪电队');
    const video = await editor.findByTestId('team-file-72');
    expect(video).toHaveTextContent('比赛.mp4');
    expect(video).toHaveTextContent('50.0 MB · 时长 2:05');
    expect(editor.getByTestId('team-file-71')).toHaveTextContent('2.5 MB');
    // A file is downloaded through the client (the token travels in a header) and saved under its own name.
    // jsdom's Blob cannot carry a response body through msw, so the client's download is stood in for here
    // and its input checked against the call's schema.
    const saved: { name: string; text: string }[] = [];
    vi.spyOn(fileSaver, 'save').mockImplementation((blob, name) => {
      void blob.text().then((text) => saved.push({ name, text }));
    });
    const asked: unknown[] = [];
    const download = vi.spyOn(quietHttp, 'download').mockImplementation(async (definition, input) => {
      asked.push({ path: definition.path, params: api.matchRegistration.file.params?.parse(input?.params) });
      return asked.length === 1
        ? { ok: true, status: 200, data: new Blob(['....ftypisom']), headers: {} }
        : { ok: false, status: 404, message: '附件不存在或已删除', network: false };
    });
    await userEvent.click(editor.getByLabelText('下载 比赛.mp4'));
    await waitFor(() => expect(saved).toEqual([{ name: '比赛.mp4', text: '....ftypisom' }]));
    expect(asked).toEqual([{ path: api.matchRegistration.file.path, params: { id: 9, fileId: 72 } }]);
    // A refused download says why beside the files.
    await userEvent.click(editor.getByLabelText('下载 设计报告.pdf'));
    expect(await editor.findByText('附件不存在或已删除')).toBeInTheDocument();
    download.mockRestore();
    await userEvent.click(editor.getByLabelText('删除 比赛.mp4'));
    await waitFor(() => expect(editor.queryByTestId('team-file-72')).not.toBeInTheDocument());
    expect(removed).toEqual(['72']);
    expect(editor.getByTestId('team-missing')).toHaveTextContent('还需上传视频');
  });

  it('enables 提交报名 only once nothing is missing, and submits', async () => {
    teams = [teamSummary()];
    detail = teamDetail({ missing: ['队员不足：至少 2 人'] });
    const submitted: string[] = [];
    server.use(
      mockCall(api.matchRegistration.submit, ({ params }) => {
        submitted.push(String(params.id));
        return teamDetail({ state: 'submitted', stateLabel: '待审核', submittedTime: '2026-11-21T02:00:00.000Z' });
      }),
    );
    open();
    let editor = await openTeam('编辑 闪电队');
    expect(await editor.findByTestId('team-missing')).toHaveTextContent('队员不足：至少 2 人');
    expect(editor.getByTestId('team-submit')).toBeDisabled();
    await userEvent.click(document.querySelector('.ant-drawer-close') as HTMLElement);

    detail = teamDetail();
    editor = await openTeam('编辑 闪电队');
    expect(await editor.findByTestId('team-complete')).toBeInTheDocument();
    await userEvent.click(editor.getByTestId('team-submit'));
    expect(await editor.findByTestId('team-done')).toHaveTextContent('已提交报名，等待承办单位审核');
    expect(submitted).toEqual(['9']);
    expect(editor.getByTestId('team-waiting')).toHaveTextContent('当前状态：待审核');
  });

  it('is read-only once the window has closed, saying registration has closed', async () => {
    teams = [teamSummary({ editable: false, state: 'submitted', stateLabel: '待审核' })];
    detail = teamDetail({ editable: false, state: 'submitted', stateLabel: '待审核', files: [teamFile()] });
    open();
    const list = await screen.findByText('我的队伍');
    await userEvent.click(list);
    expect(await screen.findByText('报名已截止')).toBeInTheDocument();
    expect(screen.queryByLabelText('撤回 闪电队')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('提交 闪电队')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('查看 闪电队'));
    const editor = await drawer();
    expect(await editor.findByTestId('team-closed')).toHaveTextContent('报名已截止');
    expect(editor.getByLabelText('队名')).toBeDisabled();
    expect(editor.queryByTestId('team-save')).not.toBeInTheDocument();
    expect(editor.queryByLabelText(pickerLabel)).not.toBeInTheDocument();
    expect(editor.queryByLabelText(/移除队员/)).not.toBeInTheDocument();
    expect(editor.queryByLabelText(/^删除/)).not.toBeInTheDocument();
    expect(editor.queryByTestId('upload-report')).not.toBeInTheDocument();
    expect(editor.getByLabelText('下载 设计报告.pdf')).toBeInTheDocument();
  });
});

describe('我的队伍', () => {
  it('shows a returned team’s reason and withdraws a team after a confirmation', async () => {
    teams = [
      teamSummary({ state: 'returned', stateLabel: '已退回', returnReason: '视频看不清机器人，请重新拍摄' }),
      teamSummary({ id: 10, name: '雷霆队', state: 'submitted', stateLabel: '待审核' }),
    ];
    const withdrawn: string[] = [];
    server.use(
      mockCall(api.matchRegistration.withdraw, ({ params }) => {
        withdrawn.push(String(params.id));
        return {};
      }),
    );
    open();
    await userEvent.click(await screen.findByText('我的队伍'));
    expect(await screen.findByTestId('return-reason-9')).toHaveTextContent('退回原因：视频看不清机器人，请重新拍摄');
    expect(screen.queryByTestId('return-reason-10')).not.toBeInTheDocument();
    // Only a draft or a returned team is submitted from the list.
    expect(screen.getByLabelText('提交 闪电队')).toBeInTheDocument();
    expect(screen.queryByLabelText('提交 雷霆队')).not.toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('撤回 雷霆队'));
    await userEvent.click(await dialogButton('取 消', '.ant-modal-confirm'));
    expect(withdrawn).toEqual([]);
    await userEvent.click(screen.getByLabelText('撤回 雷霆队'));
    await userEvent.click(await dialogButton('确认撤回', '.ant-modal-confirm'));
    await waitFor(() => expect(withdrawn).toEqual(['10']));
    expect(await screen.findByText('已撤回“雷霆队”的报名')).toBeInTheDocument();
  });

  it('disables 提交 on a team the list says is incomplete, saying what is missing beside it', async () => {
    teams = [
      teamSummary({ missing: ['缺少设计报告（PDF）', '照片应为 2–5 张，现有 0 张'] }),
      teamSummary({ id: 10, name: '雷霆队', state: 'returned', stateLabel: '已退回', returnReason: '照片不清楚' }),
      teamSummary({ id: 11, name: '疾风队', state: 'submitted', stateLabel: '待审核' }),
    ];
    open();
    await userEvent.click(await screen.findByText('我的队伍'));
    const incomplete = await screen.findByLabelText('提交 闪电队');
    expect(incomplete).toBeDisabled();
    expect(incomplete).toHaveAccessibleDescription('还不能提交：缺少设计报告（PDF）；照片应为 2–5 张，现有 0 张');
    expect(screen.getByTestId('team-list-missing-9')).toBeVisible();
    // A complete returned team is offered; a submitted one has nothing to submit.
    expect(screen.getByLabelText('提交 雷霆队')).toBeEnabled();
    expect(screen.getByLabelText('提交 雷霆队')).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByTestId('team-list-missing-10')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('提交 疾风队')).not.toBeInTheDocument();
    // The other buttons stay usable: the team is mended in the editor, or withdrawn.
    expect(screen.getByLabelText('编辑 闪电队')).toBeEnabled();
    expect(screen.getByLabelText('撤回 闪电队')).toBeEnabled();
  });

  it('names each cell’s column, so a phone shows every team as a card of labelled fields with its buttons', async () => {
    teams = [teamSummary(), teamSummary({ id: 10, name: '雷霆队', editable: false, state: 'approved' })];
    open();
    await userEvent.click(await screen.findByText('我的队伍'));
    await screen.findByLabelText('编辑 闪电队');
    const rows = [...document.querySelectorAll<HTMLTableRowElement>('.team-list tr[data-row-key]')];
    expect(rows.map((row) => row.dataset.rowKey)).toEqual(['9', '10']);
    for (const row of rows) {
      expect([...row.cells].map((cell) => cell.dataset.label)).toEqual([
        '队伍',
        '赛事 / 项目',
        '人数',
        '状态',
        '更新时间',
        '操作',
      ]);
    }
    const actions = (row: HTMLTableRowElement) =>
      [...(row.cells[5]?.querySelectorAll('button') ?? [])].map((button) => button.getAttribute('aria-label'));
    expect(actions(rows[0] as HTMLTableRowElement)).toEqual(['编辑 闪电队', '提交 闪电队', '撤回 闪电队']);
    expect(actions(rows[1] as HTMLTableRowElement)).toEqual(['查看 雷霆队']);
    // Sized to the card, not the workbench's fixed 1000 px that scrolled sideways inside a 950 px card.
    expect(document.querySelector('.team-list .ant-table')).not.toHaveClass('ant-table-scroll-horizontal');
    expect(document.querySelector<HTMLTableElement>('.team-list table')?.style.width ?? '').toBe('');
  });
});
