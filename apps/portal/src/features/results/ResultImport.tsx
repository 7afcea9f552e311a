import {
  AWARD_LABELS,
  api,
  type OrganiserResults,
  RESULT_IMPORT_COLUMNS,
  RESULT_IMPORT_LIMITS,
  type ResultImportPreview,
} from '@lianmeng/core';
import type { TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { Mark, useKeyboardScroll } from '../../shared/readable';
import { issueText, SheetImportControls, SheetPreview, useSheetImport } from '../institution/sheetImport';

type PreviewRow = ResultImportPreview['rows'][number];
type Shown = 'all' | 'refused';

const columns: TableColumnsType<PreviewRow> = [
  { title: '行', dataIndex: 'row', key: 'row', width: 60 },
  { title: '队伍编号', key: 'teamId', width: 90, render: (_, row) => row.teamId ?? '—' },
  { title: '项目', dataIndex: 'itemName', key: 'itemName', width: 120 },
  { title: '队名', dataIndex: 'teamName', key: 'teamName', width: 140 },
  { title: '名次', key: 'rank', width: 70, render: (_, row) => row.rank ?? '—' },
  { title: '奖项', key: 'award', width: 90, render: (_, row) => (row.award ? AWARD_LABELS[row.award] : '—') },
  {
    title: '检查结果',
    key: 'outcome',
    width: 320,
    render: (_, row) =>
      row.outcome === 'accepted' ? (
        <Mark tone="green">可导入</Mark>
      ) : (
        <>
          <Mark tone="red">未通过</Mark>
          <ul className="results-issues">
            {row.issues.map((issue) => (
              <li key={`${issue.column}:${issue.message}`}>{issueText({ row: row.row, ...issue })}</li>
            ))}
          </ul>
        </>
      ),
  },
];

/**
 * 导入成绩表: the template lists every admitted team; the chosen file is previewed (nothing written) with each
 * row's issues, and committed as a whole, all rows or none. The committed results replace the list above.
 */
export const ResultImport = ({
  eventId,
  onCommitted,
}: {
  eventId: number;
  onCommitted: (results: OrganiserResults) => void;
}) => {
  const [shown, setShown] = useState<Shown>('all');
  const sheet = useSheetImport({
    template: api.matchResults.template,
    preview: api.matchResults.importPreview,
    commit: api.matchResults.importCommit,
    what: '成绩表',
    maxBytes: RESULT_IMPORT_LIMITS.maxBytes,
    params: { eventId: String(eventId) },
    onPreviewed: (previewed: ResultImportPreview) => setShown(previewed.refusedCount > 0 ? 'refused' : 'all'),
    onCommitted: (committed: OrganiserResults) => {
      sheet.startOver();
      onCommitted(committed);
    },
  });
  const { preview, committing, commit } = sheet;
  const section = useRef<HTMLElement>(null);
  useKeyboardScroll(section, '成绩表预览');

  return (
    <section aria-label="导入成绩表" ref={section} data-testid="result-import">
      <p style={{ marginTop: 0 }}>
        下载成绩表模板（列出全部已通过审核的队伍），填写名次、奖项（{RESULT_IMPORT_COLUMNS.join('、')}
        ；奖项填一等奖、二等奖、三等奖或优秀奖，留空为无），再选择文件预览，确认后提交；全部成功或全部不写入。
      </p>
      <SheetImportControls
        state={sheet}
        testId="result-import"
        templateLabel="下载成绩表模板"
        chooseLabel="选择成绩表"
        committingText="正在导入…"
        checkingText="正在检查成绩表…"
      />
      {preview && (
        <SheetPreview<PreviewRow, Shown>
          testId="result-import"
          summary={`共 ${preview.total} 行：可导入 ${preview.acceptedCount} 行，未通过 ${preview.refusedCount} 行`}
          refusedCount={preview.refusedCount}
          passedText="全部通过检查。确认后导入，覆盖这些队伍现有的名次和奖项。"
          committedBatchId={null}
          repeatedText="导入"
          shown={shown}
          choices={[
            { value: 'all', label: `全部 ${preview.total}` },
            { value: 'refused', label: `未通过 ${preview.refusedCount}` },
          ]}
          onShow={setShown}
          commitLabel="提交成绩"
          canCommit={preview.acceptedCount > 0}
          committing={committing}
          onCommit={() => void commit()}
          columns={columns}
          rows={preview.rows}
          width={900}
          emptyText="没有未通过的行"
        />
      )}
    </section>
  );
};
