import { TEAM_FILE_KIND_LABELS, TEAM_FILE_KINDS, type TeamDetail, type TeamSummary } from '@lianmeng/core';
import { Button, Descriptions, Skeleton, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { formatTime } from '../../shared/dates';
import { type Notice, NoticeAlert } from '../review/NoticeAlert';
import { quietCall } from '../review/quietCall';
import { ReasonDialog } from '../review/ReasonDialog';
import { FileList } from './FileList';
import type { ReviewCalls } from './MatchReviewPanel';
import { TeamStateMark } from './TeamStateMark';
import { filesOf } from './teamFiles';

/**
 * One registered team as its reviewer sees it: school, item, coach, members (their names masked as the server
 * sends them), the attachments to download, and while it waits (待审核) 通过 or 退回 with a required reason.
 */
export const ReviewTeamDetail = ({
  calls,
  summary,
  onBack,
  onDecided,
}: {
  calls: ReviewCalls;
  summary: TeamSummary;
  onBack: () => void;
  /** Decided, here or by someone else first (409): back to the refreshed list with this notice. */
  onDecided: (notice: Notice) => void;
}) => {
  const [team, setTeam] = useState<TeamDetail | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [returning, setReturning] = useState(false);
  const [approving, setApproving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  useEffect(() => {
    let live = true;
    void quietCall(calls.team, { params: { id: String(summary.id) } }).then((outcome) => {
      if (!live) return;
      if (outcome.ok) setTeam(outcome.data);
      else setNotice({ type: 'error', title: '无法读取队伍', description: outcome.message });
    });
    return () => {
      live = false;
    };
  }, [calls, summary.id]);

  const settle = (outcome: Awaited<ReturnType<typeof quietCall>>, success: string) => {
    if (outcome.ok) {
      onDecided({ type: 'success', title: success });
      return;
    }
    if (outcome.stale) {
      onDecided({ type: 'warning', title: '该队伍已被他人处理，列表已刷新', description: outcome.message });
      return;
    }
    setNotice({ type: 'error', title: '操作未完成', description: outcome.message });
  };

  const approve = async () => {
    setApproving(true);
    const outcome = await quietCall(calls.approve, { params: { id: String(summary.id) } });
    setApproving(false);
    settle(outcome, `已通过“${summary.name}”的报名`);
  };

  const returnWith = async (reason: string) => {
    const outcome = await quietCall(calls.return, { params: { id: String(summary.id) }, body: { reason } });
    setReturning(false);
    settle(outcome, `已退回“${summary.name}”，学校将看到退回原因`);
  };

  const shown = team ?? summary;
  const kinds = TEAM_FILE_KINDS.filter((kind) => team && filesOf(team.files, kind).length > 0);
  return (
    <section aria-labelledby="review-team-title">
      <Button onClick={onBack} style={{ marginBottom: 12 }}>
        返回队伍列表
      </Button>
      <h3 id="review-team-title" ref={heading} tabIndex={-1} className="registration-event-title">
        {shown.institutionName} · {shown.name}
      </h3>
      <div ref={noticeRef} tabIndex={-1} data-testid="review-team-notice">
        <NoticeAlert notice={notice} spacing={12} />
      </div>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'school', label: '学校', children: shown.institutionName },
          { key: 'event', label: '赛事', children: shown.eventName },
          { key: 'item', label: '项目', children: shown.itemName },
          { key: 'coach', label: '指导教师', children: shown.coach },
          { key: 'state', label: '状态', children: <TeamStateMark state={shown.state} /> },
          {
            key: 'submitted',
            label: '提交时间',
            children: shown.submittedTime ? formatTime(shown.submittedTime) : '—',
          },
          ...(shown.state === 'returned' && shown.returnReason
            ? [{ key: 'reason', label: '退回原因', children: shown.returnReason }]
            : []),
        ]}
      />
      {!team ? (
        !notice && <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : (
        <>
          <h4 className="team-kind-title">队员（{team.members.length} 人）</h4>
          <ul className="team-member-list" aria-label="队员" data-testid="review-members">
            {team.members.map((member) => (
              <li key={member.cardNo}>
                {member.name}
                {member.grade && `（${member.grade}）`}
              </li>
            ))}
          </ul>
          <h4 className="team-kind-title">参赛材料</h4>
          {kinds.length === 0 ? (
            <p>没有上传材料。</p>
          ) : (
            kinds.map((kind) => (
              <div key={kind} className="team-kind" data-testid={`review-kind-${kind}`}>
                <h5 className="team-kind-subtitle">{TEAM_FILE_KIND_LABELS[kind]}</h5>
                <FileList files={filesOf(team.files, kind)} teamId={team.id} downloadCall={calls.file} />
              </div>
            ))
          )}
          {team.state === 'submitted' ? (
            <Space wrap style={{ marginTop: 16 }}>
              <Button type="primary" loading={approving} onClick={() => void approve()} data-testid="review-approve">
                通过
              </Button>
              <Button danger onClick={() => setReturning(true)} data-testid="review-return">
                退回
              </Button>
            </Space>
          ) : (
            <p style={{ marginTop: 16 }}>该队伍当前为“{team.stateLabel}”，无需审核。</p>
          )}
        </>
      )}
      <ReasonDialog
        open={returning}
        title="退回报名"
        summary={`将退回${shown.institutionName}的“${shown.name}”`}
        onCancel={() => setReturning(false)}
        onSubmit={returnWith}
      />
    </section>
  );
};
