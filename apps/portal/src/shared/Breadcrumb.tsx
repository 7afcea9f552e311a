import { Fragment } from 'react';
import { Link } from 'react-router-dom';

export interface Crumb {
  title: string;
  to?: string;
}

/** 当前位置：首页 > 栏目, as breadcrumbs read on public-sector sites. */
export const Breadcrumb = ({ items }: { items: Crumb[] }) => (
  <nav className="breadcrumb" aria-label="当前位置">
    <span>当前位置：</span>
    <Link to="/index">首页</Link>
    {items.map((crumb, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: a crumb's position is its identity (an area and its column may share a title)
      <Fragment key={index}>
        <span className="breadcrumb-sep" aria-hidden="true">
          &gt;
        </span>
        {crumb.to && index < items.length - 1 ? (
          <Link to={crumb.to}>{crumb.title}</Link>
        ) : (
          <span aria-current={index === items.length - 1 ? 'page' : undefined}>{crumb.title}</span>
        )}
      </Fragment>
    ))}
  </nav>
);
