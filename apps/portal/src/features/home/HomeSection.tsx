import { type ArticleSummary, columnByTypeId } from '@lianmeng/core';
import type { CallResult } from '@lianmeng/core/http';
import { Link } from 'react-router-dom';
import { ArticleList } from '../../shared/articles/ArticleList';
import type { Area } from '../../shared/articles/areas';
import { HOME_SECTION_SIZE } from '../../shared/articles/articleCalls';
import { EmptyState } from '../../shared/PageSkeleton';

export { HOME_SECTION_SIZE };

/** One column's latest items (as the page's loader fetched them), with a link to the whole column. */
export const HomeSection = ({
  typeId,
  area,
  articles,
}: {
  typeId: number;
  area: Area;
  articles: CallResult<{ list: ArticleSummary[] }> | undefined;
}) => {
  const column = columnByTypeId(typeId);
  const list = articles?.ok ? articles.data.list : [];
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
      {list.length > 0 ? <ArticleList articles={list} area={area} /> : <EmptyState />}
    </section>
  );
};
