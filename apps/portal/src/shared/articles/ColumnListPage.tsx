import { api, type Column, DEFAULT_PAGE_SIZE } from '@lianmeng/core';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Breadcrumb, type Crumb } from '../Breadcrumb';
import { EmptyState, PageSkeleton } from '../PageSkeleton';
import { useCall } from '../useCall';
import { usePageTitle } from '../usePageTitle';
import { ArticleList } from './ArticleList';
import { type Area, PICTORIAL_TYPE_IDS, resolveColumn } from './areas';
import { columnPageCall, pageFromSearch } from './articleCalls';
import { Pager } from './Pager';

export { pageFromSearch };

/** Paged articles of one column: used by every list page (news, education, match, exchange, topic, special…). */
export const useColumnPage = (column: Column, pageSize = DEFAULT_PAGE_SIZE) => {
  const [params, setParams] = useSearchParams();
  const page = pageFromSearch(params);
  const result = useCall(api.content.articles, columnPageCall(column.typeId, page, pageSize).input);
  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo?.(0, 0);
  };
  return { ...result, page, pageSize, goTo };
};

export interface ColumnListPageProps {
  area: Area;
  defaultTypeId: number;
  /** Sub-navigation between the columns of an area (exchange, education, topic). */
  nav?: ReactNode;
  withSummary?: boolean;
}

export const ColumnListPage = ({ area, defaultTypeId, nav, withSummary }: ColumnListPageProps) => {
  const { type } = useParams();
  const column = resolveColumn(type, defaultTypeId);
  usePageTitle(column.title);
  const { loading, data, page, pageSize, goTo } = useColumnPage(column);
  const crumbs: Crumb[] = [{ title: area.title, to: area.home }, { title: column.title }];
  return (
    <div className="column-page">
      <Breadcrumb items={crumbs} />
      {nav}
      <section className="panel" aria-labelledby="column-title">
        <h1 id="column-title" className="panel-title">
          {column.title}
          <span className="en-title" lang="en">
            {column.enTitle}
          </span>
        </h1>
        {loading ? (
          <PageSkeleton />
        ) : data && data.list.length > 0 ? (
          <>
            <ArticleList
              articles={data.list}
              area={area}
              withSummary={withSummary}
              withCovers={PICTORIAL_TYPE_IDS.has(column.typeId)}
            />
            <Pager current={page} total={data.total} pageSize={pageSize} onChange={goTo} />
          </>
        ) : (
          <EmptyState />
        )}
      </section>
    </div>
  );
};
