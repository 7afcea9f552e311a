import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AccountHeaderEntry } from '../features/account/AccountHeaderEntry';
import { SITE_NAME } from '../shared/usePageTitle';
import { ElderlyModeToggle } from './elderlyMode';
import { TopMenu } from './menu/TopMenu';
import { SearchBox } from './SearchBox';

/**
 * Below 1000 px the two-level menu folds behind this button: a disclosure (aria-expanded, aria-controls) that
 * keyboards and screen readers operate like any button. Wider, the button is not shown and the menu always is.
 */
const FoldingMenu = () => {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const id = useId();
  // A chosen item opens another page: the menu folds again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page, by design
  useEffect(() => setOpen(false), [pathname]);
  return (
    <div className="menu-bar">
      <div className="site-width">
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((was) => !was)}
        >
          <span aria-hidden="true">☰</span>
          菜单
        </button>
        <div id={id} className={open ? undefined : 'top-menu-folded'}>
          <TopMenu />
        </div>
      </div>
    </div>
  );
};

export const Header = ({
  showMenu,
  showTelephone,
  hotline,
}: {
  showMenu: boolean;
  showTelephone: boolean;
  hotline: string | undefined;
}) => (
  <header className="site-header">
    <div className="site-width header-top">
      <Link to="/index" className="logo">
        <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="22" fill="#b71c1c" />
          <path d="M14 30h20v4H14zM17 16h14v12H17z" fill="#fff" />
          <circle cx="21" cy="21" r="2" fill="#b71c1c" />
          <circle cx="27" cy="21" r="2" fill="#b71c1c" />
        </svg>
        <span className="logo-text">{SITE_NAME}</span>
      </Link>
      <div className="header-tools">
        {showTelephone && (
          <p className="hotline" data-testid="hotline">
            服务热线：{hotline ? <a href={`tel:${hotline.replace(/[^\d+]/g, '')}`}>{hotline}</a> : '加载中'}
          </p>
        )}
        <SearchBox />
        <ElderlyModeToggle />
        <AccountHeaderEntry />
      </div>
    </div>
    {showMenu && <FoldingMenu />}
  </header>
);
