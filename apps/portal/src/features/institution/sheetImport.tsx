import type { CallDefinition, CallResponse, FileDownload } from '@lianmeng/core';
import { Alert, Button, Progress, Segmented, Space, Table, type TableColumnsType, Upload } from 'antd';
import { useState } from 'react';
import { http, quietHttp } from '../../app/api';
import { saveDownload } from '../../shared/download';
import { RefusalNotice } from '../../shared/RefusalNotice';

const ACCEPTED = ['.xlsx', '.csv'];

/** `第 5 行「出生日期」：应为 …`, whether or not the server's message already names the row and column. */
export const issueText = ({ row, column, message }: { row: number; column: string; message: string }) => {
  const reason = message
    .replace(/^第\s*\d+\s*行\s*/, '')
    .replace(column ? `「${column}」` : /^$/, '')
    .replace(/^[：:]\s*/, '');
  return `第 ${row} 行${column ? `「${column}」` : ''}：${reason}`;
};

/** What is wrong with a chosen file before it is sent, or null. The server checks the bytes again. */
const localRefusal = (file: File, what: string, maxBytes: number): string | null => {
  const name = file.name.toLowerCase();
  if (!ACCEPTED.some((extension) => name.endsWith(extension))) return `请选择 .xlsx 或 .csv 格式的${what}文件`;
  if (file.size === 0) return '文件为空';
  if (file.size > maxBytes) return `文件不能超过 ${maxBytes / 1024 / 1024} MB`;
  return null;
};

interface SheetImportOptions<T extends CallDefinition, P extends CallDefinition, C extends CallDefinition> {
  template: T;
  preview: P;
  commit: C;
  /** What the file is, in the refusal of a file of the wrong kind (名单, 学分表). */
  what: string;
  maxBytes: number;
  /** The path parameters every call of the import takes (the event whose results are imported), if any. */
  params?: Record<string, string>;
  onPreviewed?: (preview: CallResponse<P>) => void;
  onCommitted?: (committed: CallResponse<C>) => void;
}

/**
 * A spreadsheet import in two steps, as the workbench's imports all go: the file is checked here (kind and
 * size), sent for a preview that writes nothing, then sent again with the preview's id to commit exactly what
 * was previewed. Whole-file refusals land in `refusal`; the progress is the upload's, then the server's work.
 */
export const useSheetImport = <T extends CallDefinition, P extends CallDefinition, C extends CallDefinition>({
  template,
  preview: previewCall,
  commit: commitCall,
  what,
  maxBytes,
  params,
  onPreviewed,
  onCommitted,
}: SheetImportOptions<T, P, C>) => {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<CallResponse<P> | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [committing, setCommitting] = useState(false);
  const [committed, setCommitted] = useState<CallResponse<C> | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);

  const downloadTemplate = async () => {
    setTemplateBusy(true);
    const result = await http.call(template, params ? { params: params as never } : undefined);
    setTemplateBusy(false);
    if (result.ok) saveDownload(result.data as FileDownload);
  };

  const send = async <D extends CallDefinition>(definition: D, chosen: File, previewId?: string) => {
    const body = new FormData();
    body.append('file', chosen, chosen.name);
    if (previewId) body.append('previewId', previewId);
    setProgress(0);
    const result = await quietHttp.call(definition, {
      ...(params ? { params: params as never } : {}),
      body: body as never,
      onUploadProgress: (percent) => setProgress(percent),
    });
    setProgress(null);
    if (!result.ok) setRefusal(result.message);
    return result.ok ? result.data : null;
  };

  const check = async (chosen: File) => {
    setFile(chosen);
    setPreview(null);
    setCommitted(null);
    const local = localRefusal(chosen, what, maxBytes);
    setRefusal(local);
    if (local) return;
    const data = await send(previewCall, chosen);
    if (!data) return;
    setPreview(data);
    onPreviewed?.(data);
  };

  const commit = async () => {
    const previewId = (preview as { previewId?: string } | null)?.previewId;
    if (!file || !previewId) return;
    setCommitting(true);
    const data = await send(commitCall, file, previewId);
    setCommitting(false);
    if (!data) return;
    setCommitted(data);
    onCommitted?.(data);
  };

  const startOver = () => {
    setFile(null);
    setPreview(null);
    setCommitted(null);
    setRefusal(null);
  };

  return {
    file,
    progress,
    preview,
    refusal,
    committing,
    committed,
    templateBusy,
    downloadTemplate,
    check,
    commit,
    startOver,
  };
};

type SheetImportState = Pick<
  ReturnType<typeof useSheetImport>,
  'file' | 'progress' | 'preview' | 'refusal' | 'committing' | 'templateBusy' | 'downloadTemplate' | 'check'
>;

/**
 * The import's controls: the template, the file chooser, the chosen file's name, the progress and a refusal
 * of the whole file. `testId` names them (`<testId>-template`, `-upload`, `-refusal`) for the tests.
 */
export const SheetImportControls = ({
  state,
  testId,
  templateLabel,
  chooseLabel,
  committingText,
  checkingText,
}: {
  state: SheetImportState;
  testId: string;
  templateLabel: string;
  chooseLabel: string;
  committingText: string;
  checkingText: string;
}) => {
  const { file, progress, preview, refusal, committing, templateBusy, downloadTemplate, check } = state;
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => void downloadTemplate()} loading={templateBusy} data-testid={`${testId}-template`}>
          {templateLabel}
        </Button>
        <Upload
          accept={ACCEPTED.join(',')}
          showUploadList={false}
          maxCount={1}
          disabled={progress !== null}
          beforeUpload={(chosen) => {
            void check(chosen);
            // Sent by `check` through the contract's call, not by the Upload's own request.
            return false;
          }}
        >
          <Button type="primary" data-testid={`${testId}-upload`}>
            {preview || refusal ? '重新选择文件' : chooseLabel}
          </Button>
        </Upload>
      </Space>
      {file && (
        <p style={{ margin: '0 0 8px', wordBreak: 'break-all' }}>
          文件：<strong>{file.name}</strong>
        </p>
      )}
      {progress !== null && (
        <div role="status" aria-live="polite" style={{ marginBottom: 16 }}>
          <Progress percent={progress} size="small" status="active" />
          <span>{progress < 100 ? '正在上传…' : committing ? committingText : checkingText}</span>
        </div>
      )}
      <RefusalNotice message={refusal} testId={`${testId}-refusal`} />
    </>
  );
};

/**
 * The preview of a checked file: the counts (`summary`), whether it can be committed, a note when the same
 * file was committed before, the choice of which rows to show, the commit button and the rows. A file with a
 * refused row cannot be committed. `shown` is `all` or the outcome whose rows are shown. `testId` names the
 * block (`<testId>-preview`) and the button (`-commit`).
 */
export const SheetPreview = <Row extends { row: number; outcome: string }, Shown extends 'all' | Row['outcome']>({
  testId,
  summary,
  refusedCount,
  passedText,
  committedBatchId,
  repeatedText,
  shown,
  choices,
  onShow,
  commitLabel,
  canCommit,
  committing,
  onCommit,
  columns,
  rows,
  width,
  emptyText,
  rowClassName,
}: {
  testId: string;
  summary: string;
  refusedCount: number;
  /** What committing a file that passed does. */
  passedText: string;
  committedBatchId: number | null;
  /** What committing the same file again does not do (开卡, 登记). */
  repeatedText: string;
  shown: Shown;
  choices: { value: Shown; label: string }[];
  onShow: (shown: Shown) => void;
  commitLabel: string;
  canCommit: boolean;
  committing: boolean;
  onCommit: () => void;
  columns: TableColumnsType<Row>;
  /** Every row of the preview. */
  rows: Row[];
  width: number;
  emptyText: string;
  rowClassName?: (row: Row) => string;
}) => (
  <div data-testid={`${testId}-preview`}>
    <Alert
      type={refusedCount > 0 ? 'warning' : 'success'}
      showIcon
      style={{ marginBottom: 12 }}
      title={summary}
      description={
        refusedCount > 0 ? '有未通过检查的行，不能提交。请按下面标红的原因修改文件后重新选择文件预览。' : passedText
      }
    />
    {committedBatchId !== null && (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`这份文件已经提交过（批次 ${committedBatchId}），再次提交不会重复${repeatedText}。`}
      />
    )}
    <Space wrap style={{ marginBottom: 12 }}>
      <Segmented<Shown> aria-label="显示哪些行" value={shown} onChange={onShow} options={choices} />
      <Button
        type="primary"
        disabled={refusedCount > 0 || !canCommit || committing}
        loading={committing}
        onClick={onCommit}
        data-testid={`${testId}-commit`}
      >
        {commitLabel}
      </Button>
    </Space>
    <p className="table-scroll-hint">表格较宽，可左右滑动查看全部列。</p>
    <Table<Row>
      rowKey="row"
      size="small"
      scroll={{ x: width }}
      columns={columns}
      dataSource={shown === 'all' ? rows : rows.filter((row) => row.outcome === shown)}
      rowClassName={rowClassName}
      locale={{ emptyText }}
      pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (total) => `共 ${total} 行` }}
    />
  </div>
);
