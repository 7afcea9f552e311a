import type { ReactNode } from 'react';
import { AntdScope } from '../../shared/AntdScope';
import { Breadcrumb, type Crumb } from '../../shared/Breadcrumb';
import { usePageTitle } from '../../shared/usePageTitle';

/**
 * The frame of the log-in, credit-bank and personal-centre pages, like every other page: the browser title,
 * 当前位置, one heading, and the site's antd theme with its Chinese locale. A section, not a `<main>`: the
 * layout already holds the page's one `<main>`.
 */
export const AccountPage = ({
  title,
  crumbs = [{ title }],
  narrow = false,
  children,
}: {
  title: string;
  crumbs?: Crumb[];
  narrow?: boolean;
  children: ReactNode;
}) => {
  usePageTitle(title);
  return (
    <div>
      <Breadcrumb items={crumbs} />
      <section
        className={narrow ? 'account-page account-page-narrow' : 'account-page'}
        aria-labelledby="account-page-title"
      >
        <h1 id="account-page-title" className="panel-title">
          {title}
        </h1>
        <AntdScope>{children}</AntdScope>
      </section>
    </div>
  );
};
