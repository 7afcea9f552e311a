import {
  api,
  CREDIT_KIND_LABELS,
  type CreditKind,
  DEFAULT_PAGE_SIZE,
  LEDGER_STATE_LABELS,
  LEDGER_STATES,
  type LedgerRecord,
  type LedgerState,
} from '@lianmeng/core';
import { Button, Form, Input, Select, Space, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { http, quietHttp } from '../../app/api';
import { formatTime } from '../../shared/dates';
import { saveDownload } from '../../shared/download';
import { FormDialog, REASON_MAX, reasonRules } from '../../shared/FormDialog';
import { Mark, type MarkTone, useKeyboardScroll } from '../../shared/readable';
import { usePageMessage } from '../../shared/usePageMessage';
import { useWorkbenchList } from './useWorkbenchList';
import { WorkbenchTable } from './WorkbenchTable';

interface Filters {
  pageNum: number;
  pageSize: number;
  state?: LedgerState;
  cardNo?: string;
}

const STATE_TONES: Record<LedgerState, MarkTone> = {
  submitted: 'blue',
  returned: 'red',
  posted: 'green',
  reversed: 'grey',
};

const CARD_NO = /^\d{8,20}$/;

const kindText = (kind: string) => CREDIT_KIND_LABELS[kind as CreditKind] ?? kind;

/**
 * The reversal (冲正) of a posted record: its reason is required, and the reversal is itself reviewed before the
 * record stops counting. A refusal of the server stays in the dialog.
 */
const ReversalDialog = ({
  record,
  onClose,
  onDone,
}: {
  record: LedgerRecord | null;
  onClose: () => void;
  onDone: () => void;
}) => {
  const [form] = Form.useForm<{ reason: string }>();

  const submit = async ({ reason }: { reason: string }) => {
    if (!record) return false;
    const result = await quietHttp.call(api.creditWorkbench.reverse, {
      params: { id: String(record.id) },
      body: { reason: reason.trim() },
    });
    if (!result.ok) return result.message;
    onDone();
    return true;
  };

  return (
    <FormDialog
      form={form}
      open={record !== null}
      title="申请冲正"
      okText="提交冲正"
      refusalTestId="reversal-refusal"
      intro={
        record && (
          <p>
            将冲正 {record.holderName}（{record.cardNo}）{record.date} 的“{record.itemName}” {record.credits}{' '}
            学分。冲正经审核通过后，原记录显示“已冲正”并不再计入学分。
          </p>
        )
      }
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item name="reason" label="冲正原因" rules={reasonRules('请填写冲正原因')}>
        <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
};

/** The state of a record, with the reviewer's reason for a return and the record a reversal reverses. */
const StateCell = ({ record }: { record: LedgerRecord }) => (
  <div>
    <Mark tone={STATE_TONES[record.state]}>{LEDGER_STATE_LABELS[record.state]}</Mark>
    {record.objectionOpen && <Mark tone="orange">异议处理中</Mark>}
    {record.state === 'returned' && record.reason && <div style={{ color: '#a8071a' }}>退回原因：{record.reason}</div>}
    {record.state === 'posted' && record.reviewingUnit && (
      <div style={{ color: 'var(--muted, #595959)' }}>审核：{record.reviewingUnit}</div>
    )}
  </div>
);

/**
 * 登记记录: what the institution recorded and reversed, with each record's state (待审核, 已退回 with the
 * reason, 已入账, 已冲正), filtered by state and card number, paged through the server. A posted record can
 * be reversed, with a reason.
 */
export const CreditRecordList = ({ version }: { version: number }) => {
  const [filters, setFilters] = useState<Filters>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [cardError, setCardError] = useState<string | null>(null);
  const [reversing, setReversing] = useState<LedgerRecord | null>(null);
  const { data, loading, reload } = useWorkbenchList(api.creditWorkbench.list, filters, version);
  const [messages, messageHost] = usePageMessage();
  const section = useRef<HTMLElement>(null);
  useKeyboardScroll(section, '登记记录表格');

  const openEvidence = async (record: LedgerRecord) => {
    const result = await http.call(api.creditWorkbench.evidence, { params: { id: String(record.id) } });
    if (result.ok) saveDownload(result.data);
  };

  const columns: TableColumnsType<LedgerRecord> = [
    { title: '记录号', dataIndex: 'id', key: 'id', width: 70 },
    {
      title: '持卡人',
      key: 'holder',
      width: 130,
      render: (_, record) => (
        <>
          {record.holderName}
          <div>{record.cardNo}</div>
        </>
      ),
    },
    {
      title: '学分项目',
      key: 'item',
      width: 220,
      render: (_, record) => (
        <>
          {record.reversesId !== null && <Mark tone="purple">冲正 记录 {record.reversesId}</Mark>}
          {record.itemName}
          <div style={{ color: 'var(--muted, #595959)' }}>
            {[kindText(record.kind), record.level].filter(Boolean).join(' · ')}
          </div>
          {record.reversesId !== null && record.reason && <div>原因：{record.reason}</div>}
        </>
      ),
    },
    { title: '获得日期', dataIndex: 'date', key: 'date', width: 110 },
    { title: '学分', dataIndex: 'credits', key: 'credits', width: 60, align: 'right' },
    {
      title: '证书编号',
      dataIndex: 'certificateNo',
      key: 'certificateNo',
      width: 120,
      render: (value: string) => value || '—',
    },
    { title: '状态', key: 'state', width: 180, render: (_, record) => <StateCell record={record} /> },
    { title: '提交时间', dataIndex: 'submittedTime', key: 'submittedTime', width: 160, render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, record) => (
        <Space size={0} wrap>
          {record.hasEvidence && (
            <Button type="link" size="small" onClick={() => void openEvidence(record)}>
              证明材料
            </Button>
          )}
          {record.state === 'posted' && record.reversesId === null && (
            <Button type="link" size="small" danger onClick={() => setReversing(record)}>
              申请冲正
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const searchCard = (value: string) => {
    const cardNo = value.trim();
    if (cardNo && !CARD_NO.test(cardNo)) {
      setCardError('卡号应为 8 到 20 位数字');
      return;
    }
    setCardError(null);
    setFilters((old) => ({ ...old, cardNo: cardNo || undefined, pageNum: 1 }));
  };

  return (
    <section aria-label="登记记录" ref={section}>
      {messageHost}
      <Space wrap align="start" style={{ marginBottom: 16 }}>
        <div>
          <Input.Search
            aria-label="按卡号查找"
            placeholder="卡号"
            allowClear
            enterButton="查找"
            inputMode="numeric"
            maxLength={20}
            status={cardError ? 'error' : undefined}
            aria-invalid={cardError ? true : undefined}
            aria-describedby={cardError ? 'credit-list-card-error' : undefined}
            style={{ width: 240, maxWidth: '100%' }}
            onSearch={searchCard}
          />
          {cardError && (
            <div id="credit-list-card-error" role="alert" style={{ color: '#a8071a' }}>
              {cardError}
            </div>
          )}
        </div>
        <Select<LedgerState | undefined>
          aria-label="记录状态"
          placeholder="全部状态"
          allowClear
          style={{ minWidth: 130 }}
          value={filters.state}
          options={LEDGER_STATES.map((state) => ({ value: state, label: LEDGER_STATE_LABELS[state] }))}
          onChange={(state) => setFilters((old) => ({ ...old, state: state ?? undefined, pageNum: 1 }))}
        />
      </Space>
      <WorkbenchTable<LedgerRecord>
        rowKey="id"
        width={1200}
        columns={columns}
        data={data}
        loading={loading}
        emptyText={
          filters.cardNo || filters.state ? '没有符合条件的记录' : '暂无登记记录，可通过“学分登记”或“批量登记”添加'
        }
        page={filters}
        unit="条"
        sizeChanger
        onPage={(pageNum, pageSize) => setFilters((old) => ({ ...old, pageNum, pageSize }))}
      />
      <ReversalDialog
        record={reversing}
        onClose={() => setReversing(null)}
        onDone={() => {
          setReversing(null);
          void messages.success('冲正已提交，待审核');
          reload();
        }}
      />
    </section>
  );
};
