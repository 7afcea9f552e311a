import {
  api,
  type CatalogueItem,
  CREDIT_IMPORT_COLUMNS,
  CREDIT_IMPORT_LIMITS,
  type CreditImportPreview,
} from '@lianmeng/core';
import { Button, Collapse, Result, Table, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { http } from '../../app/api';
import { Mark, type MarkTone, useKeyboardScroll } from '../../shared/readable';
import { issueText, SheetImportControls, SheetPreview, useSheetImport } from './sheetImport';

type PreviewRow = CreditImportPreview['rows'][number];
type Shown = 'all' | 'refused' | 'duplicate';

const OUTCOME: Record<PreviewRow['outcome'], { tone: MarkTone; label: string }> = {
  ok: { tone: 'green', label: '可登记' },
  duplicate: { tone: 'orange', label: '重复，不登记' },
  refused: { tone: 'red', label: '未通过' },
};

const columns: TableColumnsType<PreviewRow> = [
  { title: '行号', dataIndex: 'row', key: 'row', width: 60 },
  {
    title: '结果',
    key: 'outcome',
    width: 240,
    render: (_, row) => (
      <div>
        <Mark tone={OUTCOME[row.outcome].tone}>{OUTCOME[row.outcome].label}</Mark>
        {row.issues.length > 0 && (
          <ul style={{ margin: '4px 0 0', paddingLeft: 18, color: row.outcome === 'refused' ? '#a8071a' : '#614700' }}>
            {row.issues.map((issue) => (
              // A duplicate is about the whole row, whichever column the server names.
              <li key={`${issue.column}-${issue.message}`}>
                {issueText(row.outcome === 'duplicate' ? { ...issue, column: '' } : issue)}
              </li>
            ))}
          </ul>
        )}
      </div>
    ),
  },
  { title: '卡号', dataIndex: 'cardNo', key: 'cardNo', width: 100 },
  { title: '姓名', dataIndex: 'name', key: 'name', width: 80 },
  {
    title: '学分项目',
    key: 'item',
    width: 200,
    render: (_, row) => row.itemName || row.itemCode,
  },
  { title: '获得日期', dataIndex: 'date', key: 'date', width: 110 },
  {
    title: '学分',
    dataIndex: 'credits',
    key: 'credits',
    width: 60,
    align: 'right',
    render: (credits: number | null) => credits ?? '—',
  },
  { title: '证书编号', dataIndex: 'certificateNo', key: 'certificateNo', width: 130 },
];

/** The active catalogue's codes, asked for when the visitor opens the list. */
const CatalogueCodes = () => {
  const [items, setItems] = useState<CatalogueItem[] | null>(null);
  const load = () => {
    if (items) return;
    void http.call(api.creditWorkbench.catalogue).then((result) => setItems(result.ok ? result.data : []));
  };
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 16 }}
      onChange={(keys) => keys.length > 0 && load()}
      items={[
        {
          key: 'codes',
          label: '项目代码一览',
          children: (
            <Table<CatalogueItem>
              rowKey="id"
              size="small"
              loading={!items}
              scroll={{ x: 560, y: 320 }}
              pagination={false}
              dataSource={items ?? []}
              columns={[
                { title: '项目代码', dataIndex: 'code', key: 'code', width: 120 },
                { title: '名称', dataIndex: 'name', key: 'name', width: 220 },
                { title: '级别', dataIndex: 'level', key: 'level', width: 70 },
                {
                  title: '默认/最高学分',
                  key: 'credits',
                  width: 110,
                  render: (_, item) => `${item.defaultCredits} / ${item.maxCredits}`,
                },
                {
                  title: '证明材料',
                  key: 'evidence',
                  width: 80,
                  render: (_, item) => (item.evidenceRequired ? '必须' : '可选'),
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
};

/**
 * 批量登记: the credit sheet's template, the upload, the preview of every row (recordable, a duplicate of a
 * record the holder already has or of an earlier row, or refused with row, column and reason), then the commit
 * as one batch waiting for review. A refused row blocks the commit; duplicates are skipped, and the same file
 * committed again records nothing.
 */
export const CreditImport = ({ onCommitted }: { onCommitted: () => void }) => {
  const [shown, setShown] = useState<Shown>('all');
  const sheet = useSheetImport({
    template: api.creditWorkbench.template,
    preview: api.creditWorkbench.importPreview,
    commit: api.creditWorkbench.importCommit,
    what: '学分表',
    maxBytes: CREDIT_IMPORT_LIMITS.maxBytes,
    onPreviewed: (previewed: CreditImportPreview) =>
      setShown(previewed.refusedCount > 0 ? 'refused' : previewed.duplicateCount > 0 ? 'duplicate' : 'all'),
    onCommitted,
  });
  const { preview, committing, committed, commit, startOver } = sheet;
  const section = useRef<HTMLElement>(null);
  useKeyboardScroll(section, '预览表格');

  return (
    <section aria-label="批量登记" ref={section}>
      <ol style={{ paddingLeft: 20, marginTop: 0 }}>
        <li>
          下载学分导入模板，按列填写：{CREDIT_IMPORT_COLUMNS.join('、')}
          （项目代码见下面的“项目代码一览”；学分留空则取项目的默认学分；须上传证明材料的项目请逐条登记）。
        </li>
        <li>上传填好的 .xlsx 或 .csv 文件（最多 {CREDIT_IMPORT_LIMITS.maxRows} 行、10 MB），先预览检查，不会写入。</li>
        <li>没有未通过的行后确认提交；与已有记录重复的行自动跳过。提交后为“待审核”。</li>
      </ol>
      <CatalogueCodes />
      <SheetImportControls
        state={sheet}
        testId="credit-import"
        templateLabel="下载学分导入模板"
        chooseLabel="选择学分表"
        committingText="正在提交…"
        checkingText="正在检查学分表…"
      />
      {committed ? (
        <Result
          status="success"
          title={committed.alreadyCommitted ? '这份文件已提交过，没有重复登记' : '已提交，待审核'}
          subTitle={
            committed.alreadyCommitted
              ? `批次 ${committed.batchId} 中的记录可在“登记记录”中查看。`
              : `登记 ${committed.recorded} 条，跳过重复 ${committed.duplicates} 条（批次 ${committed.batchId}），审核通过后计入持卡人学分。`
          }
          extra={
            <Button key="again" onClick={startOver}>
              继续导入
            </Button>
          }
          data-testid="credit-import-done"
        />
      ) : (
        preview && (
          <SheetPreview<PreviewRow, Shown>
            testId="credit-import"
            summary={`共 ${preview.total} 行：可登记 ${preview.okCount} 行，重复 ${preview.duplicateCount} 行，未通过 ${preview.refusedCount} 行`}
            refusedCount={preview.refusedCount}
            passedText={`全部通过检查${preview.duplicateCount > 0 ? '（重复的行不会登记）' : ''}。确认后作为一个批次提交审核，全部成功或全部不写入。`}
            committedBatchId={preview.committedBatchId}
            repeatedText="登记"
            shown={shown}
            choices={[
              { value: 'all', label: `全部 ${preview.total}` },
              { value: 'refused', label: `未通过 ${preview.refusedCount}` },
              { value: 'duplicate', label: `重复 ${preview.duplicateCount}` },
            ]}
            onShow={setShown}
            commitLabel="确认提交"
            canCommit={preview.okCount > 0}
            committing={committing}
            onCommit={() => void commit()}
            columns={columns}
            rows={preview.rows}
            width={980}
            emptyText={shown === 'duplicate' ? '没有重复的行' : '没有未通过的行'}
          />
        )
      )}
    </section>
  );
};
