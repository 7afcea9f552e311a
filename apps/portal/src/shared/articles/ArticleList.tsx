import type { ArticleSummary } from '@lianmeng/core';
import { Link } from 'react-router-dom';
import { formatDate } from '../dates';
import { type Area, areaForTypeId, detailPath } from './areas';

/** The box a cover of unknown size is drawn in: the small image's box at the demo covers' proportion. */
const DEFAULT_COVER = { width: 356, height: 200 };

/**
 * An article's cover in a list: the small image, its size set so the row does not grow when it arrives,
 * fetched only as it nears the screen. A second way to the same article, so it stays out of the tab order.
 */
const Cover = ({ article, to }: { article: ArticleSummary; to: string }) => (
  <Link to={to} className="article-cover" tabIndex={-1}>
    <img
      src={article.coverSmall ?? article.coverImage}
      alt={article.title}
      width={article.coverWidth ?? DEFAULT_COVER.width}
      height={article.coverHeight ?? DEFAULT_COVER.height}
      loading="lazy"
      decoding="async"
    />
  </Link>
);

/** Titles with their dates: every list item shows its date. */
export const ArticleList = ({
  articles,
  area,
  withSummary = false,
  withCovers = false,
}: {
  articles: ArticleSummary[];
  /** Omitted when the list mixes columns: each item then opens in its own area. */
  area?: Area;
  withSummary?: boolean;
  /** A pictorial column: each item with a cover shows it. */
  withCovers?: boolean;
}) => (
  <ul className={withCovers ? 'article-list with-covers' : 'article-list'}>
    {articles.map((article) => {
      const to = detailPath(area ?? areaForTypeId(article.typeId), article.id);
      const cover = withCovers && article.coverImage.trim() !== '';
      return (
        <li key={article.id} className={cover ? 'has-cover' : undefined}>
          {cover && <Cover article={article} to={to} />}
          <Link to={to}>{article.title}</Link>
          <time dateTime={article.publishTime}>{formatDate(article.publishTime)}</time>
          {withSummary && article.summary && <p className="article-summary">{article.summary}</p>}
        </li>
      );
    })}
  </ul>
);
