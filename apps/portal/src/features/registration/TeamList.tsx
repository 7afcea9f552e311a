import { api, DEFAULT_PAGE_SIZE, type TeamSummary } from '@lianmeng/core';
import { Button, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatTime } from '../../shared/dates';
import { READABLE_THEME } from '../../shared/readable';
import { usePageMessage } from '../../shared/usePageMessage';
import { useWorkbenchList } from '../institution/useWorkbenchList';
import { quietCall } from '../review/quietCall';
import { carriedFromText } from './ladderText';
import { labelledColumns, memberCountColumn, teamNameColumn, teamStateColumn } from './teamColumns';

/** A team the list offers to submit: a draft or a returned team while its window is open. */
const submittable = (team: TeamSummary) => team.editable && (team.state === 'draft' || team.state === 'returned');

/**
 * 我的队伍: the institution's teams with their state and, when returned, the organiser's reason. While the
 * window is open a team can be edited, submitted (a draft or a returned one, once nothing is missing) and
 * withdrawn (after a confirmation: the team and its files are deleted); afterwards it can only be looked at.
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

  // Shares of the card's width rather than pixels, the event taking the rest: the table is as wide as the card at
  // every width, its cells wrapping, so nothing scrolls sideways (the workbench's 1000 px table did in a 950 px card).
  const columns: TableColumnsType<TeamSummary> = labelledColumns([
    { ...teamNameColumn, width: '16%' },
    {
      title: '赛事 / 项目',
      key: 'event',
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
    { ...memberCountColumn, width: '6%' },
    teamStateColumn('12%', (team) => !team.editable && <div>报名已截止</div>),
    { title: '更新时间', dataIndex: 'updateTime', key: 'updateTime', width: '15%', render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: '20%',
      render: (_, team) => {
        const missing = team.missing;
        const reasonId = `team-list-missing-${team.id}`;
        return (
          <>
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
              {submittable(team) && (
                <Button
                  size="small"
                  type="primary"
                  autoInsertSpace={false}
                  // Disabled while something is missing, with the reason on the page (a tooltip is out of reach
                  // on a phone) and read out with the button.
                  disabled={missing.length > 0}
                  aria-describedby={missing.length > 0 ? reasonId : undefined}
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
            {submittable(team) && missing.length > 0 && (
              <p id={reasonId} className="team-list-missing" data-testid={reasonId}>
                还不能提交：{missing.join('；')}
              </p>
            )}
          </>
        );
      },
    },
  ]);

  return (
    <section aria-label="我的队伍">
      {messageHost}
      {modalHost}
      {/*
       * Not the workbench's wide table: its columns size to the card and wrap, so nothing scrolls sideways; on a
       * phone each team is a card (registration.css).
       */}
      <Table<TeamSummary>
        className="team-list"
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data?.list ?? []}
        // antd greys an empty table's words to its disabled colour (below 4.5:1 on white); they are read, not disabled.
        locale={{
          emptyText: (
            <span style={{ color: READABLE_THEME.token.colorTextDescription }}>
              本机构还没有参赛队伍，可在“可报名赛事”中报名
            </span>
          ),
        }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showTotal: (total) => `共 ${total} 支`,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
    </section>
  );
};
