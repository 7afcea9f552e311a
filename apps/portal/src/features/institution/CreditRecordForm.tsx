import { api, type CatalogueItem, CREDIT_KIND_LABELS, EVIDENCE_LIMITS, type LedgerRecord } from '@lianmeng/core';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Progress,
  Select,
  Space,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { quietHttp } from '../../app/api';
import { beijingToday } from '../../shared/dates';
import '../../shared/dayjs';
import { RefusalNotice } from '../../shared/RefusalNotice';
import { HolderSelect } from './HolderSelect';

interface Values {
  cardNo?: string;
  itemId?: number;
  date?: Dayjs;
  credits?: number | null;
  certificateNo?: string;
}

type Field = keyof Values | 'evidence';

interface Evidence {
  evidenceId: number;
  fileName: string;
  size: number;
}

const EVIDENCE_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
const EVIDENCE_MB = EVIDENCE_LIMITS.maxBytes / 1024 / 1024;

/**
 * Which field a refusal of the server is about, read from its Chinese words (the server names the field in
 * every refusal of a recording); null when it is about the record as a whole (a duplicate) or nothing known.
 */
export const fieldOfRefusal = (message: string): Field | null => {
  if (message.includes('证明材料')) return 'evidence';
  if (message.includes('证书编号')) return 'certificateNo';
  if (message.includes('同一项目')) return null;
  if (message.includes('日期')) return 'date';
  if (message.includes('学分项目')) return 'itemId';
  if (message.includes('学分')) return 'credits';
  if (message.includes('项目')) return 'itemId';
  if (message.includes('卡') || message.includes('持卡人')) return 'cardNo';
  return null;
};

const itemLabel = (item: CatalogueItem) => `${item.name}（${item.kindLabel}·${item.level}）`;

/**
 * 学分登记: one credit for one of the institution's people. The catalogue item gives the default credits and
 * their maximum and says whether evidence is required; the evidence (a PDF or a picture) is uploaded first and
 * its id sent with the record. What is recorded waits for review (待审核). A refusal of the server is shown
 * next to its field, or above the form when it concerns the whole record.
 */
export const CreditRecordForm = ({ onRecorded }: { onRecorded: () => void }) => {
  const [form] = Form.useForm<Values>();
  const [catalogue, setCatalogue] = useState<CatalogueItem[] | null>(null);
  const [evidence, setEvidence] = useState<Evidence | null>(null);
  const [evidenceError, setEvidenceError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<LedgerRecord | null>(null);
  const itemId = Form.useWatch('itemId', form);
  const item = catalogue?.find((entry) => entry.id === itemId) ?? null;
  const notice = useRef<HTMLDivElement>(null);

  // The outcome is told above the form: the focus goes there, so a phone scrolls to it and a reader reads it.
  useEffect(() => {
    if (recorded || refusal) notice.current?.focus();
  }, [recorded, refusal]);

  useEffect(() => {
    let live = true;
    void quietHttp.call(api.creditWorkbench.catalogue).then((result) => {
      if (!live) return;
      if (result.ok) setCatalogue(result.data);
      else setRefusal(result.message);
    });
    return () => {
      live = false;
    };
  }, []);

  const upload = async (file: File) => {
    setEvidenceError(null);
    if (file.size > EVIDENCE_LIMITS.maxBytes) {
      setEvidenceError(`证明材料不能超过 ${EVIDENCE_MB} MB`);
      return;
    }
    const body = new FormData();
    body.append('file', file, file.name);
    setProgress(0);
    const result = await quietHttp.call(api.creditWorkbench.evidenceUpload, {
      body,
      onUploadProgress: (percent) => setProgress(percent),
    });
    setProgress(null);
    if (result.ok) setEvidence(result.data);
    else setEvidenceError(result.message);
  };

  const submit = async (values: Values) => {
    setRefusal(null);
    setRecorded(null);
    if (item?.evidenceRequired && !evidence) {
      setEvidenceError('该项目须上传证明材料');
      return;
    }
    setSaving(true);
    const result = await quietHttp.call(api.creditWorkbench.record, {
      body: {
        cardNo: values.cardNo ?? '',
        itemId: values.itemId ?? 0,
        date: values.date?.format('YYYY-MM-DD') ?? '',
        credits: values.credits ?? undefined,
        certificateNo: values.certificateNo?.trim() || undefined,
        evidenceId: evidence?.evidenceId,
      },
    });
    setSaving(false);
    if (!result.ok) {
      const field = fieldOfRefusal(result.message);
      if (field === 'evidence') setEvidenceError(result.message);
      else if (field) form.setFields([{ name: field, errors: [result.message] }]);
      else setRefusal(result.message);
      return;
    }
    setRecorded(result.data);
    // The holder and the date often repeat from one record to the next; the rest starts again.
    form.resetFields(['itemId', 'credits', 'certificateNo']);
    setEvidence(null);
    onRecorded();
  };

  const today = beijingToday();
  return (
    <section aria-label="逐条登记">
      <p style={{ marginTop: 0 }}>
        逐条登记本机构人员获得的学分。提交后为“待审核”，经联盟审核通过后才计入持卡人的学分。
      </p>
      <div ref={notice} tabIndex={-1} style={{ outline: 'none' }}>
        <RefusalNotice message={refusal} testId="record-refusal" />
        {recorded && (
          <Alert
            type="success"
            showIcon
            role="status"
            style={{ marginBottom: 16 }}
            data-testid="record-done"
            title={`已提交：${recorded.holderName}（${recorded.cardNo}）${recorded.itemName} ${recorded.credits} 学分，待审核`}
            description={`记录号 ${recorded.id}，可在“登记记录”中查看审核进度。`}
          />
        )}
      </div>
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed: Values) => {
          if ('itemId' in changed) {
            const next = catalogue?.find((entry) => entry.id === changed.itemId);
            form.setFieldValue('credits', next?.defaultCredits ?? null);
            if (!next?.evidenceRequired) setEvidenceError(null);
          }
        }}
      >
        <Form.Item
          name="cardNo"
          label="持卡人"
          rules={[{ required: true, message: '请选择持卡人' }]}
          extra="只能为本机构人员名单中的学生登记。"
        >
          <HolderSelect />
        </Form.Item>
        <Form.Item name="itemId" label="学分项目" rules={[{ required: true, message: '请选择学分项目' }]}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={catalogue ? '选择学分项目' : '正在加载学分项目…'}
            loading={!catalogue}
            options={Object.entries(CREDIT_KIND_LABELS)
              .map(([kind, label]) => ({
                label,
                title: label,
                options: (catalogue ?? [])
                  .filter((entry) => entry.kind === kind)
                  .map((entry) => ({ value: entry.id, label: itemLabel(entry) })),
              }))
              .filter((group) => group.options.length > 0)}
          />
        </Form.Item>
        {item && (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            style={{ marginBottom: 16 }}
            data-testid="item-facts"
            items={[
              { key: 'kind', label: '类别', children: item.kindLabel },
              { key: 'level', label: '级别', children: item.level },
              { key: 'default', label: '默认学分', children: item.defaultCredits },
              { key: 'max', label: '最高学分', children: item.maxCredits },
              { key: 'evidence', label: '证明材料', children: item.evidenceRequired ? '必须上传' : '可选' },
            ]}
          />
        )}
        <Form.Item
          name="date"
          label="获得日期"
          rules={[{ required: true, message: '请选择获得日期' }]}
          extra="不能晚于今天。"
        >
          <DatePicker
            style={{ width: '100%' }}
            placeholder="选择日期"
            disabledDate={(day) => day.format('YYYY-MM-DD') > today}
          />
        </Form.Item>
        <Form.Item
          name="credits"
          label="学分"
          rules={[
            { required: true, message: '请填写学分' },
            {
              validator: async (_, value: number | null | undefined) => {
                if (value === null || value === undefined) return;
                if (value <= 0) throw new Error('学分应大于 0');
                if (Math.round(value * 10) !== value * 10) throw new Error('学分最多保留 1 位小数');
                if (item && value > item.maxCredits) throw new Error(`学分不能超过该项目的最高学分 ${item.maxCredits}`);
              },
            },
          ]}
          extra={item ? `默认 ${item.defaultCredits}，最多 ${item.maxCredits}` : '选择学分项目后自动填入默认学分'}
        >
          {/* No `max`: a number above it is explained by the rule above rather than silently lowered. */}
          <InputNumber<number> step={1} style={{ width: '100%' }} inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="certificateNo"
          label="证书编号（选填）"
          rules={[{ max: 64, message: '不能超过 64 个字符' }]}
          extra="同一机构的证书编号不能重复。"
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={item?.evidenceRequired ? '证明材料（必须上传）' : '证明材料（选填）'}
          required={Boolean(item?.evidenceRequired)}
          validateStatus={evidenceError ? 'error' : undefined}
          help={evidenceError ?? `PDF 或图片（PNG、JPEG），${EVIDENCE_MB} MB 以内。`}
        >
          <Space wrap>
            <Upload
              accept={EVIDENCE_ACCEPT}
              showUploadList={false}
              maxCount={1}
              disabled={progress !== null}
              beforeUpload={(file) => {
                void upload(file);
                // Sent by `upload` through the contract's call, not by the Upload's own request.
                return false;
              }}
            >
              <Button data-testid="evidence-upload">{evidence ? '重新上传' : '上传证明材料'}</Button>
            </Upload>
            {evidence && (
              <span data-testid="evidence-name" style={{ wordBreak: 'break-all' }}>
                已上传：{evidence.fileName}
                <Button type="link" size="small" onClick={() => setEvidence(null)}>
                  移除
                </Button>
              </span>
            )}
          </Space>
          {progress !== null && (
            <div role="status" aria-live="polite">
              <Progress percent={progress} size="small" status="active" />
              <span>{progress < 100 ? '正在上传…' : '正在检查文件…'}</span>
            </div>
          )}
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} style={{ marginTop: 8 }} data-testid="record-submit">
          提交登记
        </Button>
      </Form>
    </section>
  );
};
