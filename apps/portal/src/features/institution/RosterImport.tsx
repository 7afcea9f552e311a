import {
  api,
  ROSTER_COLUMNS,
  ROSTER_LIMITS,
  type RosterCommit,
  type RosterPreview,
  type RosterPreviewRow,
  type RosterRowIssue,
} from '@lianmeng/core';
import { Alert, Button, Progress, Result, Segmented, Space, Table, type TableColumnsType, Tag, Upload } from 'antd';
import { useState } from 'react';
import { http, quietHttp } from '../../app/api';
import { saveDownload } from './download';

const ACCEPTED = ['.xlsx', '.csv'];

/** `第 5 行「出生日期」：应为 …`, whether or not the server's message already names the row and column. */
export const issueText = ({ row, column, message }: RosterRowIssue) => {
  const reason = message
    .replace(/^第\s*\d+\s*行\s*/, '')
    .replace(column ? `「${column}」` : /^$/, '')
    .replace(/^[：:]\s*/, '');
  return `第 ${row} 行${column ? `「${column}」` : ''}：${reason}`;
};

const OUTCOME: Record<RosterPreviewRow['outcome'], { color: string; label: string }> = {
  new: { color: 'green', label: '可开卡' },
  link: { color: 'blue', label: '将关联已有卡' },
  refused: { color: 'red', label: '未通过' },
};

const columns: TableColumnsType<RosterPreviewRow> = [
  { title: '行号', dataIndex: 'row', key: 'row', width: 60 },
  {
    title: '结果',
    key: 'outcome',
    width: 230,
    render: (_, row) => (
      <div>
        <Tag color={OUTCOME[row.outcome].color}>
          {OUTCOME[row.outcome].label}
          {row.outcome === 'link' && row.linkCardNo ? ` ${row.linkCardNo}` : ''}
        </Tag>
        {row.issues.length > 0 && (
          <ul style={{ margin: '4px 0 0', paddingLeft: 18, color: '#a8071a' }}>
            {row.issues.map((issue) => (
              <li key={`${issue.column}-${issue.message}`}>{issueText(issue)}</li>
            ))}
          </ul>
        )}
      </div>
    ),
  },
  { title: '姓名', dataIndex: 'name', key: 'name', width: 90 },
  { title: '性别', dataIndex: 'gender', key: 'gender', width: 60 },
  { title: '出生日期', dataIndex: 'birthDate', key: 'birthDate', width: 110 },
  { title: '年级/班级', dataIndex: 'grade', key: 'grade', width: 110 },
  { title: '本人手机', dataIndex: 'phone', key: 'phone', width: 120 },
  { title: '监护人手机', dataIndex: 'guardianPhone', key: 'guardianPhone', width: 120 },
];

/** What is wrong with a chosen file before it is sent, or null. The server checks the bytes again. */
const localRefusal = (file: File): string | null => {
  const name = file.name.toLowerCase();
  if (!ACCEPTED.some((extension) => name.endsWith(extension))) return '请选择 .xlsx 或 .csv 格式的名单文件';
  if (file.size === 0) return '文件为空';
  if (file.size > ROSTER_LIMITS.maxBytes) return `文件不能超过 ${ROSTER_LIMITS.maxBytes / 1024 / 1024} MB`;
  return null;
};

/**
 * 导入名单开卡: the template, the upload with its progress, the preview of every row (new card, linking an
 * existing holder's card, or refused with row, column and reason), then the commit, all or nothing, and the new
 * cards' activation codes. A file with any refused row cannot be committed: it is mended and uploaded again.
 */
export const RosterImport = ({ onCommitted }: { onCommitted: () => void }) => {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<RosterPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [committing, setCommitting] = useState(false);
  const [committed, setCommitted] = useState<RosterCommit | null>(null);
  const [onlyRefused, setOnlyRefused] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);

  const downloadTemplate = async () => {
    setTemplateBusy(true);
    const result = await http.call(api.institutionWorkbench.rosterTemplate);
    setTemplateBusy(false);
    if (result.ok) saveDownload(result.data);
  };

  const check = async (chosen: File) => {
    setFile(chosen);
    setPreview(null);
    setCommitted(null);
    setOnlyRefused(false);
    const local = localRefusal(chosen);
    setRefusal(local);
    if (local) return;
    const body = new FormData();
    body.append('file', chosen, chosen.name);
    setProgress(0);
    const result = await quietHttp.call(api.institutionWorkbench.rosterPreview, {
      body,
      onUploadProgress: (percent) => setProgress(percent),
    });
    setProgress(null);
    if (!result.ok) {
      setRefusal(result.message);
      return;
    }
    setPreview(result.data);
    if (result.data.refusedCount > 0) setOnlyRefused(true);
  };

  const commit = async () => {
    if (!file || !preview) return;
    const body = new FormData();
    body.append('file', file, file.name);
    body.append('previewId', preview.previewId);
    setCommitting(true);
    setProgress(0);
    const result = await quietHttp.call(api.institutionWorkbench.rosterCommit, {
      body,
      onUploadProgress: (percent) => setProgress(percent),
    });
    setCommitting(false);
    setProgress(null);
    if (!result.ok) {
      setRefusal(result.message);
      return;
    }
    setCommitted(result.data);
    onCommitted();
  };

  const startOver = () => {
    setFile(null);
    setPreview(null);
    setCommitted(null);
    setRefusal(null);
  };

  const rows = preview ? (onlyRefused ? preview.rows.filter((row) => row.outcome === 'refused') : preview.rows) : [];

  return (
    <section aria-label="导入名单开卡">
      <ol style={{ paddingLeft: 20, marginTop: 0 }}>
        <li>下载名单模板，按列填写：{ROSTER_COLUMNS.join('、')}（本人手机和监护人手机至少填一个；不需要身份证号）。</li>
        <li>上传填好的 .xlsx 或 .csv 文件（最多 {ROSTER_LIMITS.maxRows} 行、10 MB），先预览检查，不会写入。</li>
        <li>全部通过后确认开卡，并下载激活码发给学生或家长。</li>
      </ol>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => void downloadTemplate()} loading={templateBusy} data-testid="roster-template">
          下载名单模板
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
          <Button type="primary" data-testid="roster-upload">
            {preview || refusal ? '重新选择文件' : '选择名单文件'}
          </Button>
        </Upload>
      </Space>
      {file && (
        <p style={{ margin: '0 0 8px' }}>
          文件：<strong>{file.name}</strong>
        </p>
      )}
      {progress !== null && (
        <div role="status" aria-live="polite" style={{ marginBottom: 16 }}>
          <Progress percent={progress} size="small" status="active" />
          <span>{progress < 100 ? '正在上传…' : committing ? '正在开卡…' : '正在检查名单…'}</span>
        </div>
      )}
      {refusal && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid="roster-refusal"
        />
      )}
      {committed ? (
        <Result
          status="success"
          title={committed.alreadyCommitted ? '该名单已提交过，没有重复开卡' : '开卡完成'}
          subTitle={
            committed.alreadyCommitted
              ? '如需激活码，请在“开卡批次”中重新下载（之前的激活码将作废）。'
              : `新开卡 ${committed.opened} 张，关联已有卡 ${committed.linked} 张（批次 ${committed.batchId}）。请下载激活码，发给学生或家长。`
          }
          extra={[
            committed.codesFile && (
              <Button
                key="codes"
                type="primary"
                data-testid="download-codes"
                onClick={() => committed.codesFile && saveDownload(committed.codesFile)}
              >
                下载激活码（.xlsx）
              </Button>
            ),
            <Button key="again" onClick={startOver}>
              继续导入
            </Button>,
          ]}
        />
      ) : (
        preview && (
          <div data-testid="roster-preview">
            <Alert
              type={preview.refusedCount > 0 ? 'warning' : 'success'}
              showIcon
              style={{ marginBottom: 12 }}
              title={`共 ${preview.total} 行：可开卡 ${preview.newCount} 行，将关联已有卡 ${preview.linkCount} 行，未通过 ${preview.refusedCount} 行`}
              description={
                preview.refusedCount > 0
                  ? '有未通过检查的行，不能提交。请按下面标红的原因修改文件后重新选择文件预览。'
                  : '全部通过检查。确认后开卡，全部成功或全部不写入。'
              }
            />
            {preview.committedBatchId !== null && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                title={`这份文件已经提交过（批次 ${preview.committedBatchId}），再次提交不会重复开卡。`}
              />
            )}
            <Space wrap style={{ marginBottom: 12 }}>
              <Segmented
                aria-label="显示哪些行"
                value={onlyRefused ? 'refused' : 'all'}
                onChange={(value) => setOnlyRefused(value === 'refused')}
                options={[
                  { value: 'all', label: `全部 ${preview.total}` },
                  { value: 'refused', label: `未通过 ${preview.refusedCount}` },
                ]}
              />
              <Button
                type="primary"
                disabled={preview.refusedCount > 0 || committing}
                loading={committing}
                onClick={() => void commit()}
                data-testid="roster-commit"
              >
                确认开卡
              </Button>
            </Space>
            <p className="table-scroll-hint">表格较宽，可左右滑动查看全部列。</p>
            <Table<RosterPreviewRow>
              rowKey="row"
              size="small"
              scroll={{ x: 900 }}
              columns={columns}
              dataSource={rows}
              rowClassName={(row) => (row.outcome === 'refused' ? 'roster-row-refused' : '')}
              locale={{ emptyText: '没有未通过的行' }}
              pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (total) => `共 ${total} 行` }}
            />
          </div>
        )
      )}
    </section>
  );
};
