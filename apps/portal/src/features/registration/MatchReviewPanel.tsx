import {
  type api,
  DEFAULT_PAGE_SIZE,
  EVENT_PHASE_LABELS,
  MAX_PAGE_SIZE,
  type OrganisedEvent,
  TEAM_STATE_LABELS,
  TEAM_STATES,
  type TeamState,
  type TeamSummary,
} from '@lianmeng/core';
import { Button, Empty, Select, Skeleton, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { http } from '../../app/api';
import { formatTime } from '../../shared/dates';
import { useKeyboardScroll } from '../../shared/readable';
import { useWorkbenchList } from '../institution/useWorkbenchList';
import { WorkbenchTable } from '../institution/WorkbenchTable';
import { CardGrid } from '../review/CardGrid';
import { type Notice, NoticeAlert } from '../review/NoticeAlert';
import { ReviewTeamDetail } from './ReviewTeamDetail';
import { memberCountColumn, teamNameColumn, teamStateColumn } from './teamColumns';
import './registration.css';

/** The review calls of the organising institution's account, or of the alliance's operators: the same set. */
export type ReviewCalls = typeof api.matchOrganiser | typeof api.matchReview;

const ALL_EVENTS = { pageNum: 1, pageSize: MAX_PAGE_SIZE };
/** The filter's "every state", a value rather than a placeholder: a Select's placeholder is pale text. */
const ALL = 'all';
/** A draft is never sent to the organiser: the filter offers the other states. */
const REVIEWED_STATES = TEAM_STATES.filter((state) => state !== 'draft');

/** Results are entered once the registration window has closed: the phases after it, by their labels. */
const CLOSED_PHASE_LABELS: readonly string[] = [
  EVENT_PHASE_LABELS.underway,
  EVENT_PHASE_LABELS.publicizing,
  EVENT_PHASE_LABELS.finished,
];

const countsText = (event: OrganisedEvent) =>
  `待审核 ${event.counts.submitted} · 已退回 ${event.counts.returned} · 已通过 ${event.counts.approved}`;

/** The events to review, each with its teams counted by state. */
const EventList = ({
  data,
  loading,
  onOpen,
  onResults,
}: {
  data: { list: OrganisedEvent[] } | null;
  loading: boolean;
  onOpen: (event: OrganisedEvent) => void;
  onResults?: (event: OrganisedEvent) => void;
}) => {
  if (!data) return loading ? <Skeleton active paragraph={{ rows: 3 }} title={false} /> : null;
  if (data.list.length === 0) return <Empty description="暂无需要审核报名的赛事" />;
  return (
    <CardGrid label="审核报名的赛事" busy={loading} minWidth={280}>
      {data.list.map((event) => (
        <li key={event.id} className="registration-event" data-testid={`review-event-${event.id}`}>
          <h3 className="registration-event-title">{event.name}</h3>
          <p className="registration-event-line">
            {event.season} · {event.level} · {event.phaseLabel}
          </p>
          <p className="registration-event-line">报名截止：{formatTime(event.registrationCloses)}</p>
          <p className="registration-event-line" data-testid={`review-counts-${event.id}`}>
            {countsText(event)}
          </p>
          {/* The name read out begins with what is shown, so a voice command naming the label finds it. */}
          <Button type="primary" onClick={() => onOpen(event)} aria-label={`查看报名队伍：${event.name}`}>
            查看报名队伍
          </Button>
          {onResults && CLOSED_PHASE_LABELS.includes(event.phaseLabel) && (
            <Button onClick={() => onResults(event)} aria-label={`成绩录入：${event.name}`} style={{ marginLeft: 8 }}>
              成绩录入
            </Button>
          )}
        </li>
      ))}
    </CardGrid>
  );
};

/**
 * One event's teams for a query (the workbench's list hook sends a query only; this call also names the event
 * in its path). An answer that arrives after a newer question, or after the table left, is dropped.
 */
const useEventTeams = (calls: ReviewCalls, eventId: number, query: TeamQuery, version: number) => {
  const [data, setData] = useState<{ list: TeamSummary[]; total: number } | null>(null);
  const [loading, setLoading] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` moves after a decision: the teams are asked for again
  useEffect(() => {
    let live = true;
    setLoading(true);
    void http.call(calls.teams, { params: { eventId: String(eventId) }, query }).then((result) => {
      if (!live) return;
      setLoading(false);
      if (result.ok) setData(result.data);
    });
    return () => {
      live = false;
    };
  }, [calls, eventId, query, version]);
  return { data, loading };
};

interface TeamQuery {
  pageNum: number;
  pageSize: number;
  state?: TeamState;
}

/** One event's teams, narrowed by state and paged by the server; the counts above come from the event list. */
const TeamTable = ({
  calls,
  event,
  version,
  onOpen,
}: {
  calls: ReviewCalls;
  event: OrganisedEvent;
  version: number;
  onOpen: (team: TeamSummary) => void;
}) => {
  const [filters, setFilters] = useState<TeamQuery>({
    pageNum: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    state: 'submitted',
  });
  const { data, loading } = useEventTeams(calls, event.id, filters, version);
  const section = useRef<HTMLElement>(null);
  useKeyboardScroll(section, '报名队伍列表');

  const columns: TableColumnsType<TeamSummary> = [
    { title: '学校', dataIndex: 'institutionName', key: 'institutionName', width: 180 },
    teamNameColumn,
    { title: '项目', dataIndex: 'itemName', key: 'itemName', width: 140 },
    memberCountColumn,
    teamStateColumn(180),
    {
      title: '提交时间',
      key: 'submittedTime',
      width: 160,
      render: (_, team) => (team.submittedTime ? formatTime(team.submittedTime) : '—'),
    },
    {
      title: '操作',
      key: 'open',
      width: 100,
      render: (_, team) => (
        <Button
          size="small"
          type={team.state === 'submitted' ? 'primary' : 'default'}
          // antd spaces out a two-character label (审 核), and the name read out must contain what is shown.
          autoInsertSpace={false}
          aria-label={`${team.state === 'submitted' ? '审核' : '查看'} ${team.name}`}
          onClick={() => onOpen(team)}
        >
          {team.state === 'submitted' ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <section aria-label="报名队伍" ref={section}>
      <div className="review-filter">
        <span aria-hidden>状态</span>
        <Select<TeamState | typeof ALL>
          aria-label="状态"
          style={{ minWidth: 150 }}
          value={filters.state ?? ALL}
          options={[
            { value: ALL, label: '全部状态' },
            ...REVIEWED_STATES.map((state) => ({ value: state, label: TEAM_STATE_LABELS[state] })),
          ]}
          onChange={(state) => setFilters((old) => ({ ...old, pageNum: 1, state: state === ALL ? undefined : state }))}
        />
      </div>
      <WorkbenchTable<TeamSummary>
        rowKey="id"
        width={980}
        columns={columns}
        data={data}
        loading={loading}
        emptyText={filters.state ? `没有${TEAM_STATE_LABELS[filters.state]}的队伍` : '暂无报名队伍'}
        page={filters}
        unit="支"
        onPage={(pageNum, pageSize) => setFilters((old) => ({ ...old, pageNum, pageSize }))}
      />
    </section>
  );
};

/**
 * 赛事报名审核, for the organising institution's account (`api.matchOrganiser`) or an operator
 * (`api.matchReview`): the events with their teams counted by state, one event's teams, one team's detail with
 * its members (masked as the server sends them) and attachments, approved (通过) or returned (退回) with a
 * reason. A decision someone else made first (409) is told with the server's words, and the lists ask again.
 */
export const MatchReviewPanel = ({
  calls,
  onResults,
}: {
  calls: ReviewCalls;
  /** Opens an event's results (成绩录入), offered once its window has closed; the organiser's account only. */
  onResults?: (event: OrganisedEvent) => void;
}) => {
  const [event, setEvent] = useState<OrganisedEvent | null>(null);
  const [team, setTeam] = useState<TeamSummary | null>(null);
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [eventsData, setEventsData] = useState<OrganisedEvent | null>(null);
  const { data: events, loading } = useWorkbenchList(calls.events, ALL_EVENTS, version);
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The opened event's counts follow the list after each decision.
  useEffect(() => {
    if (event) setEventsData(events?.list.find((entry) => entry.id === event.id) ?? event);
  }, [events, event]);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const openEvent = (next: OrganisedEvent | null) => {
    setNotice(null);
    setEvent(next);
    setEventsData(next);
    window.setTimeout(() => heading.current?.focus());
  };

  const decided = (next: Notice) => {
    setTeam(null);
    setNotice(next);
    setVersion((count) => count + 1);
  };

  if (event && team) {
    return (
      <ReviewTeamDetail
        calls={calls}
        summary={team}
        onBack={() => {
          setTeam(null);
          window.setTimeout(() => heading.current?.focus());
        }}
        onDecided={decided}
      />
    );
  }

  const shown = eventsData ?? event;
  return (
    <section aria-labelledby="match-review-title" className="match-review">
      {shown ? (
        <>
          <Button onClick={() => openEvent(null)} style={{ marginBottom: 12 }}>
            返回赛事列表
          </Button>
          <h3 id="match-review-title" ref={heading} tabIndex={-1} className="registration-event-title">
            {shown.name}
          </h3>
          <p className="registration-event-line" data-testid="review-event-counts">
            {countsText(shown)}
          </p>
        </>
      ) : (
        <h3 id="match-review-title" ref={heading} tabIndex={-1} className="registration-event-title">
          报名审核
        </h3>
      )}
      <div ref={noticeRef} tabIndex={-1} data-testid="match-review-notice">
        <NoticeAlert notice={notice} spacing={12} onClose={() => setNotice(null)} />
      </div>
      {event ? (
        <TeamTable
          calls={calls}
          event={event}
          version={version}
          onOpen={(next) => {
            setNotice(null);
            setTeam(next);
          }}
        />
      ) : (
        <EventList data={events} loading={loading} onOpen={openEvent} onResults={onResults} />
      )}
    </section>
  );
};
