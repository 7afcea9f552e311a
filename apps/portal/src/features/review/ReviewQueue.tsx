import { api, MAX_PAGE_SIZE, type ReviewQueueItem } from '@lianmeng/core';
import { Button, DatePicker, Empty, Pagination, Select, Skeleton, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { formatTime } from '../../shared/dates';
import { dayjs } from '../../shared/dayjs';
import { useWorkbenchList } from '../institution/useWorkbenchList';
import { CardGrid } from './CardGrid';

/** The queue's question: its page, and the institution and submission dates it is narrowed to. */
export interface QueueQuery {
  pageNum: number;
  pageSize: number;
  institutionId?: number;
  from?: string;
  to?: string;
}

/** Every waiting item in one answer, only to name the institutions the filter offers. */
const EVERYTHING = { pageNum: 1, pageSize: MAX_PAGE_SIZE };
/** The filter's "every institution", a value rather than a placeholder: a Select's placeholder is pale text. */
const ALL = 0;

const TYPE_LABELS: Record<ReviewQueueItem['type'], { label: string; color: string }> = {
  batch: { label: '批量导入', color: 'blue' },
  record: { label: '单条登记', color: 'green' },
  reversal: { label: '冲正', color: 'orange' },
};

/** What an item is, in a few words: `批次 7「file.csv」` or `记录 #12`. */
export const itemTitle = (item: ReviewQueueItem) =>
  item.type === 'batch'
    ? `批次 ${item.batchId}${item.fileName ? `「${item.fileName}」` : ''}`
    : `${item.type === 'reversal' ? '冲正' : '记录'} #${item.recordId}`;

const QueueItem = ({ item, onOpen }: { item: ReviewQueueItem; onOpen: (item: ReviewQueueItem) => void }) => {
  const type = TYPE_LABELS[item.type];
  const headingId = `review-item-${item.key.replace(':', '-')}`;
  return (
    <li className="review-queue-item" aria-labelledby={headingId} style={itemStyle}>
      <h3 id={headingId} style={{ fontSize: 16, margin: '0 0 4px', wordBreak: 'break-all' }}>
        {item.institutionName}
      </h3>
      <p style={{ margin: '0 0 4px', wordBreak: 'break-all' }}>
        <Tag color={type.color}>{type.label}</Tag>
        {itemTitle(item)}
      </p>
      <p style={{ margin: '0 0 4px' }}>
        待审核 <strong>{item.count}</strong> 条，共 <strong>{item.credits}</strong> 学分
      </p>
      <p style={{ margin: '0 0 8px', color: 'var(--muted, #595959)' }}>
        提交：{item.submittedBy} · {formatTime(item.submittedTime)}
      </p>
      {item.reviewable ? (
        <Button
          type="primary"
          onClick={() => onOpen(item)}
          aria-label={`查看并审核 ${item.institutionName} ${itemTitle(item)}`}
        >
          查看并审核
        </Button>
      ) : (
        <Tag color="default">本机构提交，不能由本账号审核</Tag>
      )}
    </li>
  );
};

const itemStyle = {
  border: '1px solid #d9d9d9',
  borderRadius: 8,
  padding: 12,
  background: '#fff',
  minWidth: 0,
} as const;

/**
 * The queue (待审核): the batches and single records institutions submitted, oldest first, narrowed by
 * institution and submission date and paged by the server. What the operator's own institution submitted is
 * listed without the review button: the server refuses it anyway.
 */
export const ReviewQueue = ({
  query,
  onQuery,
  version,
  onOpen,
}: {
  query: QueueQuery;
  onQuery: (next: QueueQuery) => void;
  version: number;
  onOpen: (item: ReviewQueueItem) => void;
}) => {
  const { data, loading } = useWorkbenchList(api.creditReview.queue, query, version);
  const everything = useWorkbenchList(api.creditReview.queue, EVERYTHING, version);
  const institutions = useMemo(() => {
    const names = new Map<number, string>();
    for (const item of everything.data?.list ?? []) names.set(item.institutionId, item.institutionName);
    // The chosen one stays offered after its last item is decided.
    for (const item of data?.list ?? []) names.set(item.institutionId, item.institutionName);
    return [...names].sort((a, b) => a[1].localeCompare(b[1], 'zh-CN'));
  }, [everything.data, data]);
  const filtered = query.institutionId !== undefined || query.from !== undefined || query.to !== undefined;
  const change = (next: Partial<QueueQuery>) => onQuery({ ...query, ...next, pageNum: 1 });

  return (
    <section aria-labelledby="review-queue-title">
      <h2 id="review-queue-title" tabIndex={-1} style={{ fontSize: 18, margin: '0 0 12px' }}>
        待审核队列
      </h2>
      <Space wrap style={{ marginBottom: 16, width: '100%' }}>
        <div style={fieldStyle}>
          <span aria-hidden>机构</span>
          <Select<number>
            aria-label="机构"
            style={{ width: '100%' }}
            value={query.institutionId ?? ALL}
            options={[
              { value: ALL, label: '全部机构' },
              ...institutions.map(([id, name]) => ({ value: id, label: name })),
            ]}
            onChange={(id) => change({ institutionId: id === ALL ? undefined : id })}
          />
        </div>
        <DateBound
          label="提交日期起"
          value={query.from}
          offered={(day) => !query.to || day <= query.to}
          onPick={(from) => change({ from })}
        />
        <DateBound
          label="提交日期止"
          value={query.to}
          offered={(day) => !query.from || day >= query.from}
          onPick={(to) => change({ to })}
        />
      </Space>
      {!data && loading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : (data?.list.length ?? 0) === 0 ? (
        <Empty description={filtered ? '没有符合条件的待审核记录' : '暂无待审核的记录'} />
      ) : (
        <>
          <p style={{ margin: '0 0 8px' }} aria-live="polite">
            共 {data?.total} 项待审核
          </p>
          <CardGrid label="待审核的批次与记录" busy={loading} minWidth={280}>
            {data?.list.map((item) => (
              <QueueItem key={item.key} item={item} onOpen={onOpen} />
            ))}
          </CardGrid>
          <Pagination
            style={{ marginTop: 16 }}
            size="small"
            current={query.pageNum}
            pageSize={query.pageSize}
            total={data?.total ?? 0}
            showSizeChanger={false}
            hideOnSinglePage
            onChange={(pageNum) => onQuery({ ...query, pageNum })}
          />
        </>
      )}
    </section>
  );
};

const fieldStyle = { display: 'grid', gap: 4, width: 200, maxWidth: '100%' } as const;

/** One end of the submission dates (`YYYY-MM-DD`, none for no bound); `offered` says which days it may take. */
const DateBound = ({
  label,
  value,
  offered,
  onPick,
}: {
  label: string;
  value: string | undefined;
  offered: (day: string) => boolean;
  onPick: (day: string | undefined) => void;
}) => (
  <div style={fieldStyle}>
    <span aria-hidden>{label}</span>
    <DatePicker
      aria-label={label}
      placeholder="不限"
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      disabledDate={(day) => !offered(day.format('YYYY-MM-DD'))}
      onChange={(day) => onPick(day ? day.format('YYYY-MM-DD') : undefined)}
    />
  </div>
);
