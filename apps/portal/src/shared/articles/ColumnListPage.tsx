import type { ReactNode } from 'react';
import { useLoaderData, useParams, useSearchParams } from 'react-router-dom';
import type { ColumnListLoader } from '../../app/loaders';
import { Breadcrumb, type Crumb } from '../Breadcrumb';
import { EmptyState } from '../PageSkeleton';
import { usePageTitle } from '../usePageTitle';
import { ArticleList } from './ArticleList';
import { type Area, PICTORIAL_TYPE_IDS, resolveColumn } from './areas';
import { pageFromSearch } from './articleCalls';
import { Pager } from './Pager';

export { pageFromSearch };

/**
 * A page of one column's articles, as the route's `columnListLoader` fetched it: used by every list page
 * (news, education, match, exchange, topic, special, care…). Another page is another navigation, which runs
 * the loader again.
 */
export const useColumnPage = () => {
  const [, setParams] = useSearchParams();
  const { articles, page, pageSize } = useLoaderData<ColumnListLoader>();
  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo?.(0, 0);
  };
  return { data: articles.ok ? articles.data : null, page, pageSize, goTo };
};

export interface ColumnListPageProps {
  area: Area;
  defaultTypeId: number;
  /** Sub-navigation between the columns of an area (exchange, education, topic). */
  nav?: ReactNode;
  withSummary?: boolean;
  /**
   * What the page shows above the column's list, under its own heading: that heading is the page's first
   * (h1) and names the page, and the column's title follows as h2, so the headings stay in order.
   */
  lead?: { title: string; content: ReactNode };
}

export const ColumnListPage = ({ area, defaultTypeId, nav, withSummary, lead }: ColumnListPageProps) => {
  const { type } = useParams();
  const column = resolveColumn(type, defaultTypeId);
  usePageTitle(lead?.title ?? column.title);
  const ColumnHeading = lead ? 'h2' : 'h1';
  const { data, page, pageSize, goTo } = useColumnPage();
  const crumbs: Crumb[] = [{ title: area.title, to: area.home }, { title: column.title }];
  return (
    <div className="column-page">
      <Breadcrumb items={crumbs} />
      {nav}
      {lead && (
        <section className="panel" aria-labelledby="lead-title">
          <h1 id="lead-title" className="panel-title">
            {lead.title}
          </h1>
          {lead.content}
        </section>
      )}
      <section className="panel" aria-labelledby="column-title">
        <ColumnHeading id="column-title" className="panel-title">
          {column.title}
          <span className="en-title" lang="en">
            {column.enTitle}
          </span>
        </ColumnHeading>
        {data && data.list.length > 0 ? (
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
