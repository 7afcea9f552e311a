import { api, MAX_PAGE_SIZE, type MatchObjection, type PublicResults, type RegistrationEvent } from '@lianmeng/core';
import { Button, Empty, Input, Modal, Skeleton } from 'antd';
import { Fragment, useEffect, useState } from 'react';
import { http } from '../../app/api';
import { formatTime } from '../../shared/dates';
import { RefusalNotice } from '../../shared/RefusalNotice';
import { usePageMessage } from '../../shared/usePageMessage';
import { EventCertificates } from '../certificates/EventCertificates';
import { quietCall } from '../review/quietCall';
import { groupByItem } from './groupByItem';
import { TEXT_LIMITS, textRefusal } from './ObjectionAnswers';
import { ObjectionCountdown } from './PublicResultsSection';
import { objectionOpen, useServerClock } from './serverClock';
import './results.css';

type PublicResult = PublicResults['results'][number];
const ALL = { pageNum: 1, pageSize: MAX_PAGE_SIZE };

/** The events whose results are published: in their objection period (成绩公示中) or final. */
export const publishedEvents = (events: readonly RegistrationEvent[]) =>
  events.filter((event) => event.phase === 'publicizing' || event.phase === 'finished');

/** The objection dialog of one result: the reason (2–1000 characters), sent as the institution's objection. */
const ObjectionDialog = ({
  result,
  onClose,
  onSent,
}: {
  result: PublicResult | null;
  onClose: () => void;
  onSent: () => void;
}) => {
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result opens an empty form
  useEffect(() => {
    setReason('');
    setRefusal(null);
  }, [result]);

  const send = async () => {
    if (!result) return;
    const local = textRefusal(reason, '异议理由');
    setRefusal(local);
    if (local) return;
    setBusy(true);
    const outcome = await quietCall(api.matchObjections.object, {
      body: { teamId: result.teamId, reason: reason.trim() },
    });
    setBusy(false);
    if (outcome.ok) onSent();
    else setRefusal(outcome.message);
  };

  return (
    <Modal
      open={result !== null}
      title="提出异议"
      okText="提交异议"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      {result && (
        <p>
          对“{result.itemName} · {result.teamName}（{result.institutionName}）”的成绩（{result.awardLabel || '无奖项'}
          {result.rank ? `，第 ${result.rank} 名` : ''}）提出异议。异议及主办方的答复公开在公示页，不公开提出的机构。
        </p>
      )}
      <RefusalNotice message={refusal} spacing={12} testId="objection-refusal" />
      <label htmlFor="objection-reason">异议理由</label>
      <Input.TextArea
        id="objection-reason"
        value={reason}
        rows={4}
        maxLength={TEXT_LIMITS.max}
        showCount
        onChange={(change) => setReason(change.target.value)}
      />
    </Modal>
  );
};

/**
 * A result's members joined by 、, each name kept on one line: a masked name (孙*丽) would otherwise break at
 * its asterisk on a phone (孙 / *丽), the line breaking anywhere between the names instead.
 */
const MemberNames = ({ names }: { names: readonly string[] }) =>
  names.map((name, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the names are a fixed list, and two masked names may be the same
    <Fragment key={index}>
      {index > 0 && '、'}
      <span className="results-name">{name}</span>
    </Fragment>
  ));

/** The institution's own objections to one event's results, with the organiser's answers. */
const MyObjections = ({ list }: { list: MatchObjection[] | null }) => {
  if (!list) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (list.length === 0) return <p>本机构未对本赛事成绩提出异议。</p>;
  return (
    <ul className="results-objections" data-testid="my-objections">
      {list.map((objection) => (
        <li key={objection.id}>
          <p className="results-objection-head">
            {objection.itemName} · {objection.teamName}
          </p>
          <p>提出：{formatTime(objection.receivedTime)}</p>
          <p className="results-answer">理由：{objection.reason}</p>
          <p className="results-answer">
            {objection.answeredTime ? `答复（${formatTime(objection.answeredTime)}）：${objection.answer}` : '尚未答复'}
          </p>
        </li>
      ))}
    </ul>
  );
};

/** One published event: its list with 提出异议 per result while the period lasts, and the institution's objections. */
const EventResults = ({ event }: { event: RegistrationEvent }) => {
  const [results, setResults] = useState<PublicResults | null>(null);
  const [mine, setMine] = useState<MatchObjection[] | null>(null);
  const [objecting, setObjecting] = useState<PublicResult | null>(null);
  const [version, setVersion] = useState(0);
  const [messages, messageHost] = usePageMessage();
  const now = useServerClock(results?.serverTime ?? event.serverTime);

  useEffect(() => {
    let live = true;
    void http.call(api.matchPublicResults.results, { params: { id: String(event.id) } }).then((result) => {
      if (live && result.ok) setResults(result.data);
    });
    return () => {
      live = false;
    };
  }, [event.id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` moves after an objection: the list is asked for again
  useEffect(() => {
    let live = true;
    void http.call(api.matchObjections.mine, { query: { ...ALL, eventId: String(event.id) } }).then((result) => {
      if (live && result.ok) setMine(result.data.list);
    });
    return () => {
      live = false;
    };
  }, [event.id, version]);

  const open = objectionOpen(results?.objectionDeadline ?? null, now);
  return (
    <li className="registration-event" data-testid={`school-results-${event.id}`}>
      {messageHost}
      <h3 className="registration-event-title">{event.name}</h3>
      {!results ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : (
        <>
          {results.publishedTime && (
            <p className="registration-event-line">
              公示时间：{formatTime(results.publishedTime)}
              {results.objectionDeadline && ` · 异议截止：${formatTime(results.objectionDeadline)}（北京时间）`}
            </p>
          )}
          {results.finalTime ? (
            <p className="registration-event-line" data-testid={`school-results-final-${event.id}`}>
              成绩已于 {formatTime(results.finalTime)} 确认生效，获奖队员的证书已发放、学分已记入学分银行。
            </p>
          ) : (
            results.objectionDeadline && (
              <ObjectionCountdown deadline={results.objectionDeadline} serverTime={results.serverTime} />
            )
          )}
          {groupByItem(results.results).map(({ itemName, rows }) => (
            <div key={itemName} className="results-item">
              <h4>{itemName}</h4>
              <ul className="results-objections">
                {rows.map((row) => (
                  <li key={row.teamId} className="results-school-row">
                    <p className="results-objection-head">
                      {row.rank ? `第 ${row.rank} 名 · ` : ''}
                      {row.awardLabel || '无奖项'} · {row.teamName}
                    </p>
                    <p>
                      {row.institutionName} · 队员：
                      <MemberNames names={row.members} />
                    </p>
                    {open && (
                      <Button size="small" aria-label={`提出异议：${row.teamName}`} onClick={() => setObjecting(row)}>
                        提出异议
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {results.results.length === 0 && <Empty description="暂无公示的成绩" />}
        </>
      )}
      {results?.finalTime && <EventCertificates eventId={event.id} />}
      <h4>我的异议</h4>
      <MyObjections list={mine} />
      <ObjectionDialog
        result={objecting}
        onClose={() => setObjecting(null)}
        onSent={() => {
          void messages.success('异议已提交，主办方答复后公开在公示页');
          setObjecting(null);
          setVersion((count) => count + 1);
        }}
      />
    </li>
  );
};

/**
 * 成绩公示与异议 in the institution's 赛事报名 card: each published event its institution takes part in, with the
 * published list, 提出异议 per result while the period lasts on the server's clock, and 我的异议 with answers.
 */
export const SchoolResults = ({ events }: { events: readonly RegistrationEvent[] }) => {
  const published = publishedEvents(events);
  if (published.length === 0) return <Empty description="暂无公示中的成绩" />;
  return (
    <ul className="results-school" aria-label="成绩公示与异议">
      {published.map((event) => (
        <EventResults key={event.id} event={event} />
      ))}
    </ul>
  );
};
