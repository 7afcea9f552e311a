import { Table, type TableColumnsType } from 'antd';
import { READABLE_THEME } from '../../shared/readable';

/**
 * One of the workbench's tables, paged through the server: wide (it scrolls sideways inside its own box on a
 * narrow screen, which the hint above it says), with the count of all that match in `unit` (条, 批, 人).
 */
export const WorkbenchTable = <T extends object>({
  rowKey,
  width,
  columns,
  data,
  loading,
  emptyText,
  page,
  unit,
  sizeChanger,
  onPage,
}: {
  rowKey: keyof T & string;
  width: number;
  columns: TableColumnsType<T>;
  data: { list: T[]; total: number } | null;
  loading: boolean;
  emptyText: string;
  page: { pageNum: number; pageSize: number };
  unit: string;
  /** Offers the page size whatever the count (antd offers it only past 50). */
  sizeChanger?: boolean;
  onPage: (pageNum: number, pageSize: number) => void;
}) => (
  <>
    <p className="table-scroll-hint">表格较宽，可左右滑动查看全部列。</p>
    <Table<T>
      rowKey={rowKey}
      size="small"
      scroll={{ x: width }}
      loading={loading}
      columns={columns}
      dataSource={data?.list ?? []}
      // antd greys an empty table's words to its disabled colour (below 4.5:1 on white); they are read, not disabled.
      locale={{ emptyText: <span style={{ color: READABLE_THEME.token.colorTextDescription }}>{emptyText}</span> }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: data?.total ?? 0,
        ...(sizeChanger ? { showSizeChanger: true } : {}),
        showTotal: (total) => `共 ${total} ${unit}`,
        onChange: onPage,
      }}
    />
  </>
);
