import { api, type LedgerRecord, MAX_PAGE_SIZE, type ReviewQueueItem } from '@lianmeng/core';
import { Button, Checkbox, Empty, Modal, Pagination, Skeleton, Space } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { formatTime } from '../../shared/dates';
import { useWorkbenchList } from '../institution/useWorkbenchList';
import { CardGrid } from './CardGrid';
import { type Notice, NoticeAlert } from './NoticeAlert';
import { openEvidence } from './openEvidence';
import { type QuietOutcome, quietCall } from './quietCall';
import { ReasonDialog } from './ReasonDialog';
import { itemTitle } from './ReviewQueue';

/** Another operator decided first. */
const STALE_NOTICE: Notice = {
  type: 'warning',
  title: '已被其他审核员处理',
  description: '其他审核员已先处理了这些记录，本次操作未做任何改动。待审核队列已刷新，请查看最新状态。',
};

const RECORDS_PAGE_SIZE = 20;

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div style={{ minWidth: 0 }}>
    <dt style={{ color: 'var(--muted, #595959)', fontSize: 13 }}>{label}</dt>
    <dd style={{ margin: 0, wordBreak: 'break-all' }}>{children}</dd>
  </div>
);

const RecordCard = ({
  record,
  selectable,
  selected,
  onSelect,
  onEvidence,
}: {
  record: LedgerRecord;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onEvidence: (record: LedgerRecord) => void;
}) => (
  <li
    data-testid={`review-record-${record.id}`}
    style={{
      border: `1px solid ${selected ? 'var(--brand, #1677ff)' : '#d9d9d9'}`,
      borderRadius: 8,
      padding: 12,
      background: '#fff',
      display: 'flex',
      gap: 12,
      alignItems: 'flex-start',
      minWidth: 0,
    }}
  >
    {selectable && (
      <Checkbox
        aria-label={`选择 ${record.holderName} ${record.itemName} ${record.date}`}
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        style={{ paddingTop: 2 }}
      />
    )}
    <div style={{ flex: 1, minWidth: 0 }}>
      <p style={{ margin: '0 0 8px', display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8 }}>
        <span>
          <strong>{record.holderName || '—'}</strong>{' '}
          <span style={{ color: 'var(--muted, #595959)' }}>{record.cardNo}</span>
        </span>
        <strong>{record.credits} 学分</strong>
      </p>
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 130px), 1fr))',
          gap: '4px 12px',
          margin: '0 0 8px',
        }}
      >
        <Field label="活动">{record.itemName}</Field>
        <Field label="类别与等级">{[record.kind, record.level].filter(Boolean).join(' · ') || '—'}</Field>
        <Field label="获得日期">{record.date}</Field>
        <Field label="证书编号">{record.certificateNo || '—'}</Field>
        {record.reversesId !== null && (
          <Field label="冲正">
            原记录 #{record.reversesId}，原因：{record.reason || '—'}
          </Field>
        )}
      </dl>
      {record.hasEvidence ? (
        <Button size="small" onClick={() => onEvidence(record)}>
          查看证明材料
        </Button>
      ) : (
        <span style={{ color: 'var(--muted, #595959)' }}>无证明材料</span>
      )}
    </div>
  </li>
);

/**
 * One opened queue item: a batch with its waiting records (paged, selectable), or a single record or reversal.
 * A whole batch is approved after a confirmation that says how many records it posts; returning always asks
 * for the reason. A decision someone else made first (409) sends the operator back to the refreshed queue.
 */
export const ReviewDetail = ({
  item,
  onBack,
  onDone,
}: {
  item: ReviewQueueItem;
  onBack: () => void;
  /** The item is decided (or was, by someone else): back to the queue with this notice. */
  onDone: (notice: Notice) => void;
}) => {
  const isBatch = item.type === 'batch' && item.batchId !== null;
  const [pageNum, setPageNum] = useState(1);
  const [version, setVersion] = useState(0);
  // A single record is found among its institution's waiting records: the records call has no id filter.
  const query = useMemo(
    () =>
      isBatch
        ? { batchId: item.batchId ?? undefined, pageNum, pageSize: RECORDS_PAGE_SIZE }
        : { institutionId: item.institutionId, pageNum: 1, pageSize: MAX_PAGE_SIZE },
    [isBatch, item, pageNum],
  );
  const { data, loading } = useWorkbenchList(api.creditReview.records, query, version);
  const records = isBatch ? (data?.list ?? []) : (data?.list ?? []).filter((record) => record.id === item.recordId);
  const waiting = isBatch ? (data?.total ?? item.count) : records.length;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [returning, setReturning] = useState<'all' | 'selected' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [modal, modalHost] = Modal.useModal();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const title = `${item.institutionName} · ${itemTitle(item)}`;
  const chosen = isBatch ? [...selected] : item.recordId === null ? [] : [item.recordId];
  const everyWaiting = !isBatch || chosen.length >= waiting;

  /** What a decision came to: back to the queue when nothing of the item waits any more, or stay and refresh. */
  const settle = (outcome: QuietOutcome<unknown>, success: string, whole: boolean) => {
    if (outcome.ok) {
      if (whole) {
        onDone({ type: 'success', title: success });
        return;
      }
      setSelected(new Set());
      setPageNum(1);
      setNotice({ type: 'success', title: success });
      setVersion((count) => count + 1);
      return;
    }
    if (outcome.stale) {
      onDone(STALE_NOTICE);
      return;
    }
    setNotice({ type: 'error', title: '操作未完成', description: outcome.message });
  };

  const approveBatch = () =>
    modal.confirm({
      title: '通过整批',
      content: `将通过${itemTitle(item)}中全部 ${waiting} 条待审核记录，通过后立即入账并计入持卡人的总学分。确定通过吗？`,
      okText: `确认通过 ${waiting} 条`,
      cancelText: '取消',
      onOk: async () => {
        const outcome = await quietCall(api.creditReview.approveBatch, {
          params: { batchId: String(item.batchId) },
        });
        settle(outcome, outcome.ok ? `已通过${itemTitle(item)}，${outcome.data.posted} 条记录已入账` : '', true);
      },
    });

  const approveChosen = async () => {
    const outcome = await quietCall(api.creditReview.approveRecords, { body: { ids: chosen } });
    settle(outcome, outcome.ok ? `已通过 ${outcome.data.posted} 条记录，已入账` : '', everyWaiting);
  };

  const returnWith = async (reason: string) => {
    const outcome =
      returning === 'all' && isBatch
        ? await quietCall(api.creditReview.returnBatch, {
            params: { batchId: String(item.batchId) },
            body: { reason },
          })
        : await quietCall(api.creditReview.returnRecords, { body: { ids: chosen, reason } });
    setReturning(null);
    settle(
      outcome,
      outcome.ok ? `已退回 ${outcome.data.returned} 条记录，机构将看到退回原因` : '',
      returning === 'all' || everyWaiting,
    );
  };

  const showEvidence = async (record: LedgerRecord) => {
    const refusal = await openEvidence(record.id);
    if (refusal) setNotice({ type: 'error', title: '无法打开证明材料', description: refusal });
  };

  const pageIds = records.map((record) => record.id);
  const pageChosen = pageIds.filter((id) => selected.has(id)).length;
  const selectPage = (on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      for (const id of pageIds) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <section aria-labelledby="review-detail-title">
      {modalHost}
      <Button onClick={onBack} style={{ marginBottom: 12 }}>
        返回待审核队列
      </Button>
      <h2
        id="review-detail-title"
        ref={headingRef}
        tabIndex={-1}
        style={{ fontSize: 18, margin: '0 0 8px', wordBreak: 'break-all' }}
      >
        {title}
      </h2>
      <p style={{ margin: '0 0 12px', color: 'var(--muted, #595959)' }}>
        提交：{item.submittedBy} · {formatTime(item.submittedTime)} · 待审核 {waiting} 条
      </p>
      <div ref={noticeRef} tabIndex={-1} data-testid="review-detail-notice">
        <NoticeAlert notice={notice} spacing={12} />
      </div>
      {!data && loading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : records.length === 0 ? (
        <Empty description="这里已没有待审核的记录，可能已被处理" />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            {isBatch ? (
              <>
                <Button type="primary" onClick={approveBatch}>
                  通过整批（{waiting} 条）
                </Button>
                <Button danger onClick={() => setReturning('all')}>
                  退回整批
                </Button>
              </>
            ) : (
              <>
                <Button type="primary" onClick={approveChosen}>
                  通过
                </Button>
                <Button danger onClick={() => setReturning('selected')}>
                  退回
                </Button>
              </>
            )}
          </Space>
          {isBatch && (
            <fieldset
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 8,
                alignItems: 'center',
                margin: '0 0 12px',
                padding: 0,
                border: 0,
                minWidth: 0,
              }}
            >
              <legend className="visually-hidden">所选记录</legend>
              <Checkbox
                checked={pageChosen > 0 && pageChosen === pageIds.length}
                indeterminate={pageChosen > 0 && pageChosen < pageIds.length}
                onChange={(event) => selectPage(event.target.checked)}
              >
                全选本页
              </Checkbox>
              <span aria-live="polite">已选 {selected.size} 条</span>
              <Button disabled={selected.size === 0} onClick={approveChosen}>
                通过所选
              </Button>
              <Button danger disabled={selected.size === 0} onClick={() => setReturning('selected')}>
                退回所选
              </Button>
            </fieldset>
          )}
          <CardGrid label="待审核记录" busy={loading} minWidth={340}>
            {records.map((record) => (
              <RecordCard
                key={record.id}
                record={record}
                selectable={isBatch}
                selected={selected.has(record.id)}
                onSelect={(on) =>
                  setSelected((old) => {
                    const next = new Set(old);
                    if (on) next.add(record.id);
                    else next.delete(record.id);
                    return next;
                  })
                }
                onEvidence={showEvidence}
              />
            ))}
          </CardGrid>
          {isBatch && (
            <Pagination
              style={{ marginTop: 16 }}
              size="small"
              current={pageNum}
              pageSize={RECORDS_PAGE_SIZE}
              total={data?.total ?? 0}
              showSizeChanger={false}
              hideOnSinglePage
              onChange={setPageNum}
            />
          )}
        </>
      )}
      <ReasonDialog
        open={returning !== null}
        title={returning === 'all' ? '退回整批' : '退回记录'}
        summary={
          returning === 'all'
            ? `将退回${itemTitle(item)}中全部 ${waiting} 条待审核记录`
            : `将退回 ${chosen.length} 条记录`
        }
        onCancel={() => setReturning(null)}
        onSubmit={returnWith}
      />
    </section>
  );
};
