import { api, columnByTypeId } from '@lianmeng/core';
import { Link } from 'react-router-dom';
import { ArticleList } from '../../shared/articles/ArticleList';
import type { Area } from '../../shared/articles/areas';
import { HOME_SECTION_SIZE, homeSectionCall } from '../../shared/articles/articleCalls';
import { EmptyState, PageSkeleton } from '../../shared/PageSkeleton';
import { useCall } from '../../shared/useCall';

export { HOME_SECTION_SIZE };

/** One column's latest items on the home page, with a link to the whole column. */
export const HomeSection = ({ typeId, area }: { typeId: number; area: Area }) => {
  const column = columnByTypeId(typeId);
  const { loading, data } = useCall(api.content.articles, homeSectionCall(typeId).input);
  if (!column) return null;
  const headingId = `home-${column.key}`;
  return (
    <section className="panel home-section" aria-labelledby={headingId} data-testid={`home-${column.key}`}>
      <div className="panel-head">
        <h2 id={headingId} className="panel-title">
          {column.title}
        </h2>
        <Link to={`${column.route}/${typeId}`} className="more">
          更多<span className="visually-hidden">{column.title}</span>
        </Link>
      </div>
      {loading ? (
        <PageSkeleton rows={4} />
      ) : data && data.list.length > 0 ? (
        <ArticleList articles={data.list} area={area} />
      ) : (
        <EmptyState />
      )}
    </section>
  );
};
