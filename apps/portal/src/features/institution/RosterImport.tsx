import { api, ROSTER_COLUMNS, ROSTER_LIMITS, type RosterPreview, type RosterPreviewRow } from '@lianmeng/core';
import { Button, Result, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { saveDownload } from '../../shared/download';
import { issueText, SheetImportControls, SheetPreview, useSheetImport } from './sheetImport';

type Shown = 'all' | 'refused';

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

/**
 * 导入名单开卡: the template, the upload with its progress, the preview of every row (new card, linking an
 * existing holder's card, or refused with row, column and reason), then the commit, all or nothing, and the new
 * cards' activation codes. A file with any refused row cannot be committed: it is mended and uploaded again.
 */
export const RosterImport = ({ onCommitted }: { onCommitted: () => void }) => {
  const [shown, setShown] = useState<Shown>('all');
  const sheet = useSheetImport({
    template: api.institutionWorkbench.rosterTemplate,
    preview: api.institutionWorkbench.rosterPreview,
    commit: api.institutionWorkbench.rosterCommit,
    what: '名单',
    maxBytes: ROSTER_LIMITS.maxBytes,
    onPreviewed: (previewed: RosterPreview) => setShown(previewed.refusedCount > 0 ? 'refused' : 'all'),
    onCommitted,
  });
  const { preview, committing, committed, commit, startOver } = sheet;

  return (
    <section aria-label="导入名单开卡">
      <ol style={{ paddingLeft: 20, marginTop: 0 }}>
        <li>下载名单模板，按列填写：{ROSTER_COLUMNS.join('、')}（本人手机和监护人手机至少填一个；不需要身份证号）。</li>
        <li>上传填好的 .xlsx 或 .csv 文件（最多 {ROSTER_LIMITS.maxRows} 行、10 MB），先预览检查，不会写入。</li>
        <li>全部通过后确认开卡，并下载激活码发给学生或家长。</li>
      </ol>
      <SheetImportControls
        state={sheet}
        testId="roster"
        templateLabel="下载名单模板"
        chooseLabel="选择名单文件"
        committingText="正在开卡…"
        checkingText="正在检查名单…"
      />
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
          <SheetPreview<RosterPreviewRow, Shown>
            testId="roster"
            summary={`共 ${preview.total} 行：可开卡 ${preview.newCount} 行，将关联已有卡 ${preview.linkCount} 行，未通过 ${preview.refusedCount} 行`}
            refusedCount={preview.refusedCount}
            passedText="全部通过检查。确认后开卡，全部成功或全部不写入。"
            committedBatchId={preview.committedBatchId}
            repeatedText="开卡"
            shown={shown}
            choices={[
              { value: 'all', label: `全部 ${preview.total}` },
              { value: 'refused', label: `未通过 ${preview.refusedCount}` },
            ]}
            onShow={setShown}
            commitLabel="确认开卡"
            canCommit
            committing={committing}
            onCommit={() => void commit()}
            columns={columns}
            rows={preview.rows}
            width={900}
            rowClassName={(row) => (row.outcome === 'refused' ? 'roster-row-refused' : '')}
            emptyText="没有未通过的行"
          />
        )
      )}
    </section>
  );
};
