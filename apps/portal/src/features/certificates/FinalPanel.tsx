import { api, DEFAULT_PAGE_SIZE, type FinalEvent } from '@lianmeng/core';
import { Button, Empty, Modal, Pagination, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { http } from '../../app/api';
import { formatTime } from '../../shared/dates';
import { type Notice, NoticeAlert } from '../review/NoticeAlert';
import { quietCall } from '../review/quietCall';
import './certificates.css';

/** One published event: where it stands, what making it final would issue, and 确认生效 once it may. */
const FinalEventRow = ({ event, onFinalise }: { event: FinalEvent; onFinalise: (event: FinalEvent) => void }) => (
  <li className="final-event" data-testid={`final-event-${event.eventId}`}>
    <p>
      <strong>{event.eventName}</strong>{' '}
      <span className={`final-state final-state--${event.state}`}>{event.stateLabel}</span>
    </p>
    <p className="certificate-line">
      {event.season} 年度 · {event.level} · 承办：{event.organizerName}
    </p>
    <p className="certificate-line">
      公示：{formatTime(event.publishedTime)} · 异议截止：{formatTime(event.objectionDeadline)}（北京时间）
      {event.openObjections > 0 && ` · 未答复异议 ${event.openObjections} 条`}
    </p>
    {event.state === 'final' ? (
      <p className="certificate-line">
        已于 {event.finalTime ? formatTime(event.finalTime) : ''} 生效 · 发放证书 {event.certificateCount} 张
      </p>
    ) : (
      <p className="certificate-line">
        获奖队员 {event.awardedMembers} 名，生效后各发证书一张、记入“{event.catalogueItemName}”{event.creditsEach} 学分
      </p>
    )}
    {event.state !== 'final' && (
      <Button
        type="primary"
        size="small"
        disabled={event.state !== 'ready' || event.awardedMembers === 0}
        aria-label={`确认生效：${event.eventName}`}
        onClick={() => onFinalise(event)}
      >
        确认生效
      </Button>
    )}
  </li>
);

/**
 * 成绩生效 in the review workbench: the events whose results were published, those not yet final first. Once an
 * event's objection period is over and every objection answered, the operator makes its results final after a
 * confirmation naming what it issues; a refusal (another operator was first, the operator's own institution
 * organised it) is shown in the server's words and the list is asked for again.
 */
export const FinalPanel = () => {
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [data, setData] = useState<{ list: FinalEvent[]; total: number } | null>(null);
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [modal, modalHost] = Modal.useModal();
  const noticeRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` moves after a decision: the list is asked for again
  useEffect(() => {
    let live = true;
    void http.call(api.matchFinal.events, { query: page }).then((result) => {
      if (live) setData(result.ok ? result.data : { list: [], total: 0 });
    });
    return () => {
      live = false;
    };
  }, [page, version]);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const finalise = (event: FinalEvent) =>
    modal.confirm({
      title: '成绩确认生效',
      content: `“${event.eventName}”的成绩确认生效后，将为 ${event.awardedMembers} 名获奖队员各发放证书一张，并各记入“${event.catalogueItemName}”${event.creditsEach} 学分（登记机构：${event.organizerName}）。生效后不能撤回，如需更正须冲正学分。确定吗？`,
      okText: '确认生效',
      cancelText: '取消',
      onOk: async () => {
        const outcome = await quietCall(api.matchFinal.finalise, { params: { eventId: String(event.eventId) } });
        setNotice(
          outcome.ok
            ? {
                type: 'success',
                title: `“${event.eventName}”成绩已生效，发放证书 ${outcome.data.certificateCount} 张`,
              }
            : { type: 'error', title: outcome.message },
        );
        setVersion((count) => count + 1);
      },
    });

  return (
    <section aria-label="成绩生效" data-testid="final-panel">
      {modalHost}
      <p className="certificate-line">
        赛事成绩公示期满、异议全部答复后，由审核员确认生效：为获奖队员发放证书编号并记入学分。不能确认本机构承办的赛事。
      </p>
      <div ref={noticeRef} tabIndex={-1} data-testid="final-notice">
        <NoticeAlert notice={notice} spacing={12} onClose={() => setNotice(null)} />
      </div>
      {!data ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : data.list.length === 0 ? (
        <Empty description="暂无已公示成绩的赛事" />
      ) : (
        <>
          <ul className="final-event-list">
            {data.list.map((event) => (
              <FinalEventRow key={event.eventId} event={event} onFinalise={finalise} />
            ))}
          </ul>
          {data.total > page.pageSize && (
            <Pagination
              style={{ marginTop: 12 }}
              current={page.pageNum}
              pageSize={page.pageSize}
              total={data.total}
              onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
            />
          )}
        </>
      )}
    </section>
  );
};
