import { api, DEFAULT_PAGE_SIZE, type TeamSummary } from '@lianmeng/core';
import { Button, Modal, Space, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { formatTime } from '../../shared/dates';
import { useKeyboardScroll } from '../../shared/readable';
import { usePageMessage } from '../../shared/usePageMessage';
import { useWorkbenchList } from '../institution/useWorkbenchList';
import { WorkbenchTable } from '../institution/WorkbenchTable';
import { quietCall } from '../review/quietCall';
import { carriedFromText } from './ladderText';
import { memberCountColumn, teamNameColumn, teamStateColumn } from './teamColumns';

/**
 * 我的队伍: the institution's teams with their state and, when returned, the organiser's reason. While the
 * window is open a team can be edited, submitted (a draft or a returned one) and withdrawn (after a
 * confirmation: the team and its files are deleted); afterwards it can only be looked at.
 */
export const TeamList = ({
  version,
  onOpen,
  onChanged,
}: {
  version: number;
  onOpen: (team: TeamSummary) => void;
  onChanged: () => void;
}) => {
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const { data, loading } = useWorkbenchList(api.matchRegistration.teams, page, version);
  const [messages, messageHost] = usePageMessage();
  const [modal, modalHost] = Modal.useModal();
  const section = useRef<HTMLElement>(null);
  useKeyboardScroll(section, '我的队伍');

  const submit = async (team: TeamSummary) => {
    const outcome = await quietCall(api.matchRegistration.submit, { params: { id: String(team.id) } });
    if (outcome.ok) void messages.success(`“${team.name}”已提交报名，等待审核`);
    else void messages.error(outcome.message);
    onChanged();
  };

  const withdraw = (team: TeamSummary) =>
    modal.confirm({
      title: '撤回报名',
      content: `将撤回“${team.name}”（${team.eventName} · ${team.itemName}）的报名，队伍及其上传的材料一并删除，不能恢复。确定撤回吗？`,
      okText: '确认撤回',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const outcome = await quietCall(api.matchRegistration.withdraw, { params: { id: String(team.id) } });
        if (outcome.ok) void messages.success(`已撤回“${team.name}”的报名`);
        else void messages.error(outcome.message);
        onChanged();
      },
    });

  const columns: TableColumnsType<TeamSummary> = [
    teamNameColumn,
    {
      title: '赛事 / 项目',
      key: 'event',
      width: 220,
      render: (_, team) => (
        <>
          {team.eventName}
          <div>{team.itemName}</div>
          {team.carriedFrom && (
            <div data-testid={`carried-from-${team.id}`}>晋级自 {carriedFromText(team.carriedFrom)}</div>
          )}
        </>
      ),
    },
    memberCountColumn,
    teamStateColumn(200, (team) => !team.editable && <div>报名已截止</div>),
    { title: '更新时间', dataIndex: 'updateTime', key: 'updateTime', width: 160, render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, team) => (
        <Space wrap size={4}>
          {/* antd spaces out a two-character label (编 辑), and the name read out must contain what is shown. */}
          <Button
            size="small"
            autoInsertSpace={false}
            onClick={() => onOpen(team)}
            aria-label={`${team.editable ? '编辑' : '查看'} ${team.name}`}
          >
            {team.editable ? '编辑' : '查看'}
          </Button>
          {team.editable && (team.state === 'draft' || team.state === 'returned') && (
            <Button
              size="small"
              type="primary"
              autoInsertSpace={false}
              onClick={() => void submit(team)}
              aria-label={`提交 ${team.name}`}
            >
              提交
            </Button>
          )}
          {team.editable && (
            <Button
              size="small"
              danger
              autoInsertSpace={false}
              onClick={() => withdraw(team)}
              aria-label={`撤回 ${team.name}`}
            >
              撤回
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <section aria-label="我的队伍" ref={section}>
      {messageHost}
      {modalHost}
      <WorkbenchTable<TeamSummary>
        rowKey="id"
        width={1000}
        columns={columns}
        data={data}
        loading={loading}
        emptyText="本机构还没有参赛队伍，可在“可报名赛事”中报名"
        page={page}
        unit="支"
        onPage={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
      />
    </section>
  );
};
