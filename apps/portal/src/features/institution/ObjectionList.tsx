import { api, DEFAULT_PAGE_SIZE, type Objection } from '@lianmeng/core';
import { Button, Form, Input, Radio, Select, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { quietHttp } from '../../app/api';
import { formatTime } from '../../shared/dates';
import { FormDialog, REASON_MAX, reasonRules } from '../../shared/FormDialog';
import { Mark, type MarkTone, useKeyboardScroll } from '../../shared/readable';
import { usePageMessage } from '../../shared/usePageMessage';
import { useWorkbenchList } from './useWorkbenchList';
import { WorkbenchTable } from './WorkbenchTable';

type ObjectionState = Objection['state'];
type Decision = 'keep' | 'reverse';

const STATE_LABELS: Record<ObjectionState, { label: string; tone: MarkTone }> = {
  open: { label: '待答复', tone: 'orange' },
  kept: { label: '已答复：维持', tone: 'green' },
  reversal: { label: '已答复：提交冲正', tone: 'purple' },
};

interface Filters {
  pageNum: number;
  pageSize: number;
  state?: ObjectionState;
}

/**
 * The answer to an objection: keep the record (维持) with an explanation the holder reads, or submit a
 * reversal (冲正) with it as the reason; either needs the explanation. A refusal of the server stays in the
 * dialog.
 */
const AnswerDialog = ({
  objection,
  onClose,
  onDone,
}: {
  objection: Objection | null;
  onClose: () => void;
  onDone: (answered: Objection) => void;
}) => {
  const [form] = Form.useForm<{ decision: Decision; explanation: string }>();
  const decision = Form.useWatch('decision', form);

  const submit = async (values: { decision: Decision; explanation: string }) => {
    if (!objection) return false;
    const result = await quietHttp.call(api.creditWorkbench.answerObjection, {
      params: { id: String(objection.id) },
      body: { decision: values.decision, explanation: values.explanation.trim() },
    });
    if (!result.ok) return result.message;
    onDone(result.data);
    return true;
  };

  return (
    <FormDialog
      form={form}
      open={objection !== null}
      title="答复异议"
      okText="提交答复"
      refusalTestId="answer-refusal"
      intro={
        objection && (
          <div style={{ marginBottom: 12 }}>
            <p style={{ margin: '0 0 4px' }}>
              {objection.holderName}（{objection.cardNo}）对 {objection.date} 的“{objection.itemName}”{' '}
              {objection.credits} 学分提出异议：
            </p>
            <blockquote style={{ margin: 0, paddingLeft: 12, borderLeft: '3px solid #d9d9d9' }}>
              {objection.reason}
            </blockquote>
          </div>
        )
      }
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item name="decision" label="处理方式" rules={[{ required: true, message: '请选择维持或冲正' }]}>
        <Radio.Group
          options={[
            { value: 'keep', label: '维持原记录' },
            { value: 'reverse', label: '冲正该记录' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="explanation"
        label={decision === 'reverse' ? '冲正原因（持卡人可见）' : '答复说明（持卡人可见）'}
        extra={decision === 'reverse' ? '将提交一条冲正，经审核通过后原记录不再计入学分。' : undefined}
        rules={reasonRules('请填写说明', '请填写说明（至少 2 个字）')}
      >
        <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
};

/**
 * 异议处理: objections of holders to the institution's records, newest first. An open one is answered by
 * keeping the record (with an explanation) or submitting a reversal; an answered one shows the answer. An
 * objection never changes the ledger by itself.
 */
export const ObjectionList = ({ onAnswered }: { onAnswered: () => void }) => {
  const [filters, setFilters] = useState<Filters>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [answering, setAnswering] = useState<Objection | null>(null);
  const { data, loading, reload } = useWorkbenchList(api.creditWorkbench.objections, filters, 0);
  const [messages, messageHost] = usePageMessage();
  const section = useRef<HTMLElement>(null);
  useKeyboardScroll(section, '异议列表');

  const columns: TableColumnsType<Objection> = [
    {
      title: '持卡人',
      key: 'holder',
      width: 120,
      render: (_, objection) => (
        <>
          {objection.holderName}
          <div>{objection.cardNo}</div>
        </>
      ),
    },
    {
      title: '异议的记录',
      key: 'record',
      width: 220,
      render: (_, objection) => (
        <>
          {objection.itemName}
          <div style={{ color: 'var(--muted, #595959)' }}>
            记录 {objection.recordId} · {objection.date} · {objection.credits} 学分
          </div>
        </>
      ),
    },
    { title: '异议理由', dataIndex: 'reason', key: 'reason', width: 220 },
    { title: '提出时间', dataIndex: 'createTime', key: 'createTime', width: 160, render: formatTime },
    {
      title: '处理',
      key: 'answer',
      width: 240,
      render: (_, objection) =>
        objection.state === 'open' ? (
          <Button type="primary" size="small" onClick={() => setAnswering(objection)}>
            答复
          </Button>
        ) : (
          <div data-testid={`objection-answer-${objection.id}`}>
            <Mark tone={STATE_LABELS[objection.state].tone}>{STATE_LABELS[objection.state].label}</Mark>
            <div>{objection.answer}</div>
            {objection.answerTime && (
              <div style={{ color: 'var(--muted, #595959)' }}>{formatTime(objection.answerTime)}</div>
            )}
          </div>
        ),
    },
  ];

  return (
    <section aria-label="异议处理" ref={section}>
      {messageHost}
      <p style={{ marginTop: 0 }}>持卡人对本机构登记的记录提出的异议。请逐条答复：维持原记录并说明理由，或提交冲正。</p>
      <Select<ObjectionState | undefined>
        aria-label="异议状态"
        placeholder="全部异议"
        allowClear
        style={{ minWidth: 150, marginBottom: 16 }}
        value={filters.state}
        options={(Object.keys(STATE_LABELS) as ObjectionState[]).map((state) => ({
          value: state,
          label: STATE_LABELS[state].label,
        }))}
        onChange={(state) => setFilters((old) => ({ ...old, state: state ?? undefined, pageNum: 1 }))}
      />
      <WorkbenchTable<Objection>
        rowKey="id"
        width={980}
        columns={columns}
        data={data}
        loading={loading}
        emptyText={filters.state ? '没有符合条件的异议' : '暂无异议'}
        page={filters}
        unit="条"
        onPage={(pageNum, pageSize) => setFilters((old) => ({ ...old, pageNum, pageSize }))}
      />
      <AnswerDialog
        objection={answering}
        onClose={() => setAnswering(null)}
        onDone={(answered) => {
          setAnswering(null);
          void messages.success(answered.state === 'reversal' ? '已答复，冲正已提交待审核' : '已答复，原记录维持');
          reload();
          onAnswered();
        }}
      />
    </section>
  );
};
