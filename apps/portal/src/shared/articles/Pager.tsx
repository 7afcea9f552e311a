import { Pagination } from 'antd';

export const Pager = ({
  current,
  total,
  pageSize,
  onChange,
}: {
  current: number;
  total: number;
  pageSize: number;
  onChange(page: number): void;
}) =>
  total > pageSize ? (
    <nav className="pager" aria-label="分页">
      <Pagination
        current={current}
        total={total}
        pageSize={pageSize}
        showSizeChanger={false}
        showTotal={(count) => `共 ${count} 条`}
        onChange={onChange}
      />
    </nav>
  ) : null;
