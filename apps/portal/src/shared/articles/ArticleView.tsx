import { type Article, columnByTypeId } from '@lianmeng/core';
import { Link, useLoaderData } from 'react-router-dom';
import type { ArticleLoader } from '../../app/loaders';
import { Breadcrumb, type Crumb } from '../Breadcrumb';
import { formatDateTime } from '../dates';
import { EmptyState } from '../PageSkeleton';
import { safeHref } from '../safeUrl';
import { usePageTitle } from '../usePageTitle';
import { type Area, detailPath } from './areas';
import './ArticleView.css';

type ArticleWithNeighbours = Article & {
  previous: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
};

const Attachments = ({ attachments }: { attachments: Article['attachments'] }) => {
  const usable = attachments.flatMap((file) => {
    const href = safeHref(file.url);
    return href ? [{ ...file, href }] : [];
  });
  if (usable.length === 0) return null;
  return (
    <section className="attachments" aria-labelledby="attachments-title">
      <h2 id="attachments-title">附件</h2>
      <ul>
        {usable.map((file) => (
          <li key={file.href}>
            <a href={file.href} download>
              {file.name}
            </a>
            {file.size !== undefined && (
              <span className="file-size">（{Math.max(1, Math.round(file.size / 1024))} KB）</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
};

/** An article page: title, date, source, author, body, attachments, then its previous and next in the column. */
export const ArticleBody = ({
  article,
  area,
  showNeighbours = true,
}: {
  article: ArticleWithNeighbours;
  area: Area;
  showNeighbours?: boolean;
}) => (
  <article className="article" aria-labelledby="article-title">
    <h1 id="article-title">{article.title}</h1>
    <p className="article-meta">
      <time dateTime={article.publishTime}>发布时间：{formatDateTime(article.publishTime)}</time>
      {article.source && <span>来源：{article.source}</span>}
      {article.author && <span>作者：{article.author}</span>}
    </p>
    {/* The body was sanitised by the server when it was saved; it is the only HTML we render. */}
    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised article body */}
    <div className="article-body" dangerouslySetInnerHTML={{ __html: article.body }} />
    <Attachments attachments={article.attachments} />
    {showNeighbours && (
      <nav className="article-neighbours" aria-label="上一篇与下一篇">
        <p>
          上一篇：
          {article.previous ? (
            <Link to={detailPath(area, article.previous.id)}>{article.previous.title}</Link>
          ) : (
            '没有了'
          )}
        </p>
        <p>
          下一篇：
          {article.next ? <Link to={detailPath(area, article.next.id)}>{article.next.title}</Link> : '没有了'}
        </p>
      </nav>
    )}
  </article>
);

/**
 * The article the route's loader fetched (`detailLoader`, `aloneLoader`), with the breadcrumb of its area and
 * column: an article asked for by id shows its neighbours; the newest of a column, shown in its place, does not.
 */
export const LoadedArticle = ({ area }: { area: Area }) => {
  const { typeId, latest, article } = useLoaderData<ArticleLoader>();
  const data = article?.ok ? article.data : null;
  const column = columnByTypeId(data ? data.typeId : typeId);
  usePageTitle(data?.title ?? (article === null ? column?.title : '文章'));
  if (article === null) {
    return (
      <div className="detail-page">
        <Breadcrumb items={[{ title: area.title, to: area.home }, { title: column?.title ?? '' }]} />
        <div className="panel">
          <EmptyState />
        </div>
      </div>
    );
  }
  const crumbs: Crumb[] = [{ title: area.title, to: area.home }];
  if (data && column) crumbs.push({ title: column.title, to: `${column.route}/${column.typeId}` });
  crumbs.push({ title: '正文' });
  return (
    <div className="detail-page">
      <Breadcrumb items={crumbs} />
      <div className="panel">
        {data ? (
          <ArticleBody article={data} area={area} showNeighbours={!latest} />
        ) : (
          <EmptyState text="未找到这篇文章" />
        )}
      </div>
    </div>
  );
};
