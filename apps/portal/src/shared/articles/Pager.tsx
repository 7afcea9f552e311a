import { Pagination } from 'antd';
import { AntdScope } from '../AntdScope';

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
      <AntdScope>
        <Pagination
          current={current}
          total={total}
          pageSize={pageSize}
          showSizeChanger={false}
          showTotal={(count) => `共 ${count} 条`}
          onChange={onChange}
        />
      </AntdScope>
    </nav>
  ) : null;
