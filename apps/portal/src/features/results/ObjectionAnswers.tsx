import { api, MAX_PAGE_SIZE, type MatchObjection } from '@lianmeng/core';
import { Button, Empty, Input, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../app/api';
import { formatTime } from '../../shared/dates';
import { RefusalNotice } from '../../shared/RefusalNotice';
import { quietCall } from '../review/quietCall';

const ALL = { pageNum: 1, pageSize: MAX_PAGE_SIZE };
export const TEXT_LIMITS = { min: 2, max: 1000 } as const;

/** What is wrong with a reason or an answer before it is sent, or null; the server checks it again. */
export const textRefusal = (text: string, what: string) => {
  const length = text.trim().length;
  if (length < TEXT_LIMITS.min) return `请填写${what}（至少 ${TEXT_LIMITS.min} 个字）`;
  if (length > TEXT_LIMITS.max) return `${what}不能超过 ${TEXT_LIMITS.max} 个字`;
  return null;
};

/** The answer form of one unanswered objection. */
const AnswerForm = ({ objection, onAnswered }: { objection: MatchObjection; onAnswered: () => void }) => {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `objection-answer-${objection.id}`;

  const send = async () => {
    const local = textRefusal(text, '答复');
    setRefusal(local);
    if (local) return;
    setBusy(true);
    const outcome = await quietCall(api.matchResults.answer, {
      params: { id: String(objection.id) },
      body: { answer: text.trim() },
    });
    setBusy(false);
    if (!outcome.ok) {
      setRefusal(outcome.message);
      // Answered by someone else meanwhile: the list shows that answer.
      if (outcome.stale) onAnswered();
      return;
    }
    onAnswered();
  };

  return (
    <div className="results-answer-form">
      <label htmlFor={id}>答复（公开在公示页，只能答复一次）</label>
      <Input.TextArea
        id={id}
        value={text}
        rows={3}
        maxLength={TEXT_LIMITS.max}
        showCount
        onChange={(change) => setText(change.target.value)}
      />
      <RefusalNotice message={refusal} spacing={8} testId={`answer-refusal-${objection.id}`} />
      <Button type="primary" loading={busy} onClick={() => void send()} style={{ marginTop: 8 }}>
        发送答复
      </Button>
    </div>
  );
};

/**
 * 异议处理: the objections to the event's results, with who objected and why; an unanswered one has the answer
 * form, an answered one shows the answer and its date.
 */
export const ObjectionAnswers = ({ eventId }: { eventId: number }) => {
  const [list, setList] = useState<MatchObjection[] | null>(null);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` moves after an answer: the list is asked for again
  useEffect(() => {
    let live = true;
    void http.call(api.matchResults.objections, { params: { eventId: String(eventId) }, query: ALL }).then((result) => {
      if (live && result.ok) setList(result.data.list);
    });
    return () => {
      live = false;
    };
  }, [eventId, version]);

  if (!list) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (list.length === 0) return <Empty description="暂无异议" />;
  return (
    <ul className="results-objections" data-testid="organiser-objections">
      {list.map((objection) => (
        <li key={objection.id} data-testid={`objection-${objection.id}`}>
          <p className="results-objection-head">
            {objection.itemName} · {objection.teamName}
          </p>
          <p>
            提出机构：{objection.institutionName} · 收到：{formatTime(objection.receivedTime)}
          </p>
          <p className="results-answer">理由：{objection.reason}</p>
          {objection.answeredTime ? (
            <p className="results-answer">
              答复（{formatTime(objection.answeredTime)}）：{objection.answer}
            </p>
          ) : (
            <AnswerForm objection={objection} onAnswered={() => setVersion((count) => count + 1)} />
          )}
        </li>
      ))}
    </ul>
  );
};
