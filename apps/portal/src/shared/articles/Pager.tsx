import { Pagination, type PaginationProps } from 'antd';
import { cloneElement, isValidElement, type MouseEvent, type ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { AntdScope } from '../AntdScope';

/** This page's address with `page` set to `target` (page 1 is the address without it). */
const addressOfPage = (pathname: string, search: string, target: number) => {
  const params = new URLSearchParams(search);
  if (target === 1) params.delete('page');
  else params.set('page', String(target));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
};

/** The click is Pagination's to handle (its onChange navigates): the link's address is for crawlers and new tabs. */
const leaveToPagination = (event: MouseEvent) => {
  if (!event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0) event.preventDefault();
};

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
}) => {
  const { pathname, search } = useLocation();
  // antd draws page numbers as <a> without an address, which HTML does not allow; each gets its page's address.
  const itemRender: PaginationProps['itemRender'] = (page, type, element) =>
    (type === 'page' || type === 'jump-prev' || type === 'jump-next') && isValidElement(element) && element.type === 'a'
      ? cloneElement(element as ReactElement<{ href?: string; onClick?: (event: MouseEvent) => void }>, {
          href: addressOfPage(pathname, search, page),
          onClick: leaveToPagination,
        })
      : element;
  return total > pageSize ? (
    <nav className="pager" aria-label="分页">
      <AntdScope>
        <Pagination
          current={current}
          total={total}
          pageSize={pageSize}
          showSizeChanger={false}
          showTotal={(count) => `共 ${count} 条`}
          onChange={onChange}
          itemRender={itemRender}
        />
      </AntdScope>
    </nav>
  ) : null;
};
