import { type Article, api, columnByTypeId } from '@lianmeng/core';
import { Link } from 'react-router-dom';
import { Breadcrumb, type Crumb } from '../Breadcrumb';
import { formatDateTime } from '../dates';
import { EmptyState, PageSkeleton } from '../PageSkeleton';
import { safeHref } from '../safeUrl';
import { useCall } from '../useCall';
import { usePageTitle } from '../usePageTitle';
import { type Area, detailPath } from './areas';
import { articleCall, latestOfColumnCall } from './articleCalls';
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

/** Title, date, source, body, attachments, previous and next (PRODUCT.md's article). */
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

/** One article by id, with the breadcrumb of its area and column. */
export const ArticleById = ({ id, area, showNeighbours }: { id: number; area: Area; showNeighbours?: boolean }) => {
  const { loading, data } = useCall(api.content.article, articleCall(id).input);
  usePageTitle(data?.title ?? (loading ? area.title : '文章'));
  const column = data ? columnByTypeId(data.typeId) : undefined;
  const crumbs: Crumb[] = [{ title: area.title, to: area.home }];
  if (column) crumbs.push({ title: column.title, to: `${column.route}/${column.typeId}` });
  crumbs.push({ title: '正文' });
  return (
    <div className="detail-page">
      <Breadcrumb items={crumbs} />
      <div className="panel">
        {loading ? (
          <PageSkeleton />
        ) : data ? (
          <ArticleBody article={data} area={area} showNeighbours={showNeighbours} />
        ) : (
          <EmptyState text="未找到这篇文章" />
        )}
      </div>
    </div>
  );
};

/** The column's title names the page only when it has no article to show (the article names it otherwise). */
const PageTitle = ({ title }: { title: string | undefined }) => {
  usePageTitle(title);
  return null;
};

/** The newest article of a column, shown whole (single articles, and detail routes without an id). */
export const LatestOfColumn = ({ typeId, area }: { typeId: number; area: Area }) => {
  const column = columnByTypeId(typeId);
  const { loading, data } = useCall(api.content.articles, latestOfColumnCall(typeId).input);
  const first = data?.list[0];
  if (loading) return <PageSkeleton />;
  if (!first) {
    return (
      <div className="detail-page">
        <PageTitle title={column?.title} />
        <Breadcrumb items={[{ title: area.title, to: area.home }, { title: column?.title ?? '' }]} />
        <div className="panel">
          <EmptyState />
        </div>
      </div>
    );
  }
  return <ArticleById id={first.id} area={area} showNeighbours={false} />;
};
