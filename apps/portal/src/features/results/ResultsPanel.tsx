import { api, type OrganiserResults } from '@lianmeng/core';
import { Button, Empty, Modal, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { http } from '../../app/api';
import { formatTime } from '../../shared/dates';
import { EventCertificates } from '../certificates/EventCertificates';
import { type Notice, NoticeAlert } from '../review/NoticeAlert';
import { quietCall } from '../review/quietCall';
import { ObjectionAnswers } from './ObjectionAnswers';
import { ObjectionCountdown } from './PublicResultsSection';
import { ResultImport } from './ResultImport';
import { changedEntries, type Draft, ResultsEditor } from './ResultsEditor';
import './results.css';

/** What is wrong with a typed rank before it is sent, naming the team, or null; the server checks it again. */
const rankRefusal = (results: OrganiserResults, drafts: ReadonlyMap<number, Draft>) => {
  for (const row of results.rows) {
    const rank = drafts.get(row.teamId)?.rank;
    if (rank != null && !(Number.isInteger(rank) && rank >= 1 && rank <= 10_000)) {
      return `“${row.teamName}”的名次应为 1–10000 的整数`;
    }
  }
  return null;
};

/**
 * 成绩录入 of one event the institution organises: per item its admitted teams with a rank and an award, saved
 * by hand (only the changed entries are sent) or imported from a sheet, then published once after a
 * confirmation; afterwards the list is read-only, with the objection deadline counting down from the server's
 * clock, and the objections are answered below.
 */
export const ResultsPanel = ({
  eventId,
  eventName,
  onBack,
}: {
  eventId: number;
  eventName: string;
  onBack: () => void;
}) => {
  const [results, setResults] = useState<OrganiserResults | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Map<number, Draft>>(new Map());
  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState(0);
  const [modal, modalHost] = Modal.useModal();
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const published = Boolean(results?.publishedTime);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` moves after a refusal that the list may explain
  useEffect(() => {
    let live = true;
    void http.call(api.matchResults.results, { params: { eventId: String(eventId) } }).then((result) => {
      if (!live) return;
      if (result.ok) {
        setResults(result.data);
        setDrafts(new Map());
      } else setFailed(result.message);
    });
    return () => {
      live = false;
    };
  }, [eventId, version]);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const replaced = (next: OrganiserResults, title: string) => {
    setResults(next);
    setDrafts(new Map());
    setNotice({ type: 'success', title });
  };

  const save = async () => {
    if (!results) return;
    const entries = changedEntries(results.rows, drafts);
    if (entries.length === 0) {
      setNotice({ type: 'warning', title: '没有修改过的成绩' });
      return;
    }
    const local = rankRefusal(results, drafts);
    if (local) {
      setNotice({ type: 'error', title: local });
      return;
    }
    setSaving(true);
    const outcome = await quietCall(api.matchResults.save, { params: { eventId: String(eventId) }, body: { entries } });
    setSaving(false);
    if (outcome.ok) replaced(outcome.data, `已保存 ${entries.length} 支队伍的成绩`);
    else {
      setNotice({ type: 'error', title: outcome.message });
      // Published meanwhile: the list turns read-only as the server has it.
      if (outcome.stale) setVersion((count) => count + 1);
    }
  };

  const publish = () =>
    modal.confirm({
      title: '公示成绩',
      content: `将公示“${eventName}”的成绩。公示后成绩不能再修改，公示页公开队伍、学校、奖项和遮蔽后的队员姓名，并开始异议期。确定公示吗？`,
      okText: '确认公示',
      cancelText: '取消',
      onOk: async () => {
        const outcome = await quietCall(api.matchResults.publish, { params: { eventId: String(eventId) } });
        if (outcome.ok) replaced(outcome.data, '成绩已公示');
        else {
          setNotice({ type: 'error', title: outcome.message });
          if (outcome.stale) setVersion((count) => count + 1);
        }
      },
    });

  const unsaved = results ? changedEntries(results.rows, drafts).length > 0 : false;

  return (
    <section className="results-panel" aria-labelledby="results-panel-title" data-testid="results-panel">
      {modalHost}
      <Button onClick={onBack} style={{ marginBottom: 12 }}>
        返回赛事列表
      </Button>
      <h3 id="results-panel-title" ref={heading} tabIndex={-1} className="registration-event-title">
        成绩录入：{eventName}
      </h3>
      <div ref={noticeRef} tabIndex={-1} data-testid="results-notice">
        <NoticeAlert notice={notice} spacing={12} onClose={() => setNotice(null)} />
      </div>
      {!results ? (
        failed ? (
          <Empty description={failed} />
        ) : (
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        )
      ) : (
        <>
          {results.publishedTime ? (
            <div data-testid="results-published">
              <p className="registration-event-line">
                已于 {formatTime(results.publishedTime)} 公示，成绩不能再修改。
                {results.objectionDeadline && `异议截止：${formatTime(results.objectionDeadline)}（北京时间）`}
              </p>
              {results.finalTime ? (
                <>
                  <p className="registration-event-line" data-testid="results-final">
                    成绩已于 {formatTime(results.finalTime)} 确认生效，证书已发放，获奖队员的学分已记入学分银行。
                  </p>
                  <EventCertificates eventId={eventId} />
                </>
              ) : (
                results.objectionDeadline && (
                  <ObjectionCountdown deadline={results.objectionDeadline} serverTime={results.serverTime} />
                )
              )}
            </div>
          ) : (
            !results.publishable &&
            results.notPublishableReason && (
              <p className="registration-event-line" data-testid="results-not-publishable">
                {results.notPublishableReason}
              </p>
            )
          )}
          {results.rows.length === 0 ? (
            <Empty description="没有已通过审核的队伍" />
          ) : (
            <ResultsEditor
              rows={results.rows}
              drafts={drafts}
              readOnly={published}
              onChange={(teamId, draft) => setDrafts((old) => new Map(old).set(teamId, draft))}
            />
          )}
          {!published && (
            <>
              <div className="results-actions">
                <Button
                  type="primary"
                  loading={saving}
                  onClick={() => void save()}
                  disabled={results.rows.length === 0}
                >
                  保存成绩
                </Button>
                <Button onClick={publish} disabled={!results.publishable || unsaved} data-testid="results-publish">
                  公示成绩
                </Button>
                {unsaved && <span className="registration-event-line">有未保存的修改，保存后才能公示。</span>}
              </div>
              <ResultImport eventId={eventId} onCommitted={(next) => replaced(next, '成绩表已导入')} />
            </>
          )}
          {published && (
            <section aria-labelledby="results-objections-title">
              <h4 id="results-objections-title">异议处理</h4>
              <ObjectionAnswers eventId={eventId} />
            </section>
          )}
        </>
      )}
    </section>
  );
};
