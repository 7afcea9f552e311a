import { COLUMN_BY_KEY } from '@lianmeng/core';
import { useParams } from 'react-router-dom';
import { ArticleDetailPage } from '../../shared/articles/ArticleDetailPage';
import { AREAS, resolveColumn } from '../../shared/articles/areas';
import { useColumnPage } from '../../shared/articles/ColumnListPage';
import { Pager } from '../../shared/articles/Pager';
import { Breadcrumb } from '../../shared/Breadcrumb';
import { formatDate } from '../../shared/dates';
import { EmptyState } from '../../shared/PageSkeleton';
import { usePageTitle } from '../../shared/usePageTitle';

/** /care, /care/index: the paged list of 寄语, twelve a page (the route's loader): a name, a title or unit, the message. */
export const CarePage = () => {
  const { type } = useParams();
  const column = resolveColumn(type, COLUMN_BY_KEY.care.typeId);
  usePageTitle(column.title);
  const { data, page, pageSize, goTo } = useColumnPage();
  return (
    <div>
      <Breadcrumb items={[{ title: '关于联盟', to: '/alone' }, { title: column.title }]} />
      <section className="panel" aria-labelledby="care-title">
        <h1 id="care-title" className="panel-title">
          {column.title}
        </h1>
        {data && data.list.length > 0 ? (
          <>
            <ul className="care-list">
              {data.list.map((entry) => (
                <li key={entry.id}>
                  <blockquote>
                    <p>{entry.summary}</p>
                  </blockquote>
                  <p className="care-by">
                    <strong>{entry.title}</strong>
                    {entry.source && <span>{entry.source}</span>}
                    <time dateTime={entry.publishTime}>{formatDate(entry.publishTime)}</time>
                  </p>
                </li>
              ))}
            </ul>
            <Pager current={page} total={data.total} pageSize={pageSize} onChange={goTo} />
          </>
        ) : (
          <EmptyState />
        )}
      </section>
    </div>
  );
};

export const CareDetailPage = () => <ArticleDetailPage area={AREAS.care} />;
