import type { CreditRecord, HolderCreditState } from '@lianmeng/core';
import { Button, Card, Empty, Pagination, type PaginationProps, Table, type TableColumnsType } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { MARK_TONES } from '../../shared/readable';
import './creditBank.css';

/** Below this width the records are cards: a nine-column table cannot be read on a phone. */
const NARROW_QUERY = '(max-width: 767px)';

const subscribeNarrow = (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;

/** Whether the screen is a phone's; false on the server and while hydrating (the records arrive later anyway). */
const useNarrowScreen = () => useSyncExternalStore(subscribeNarrow, isNarrow, () => false);

/** The workbenches' tones, each above 7:1, so a state reads without relying on its colour. */
const STATE_STYLES: Record<HolderCreditState, CSSProperties> = {
  posted: MARK_TONES.green,
  reversed: MARK_TONES.grey,
  objecting: MARK_TONES.orange,
};

const StateMark = ({ record }: { record: CreditRecord }) => (
  <span className="credit-state" data-state={record.state} style={STATE_STYLES[record.state]}>
    {record.stateLabel}
  </span>
);

const OBJECTION_ANSWERS = { open: '等待登记机构答复', kept: '维持原记录', reversal: '已提交冲正' } as const;

/** The reversal's reason, and the holder's objection with the institution's answer, under the state. */
const StateDetail = ({ record }: { record: CreditRecord }) => {
  const lines: ReactNode[] = [];
  if (record.reversal) {
    lines.push(
      <li key="reversal">
        {record.reversal.postedDate} 冲正：{record.reversal.reason}
      </li>,
    );
  }
  if (record.objection) {
    const { objection } = record;
    lines.push(
      <li key="objection">异议：{objection.reason}</li>,
      <li key="answer">
        答复：{OBJECTION_ANSWERS[objection.state]}
        {objection.answer ? `，${objection.answer}` : ''}
      </li>,
    );
  }
  if (lines.length === 0) return null;
  return <ul className="credit-state-detail">{lines}</ul>;
};

export interface RecordActions {
  openEvidence: (record: CreditRecord) => void;
  object: (record: CreditRecord) => void;
}

const EvidenceButton = ({ record, actions }: { record: CreditRecord; actions: RecordActions }) =>
  record.hasEvidence ? (
    <Button type="link" size="small" className="credit-action" onClick={() => actions.openEvidence(record)}>
      查看<span className="visually-hidden">“{record.itemName}”的证明材料</span>
    </Button>
  ) : (
    <span>无</span>
  );

const ObjectButton = ({ record, actions }: { record: CreditRecord; actions: RecordActions }) =>
  record.canObject ? (
    <Button size="small" className="credit-action" onClick={() => actions.object(record)}>
      提出异议<span className="visually-hidden">：{record.itemName}</span>
    </Button>
  ) : null;

const itemLine = (record: CreditRecord) => [record.kind, record.level].filter(Boolean).join(' · ');

const columnsOf = (actions: RecordActions): TableColumnsType<CreditRecord> => [
  { title: '获得日期', dataIndex: 'date', key: 'date', width: 104 },
  {
    title: '学分项目',
    key: 'item',
    render: (_, record) => (
      <>
        <div>{record.itemName}</div>
        <div className="credit-muted">{itemLine(record)}</div>
        {record.certificateNo && <div className="credit-muted">证书编号 {record.certificateNo}</div>}
      </>
    ),
  },
  { title: '学分', dataIndex: 'credits', key: 'credits', width: 56, align: 'right' },
  {
    title: '来源',
    key: 'source',
    render: (_, record) => (
      <>
        <div>登记：{record.institutionName}</div>
        <div className="credit-muted">
          入账：{[record.postedDate, record.reviewingUnit].filter(Boolean).join(' ') || '—'}
        </div>
      </>
    ),
  },
  {
    title: '证明材料',
    key: 'evidence',
    width: 88,
    render: (_, record) => <EvidenceButton record={record} actions={actions} />,
  },
  {
    title: '状态',
    key: 'state',
    render: (_, record) => (
      <>
        <StateMark record={record} />
        <StateDetail record={record} />
      </>
    ),
  },
  {
    title: '操作',
    key: 'actions',
    width: 104,
    render: (_, record) => <ObjectButton record={record} actions={actions} />,
  },
];

const RecordCard = ({ record, actions }: { record: CreditRecord; actions: RecordActions }) => (
  <Card size="small" className="credit-card" data-testid="credit-card">
    <div className="credit-card-head">
      <strong>{record.itemName}</strong>
      <StateMark record={record} />
    </div>
    <dl className="credit-card-fields">
      <dt>类型级别</dt>
      <dd>{itemLine(record) || '—'}</dd>
      <dt>学分</dt>
      <dd>{record.credits}</dd>
      <dt>获得日期</dt>
      <dd>{record.date}</dd>
      <dt>登记机构</dt>
      <dd>{record.institutionName}</dd>
      <dt>入账</dt>
      <dd>{[record.postedDate, record.reviewingUnit].filter(Boolean).join(' ') || '—'}</dd>
      <dt>证书编号</dt>
      <dd>{record.certificateNo || '—'}</dd>
      <dt>证明材料</dt>
      <dd>
        <EvidenceButton record={record} actions={actions} />
      </dd>
    </dl>
    <StateDetail record={record} />
    <ObjectButton record={record} actions={actions} />
  </Card>
);

/**
 * The holder's records with where each came from: a table on a wide screen, one card per record on a phone, so
 * the page never scrolls sideways.
 */
export const CreditRecords = ({
  records,
  loading,
  pagination,
  actions,
}: {
  records: CreditRecord[];
  loading: boolean;
  pagination: PaginationProps;
  actions: RecordActions;
}) => {
  const narrow = useNarrowScreen();
  if (!narrow) {
    return (
      <Table<CreditRecord>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columnsOf(actions)}
        dataSource={records}
        locale={{ emptyText: '暂无学分记录' }}
        pagination={pagination}
        scroll={{ x: 900 }}
      />
    );
  }
  return (
    <div className="credit-cards" aria-busy={loading}>
      {records.length === 0 ? (
        <Empty description={loading ? '正在加载…' : '暂无学分记录'} />
      ) : (
        <ul>
          {records.map((record) => (
            <li key={record.id}>
              <RecordCard record={record} actions={actions} />
            </li>
          ))}
        </ul>
      )}
      <Pagination className="credit-cards-pager" {...pagination} showLessItems />
    </div>
  );
};
