import type { ArticleSummary } from '@lianmeng/core';
import { Link } from 'react-router-dom';
import { formatDate } from '../dates';
import { type Area, areaForTypeId, detailPath } from './areas';

/** Titles with their dates; every item is dated (CONTENT.md). */
export const ArticleList = ({
  articles,
  area,
  withSummary = false,
}: {
  articles: ArticleSummary[];
  /** Omitted when the list mixes columns: each item then opens in its own area. */
  area?: Area;
  withSummary?: boolean;
}) => (
  <ul className="article-list">
    {articles.map((article) => (
      <li key={article.id}>
        <Link to={detailPath(area ?? areaForTypeId(article.typeId), article.id)}>{article.title}</Link>
        <time dateTime={article.publishTime}>{formatDate(article.publishTime)}</time>
        {withSummary && article.summary && <p className="article-summary">{article.summary}</p>}
      </li>
    ))}
  </ul>
);
