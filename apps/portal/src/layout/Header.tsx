import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AccountHeaderEntry } from '../features/account/AccountHeaderEntry';
import { safeHref } from '../shared/safeUrl';
import { SITE_NAME } from '../shared/usePageTitle';
import { ElderlyModeToggle } from './elderlyMode';
import { TopMenu } from './menu/TopMenu';
import { SearchBox } from './SearchBox';

const BuiltInLogo = () => (
  <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false" className="logo-mark">
    <circle cx="24" cy="24" r="22" fill="#b71c1c" />
    <path d="M14 30h20v4H14zM17 16h14v12H17z" fill="#fff" />
    <circle cx="21" cy="21" r="2" fill="#b71c1c" />
    <circle cx="27" cy="21" r="2" fill="#b71c1c" />
  </svg>
);

/** The uploaded logo when the settings name one (only a same-site upload is shown), the built-in one otherwise. */
const SiteLogo = ({ logoImage }: { logoImage: string | undefined }) => {
  const src = logoImage?.startsWith('/uploads/') ? safeHref(logoImage) : null;
  return (
    <Link to="/index" className="logo">
      {/* The site's name beside it names the link: the image itself is decoration. */}
      {src ? <img src={src} alt="" height={48} className="logo-mark logo-image" /> : <BuiltInLogo />}
      <span className="logo-text">{SITE_NAME}</span>
    </Link>
  );
};

/**
 * Below 1000 px the menu and the header's tools (hotline, search, 长者模式, log-in) fold behind one 菜单 control,
 * so a phone's header is one row. The server sends a checkbox and its label, which open the panel by CSS
 * alone: the menu works before the script has loaded and without it. Once the page runs its script the
 * control becomes a disclosure button (aria-expanded, aria-controls) that Escape closes, giving the focus
 * back to the button. Wider, the control is not shown and everything always is.
 */
const useFoldingPanel = () => {
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const checkbox = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    // A visitor who opened the panel before the script arrived keeps it open.
    setOpen(checkbox.current?.checked ?? false);
    setEnhanced(true);
  }, []);

  // A chosen item opens another page: the panel folds again.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (header.current?.contains(document.activeElement)) button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return { enhanced, open, setOpen, checkbox, button, header };
};

export const Header = ({
  showMenu,
  showTelephone,
  hotline,
  logoImage,
  certificationUrl,
}: {
  showMenu: boolean;
  showTelephone: boolean;
  hotline: string | undefined;
  logoImage?: string;
  certificationUrl?: string;
}) => {
  const { enhanced, open, setOpen, checkbox, button, header } = useFoldingPanel();
  const menuId = useId();
  const toolsId = useId();
  const checkboxId = useId();

  let toggle: ReactNode = null;
  if (showMenu && enhanced) {
    toggle = (
      <button
        ref={button}
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls={`${menuId} ${toolsId}`}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">☰</span>
        菜单
      </button>
    );
  } else if (showMenu) {
    toggle = (
      <label htmlFor={checkboxId} className="menu-toggle">
        <span aria-hidden="true">☰</span>
        菜单
      </label>
    );
  }

  const classes = ['site-header', showMenu ? 'has-fold' : '', open ? 'menu-open' : ''].filter(Boolean).join(' ');
  return (
    <header ref={header} className={classes}>
      <SiteLogo logoImage={logoImage} />
      {showMenu && !enhanced && <input ref={checkbox} type="checkbox" id={checkboxId} className="menu-check" />}
      {toggle}
      {showMenu && (
        <div className="menu-bar">
          <div className="site-width">
            <div id={menuId} className="header-menu">
              <TopMenu certificationUrl={certificationUrl} />
            </div>
          </div>
        </div>
      )}
      <div id={toolsId} className="header-tools">
        {showTelephone && (
          <p className="hotline" data-testid="hotline">
            服务热线：{hotline ? <a href={`tel:${hotline.replace(/[^\d+]/g, '')}`}>{hotline}</a> : '加载中'}
          </p>
        )}
        <SearchBox />
        <ElderlyModeToggle />
        <AccountHeaderEntry />
      </div>
    </header>
  );
};
