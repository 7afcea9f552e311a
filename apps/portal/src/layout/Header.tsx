import { Link } from 'react-router-dom';
import { AccountHeaderEntry } from '../features/account/AccountHeaderEntry';
import { SITE_NAME } from '../shared/usePageTitle';
import { ElderlyModeToggle } from './elderlyMode';
import { TopMenu } from './menu/TopMenu';
import { SearchBox } from './SearchBox';

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
    {showMenu && (
      <div className="menu-bar">
        <div className="site-width">
          <TopMenu />
        </div>
      </div>
    )}
  </header>
);
